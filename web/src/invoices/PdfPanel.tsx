/**
 * A document's PDF (a sales invoice's or a quotation's), fetched with the reader's token through
 * the typed client and shown in the page (a frame on a blob: URL the page made, which the app's
 * CSP allows) with a download link. Fetched only when asked for, and again after every change to
 * the document.
 */
import { useEffect, useState } from "react";
import { api, KasboekError } from "../api/client.js";
import { shownError } from "../api/errors.js";
import { useT } from "../i18n/i18n.js";
import { ErrorBanner } from "../ui/Banner.js";

interface PdfRecord {
  kind: "sales_invoice" | "quotation";
  id: number;
  invoice_number: string | null;
}

const WORDS = {
  sales_invoice: { file: "factuur", title: "invoice.pdfTitle" },
  quotation: { file: "offerte", title: "quotation.pdfTitle" },
} as const;

function fetchPdf(companyId: number, record: PdfRecord) {
  const params = { path: { company_id: companyId, id: record.id } };
  return record.kind === "quotation"
    ? api.GET("/api/v1/companies/{company_id}/quotations/{id}/pdf", { params, parseAs: "blob" })
    : api.GET("/api/v1/companies/{company_id}/sales_invoices/{id}/pdf", { params, parseAs: "blob" });
}

/** `record` is the whole invoice or quotation as the server sent it: any change to it fetches the PDF anew. */
export function PdfPanel({ companyId, record }: { companyId: number; record: PdfRecord }) {
  const t = useT();
  const [wanted, setWanted] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const version = JSON.stringify(record);
  const name = record.invoice_number ?? t("invoices.concept").toLowerCase();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` makes a changed document fetch its PDF anew
  useEffect(() => {
    if (!wanted) return;
    let made: string | null = null;
    let cancelled = false;
    setFailure(null);
    setUrl(null);
    fetchPdf(companyId, record)
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
  }, [wanted, companyId, version]);

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
            <a className="button secondary" href={url} download={`${WORDS[record.kind].file}-${name}.pdf`}>
              {t("invoice.downloadPdf")}
            </a>
          </p>
          <iframe className="pdf-frame" src={url} title={t(WORDS[record.kind].title, { number: name })} />
        </>
      )}
    </section>
  );
}
