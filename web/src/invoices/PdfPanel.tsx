/**
 * The invoice's PDF, fetched with the reader's token through the typed client and shown in the
 * page (a frame on a blob: URL the page made, which the app's CSP allows) with a download link.
 * Fetched only when asked for, and again after every change to the invoice.
 */
import { useEffect, useState } from "react";
import { api, KasboekError } from "../api/client.js";
import { shownError } from "../api/errors.js";
import { useT } from "../i18n/i18n.js";
import { ErrorBanner } from "../ui/Banner.js";
import type { Invoice } from "./status.js";

export function PdfPanel({ companyId, invoice }: { companyId: number; invoice: Invoice }) {
  const t = useT();
  const [wanted, setWanted] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const id = invoice.id ?? 0;
  const version = JSON.stringify(invoice);
  const name = invoice.invoice_number ?? t("invoices.concept").toLowerCase();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` makes a changed invoice fetch its PDF anew
  useEffect(() => {
    if (!wanted) return;
    let made: string | null = null;
    let cancelled = false;
    setFailure(null);
    setUrl(null);
    api
      .GET("/api/v1/companies/{company_id}/sales_invoices/{id}/pdf", {
        params: { path: { company_id: companyId, id } },
        parseAs: "blob",
      })
      .then(({ data, error, response }) => {
        if (cancelled) return;
        if (!response.ok || data === undefined) throw KasboekError.fromResponse(response, error);
        made = URL.createObjectURL(data);
        setUrl(made);
      })
      .catch((caught: unknown) => {
        if (!cancelled) setFailure(caught);
      });
    return () => {
      cancelled = true;
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [wanted, companyId, id, version]);

  return (
    <section className="pdf" aria-labelledby="pdf-heading">
      <h2 id="pdf-heading">{t("invoice.pdf")}</h2>
      {failure !== null && <ErrorBanner error={shownError(failure)} retry={() => setWanted(true)} />}
      {!wanted && (
        <button type="button" className="secondary" onClick={() => setWanted(true)}>
          {t("invoice.showPdf")}
        </button>
      )}
      {wanted && url === null && failure === null && <p className="loading">{t("app.loading")}</p>}
      {url !== null && (
        <>
          <p>
            <a className="button secondary" href={url} download={`factuur-${name}.pdf`}>
              {t("invoice.downloadPdf")}
            </a>
          </p>
          <iframe className="pdf-frame" src={url} title={t("invoice.pdfTitle", { number: name })} />
        </>
      )}
    </section>
  );
}
