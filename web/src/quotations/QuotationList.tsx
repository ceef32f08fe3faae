/**
 * The quotations of the company: filtered by the API's `selection` and a customer, a page at a
 * time (X-Total). The filters live in the URL, so a filtered list can be bookmarked. The API's
 * quotation carries no totals, so the list shows none rather than adding the lines up here.
 */
import { unwrap } from "@kasboek/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { api, totalOf } from "../api/client.js";
import { shownError } from "../api/errors.js";
import { useCompanyId } from "../app/queries.js";
import { useContactOptions } from "../contacts/queries.js";
import { formatDate } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Banner, ErrorBanner } from "../ui/Banner.js";
import { Field } from "../ui/Field.js";
import { Pager } from "../ui/Pager.js";
import { useArrival } from "../ui/useArrival.js";
import { useContactNames } from "./queries.js";
import { StatusBadge } from "./StatusBadge.js";
import { QUOTATION_SELECTIONS, type QuotationSelection } from "./status.js";

const PER_PAGE = 25;

function readSelection(value: string | null): QuotationSelection {
  return QUOTATION_SELECTIONS.find((selection) => selection === value) ?? "all";
}

export function QuotationList() {
  const t = useT();
  const companyId = useCompanyId();
  const [search, setSearch] = useSearchParams();
  const selection = readSelection(search.get("selection"));
  const contactId = Number(search.get("contact") ?? "") || undefined;
  const page = Math.max(1, Number(search.get("page") ?? "1") || 1);
  const contacts = useContactOptions(companyId);
  const deleted = useArrival() === "deleted";

  const quotations = useQuery({
    queryKey: ["quotations", companyId, { selection, contactId, page }],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/quotations", {
        params: {
          path: { company_id: companyId },
          query: {
            selection,
            page,
            per_page: PER_PAGE,
            ...(contactId === undefined ? {} : { "search[contact_id]": contactId }),
          },
        },
      });
      const data = await unwrap(result);
      return { items: data.quotations, total: totalOf(result.response, data.quotations.length) };
    },
    placeholderData: keepPreviousData,
  });
  const names = useContactNames(
    companyId,
    (quotations.data?.items ?? []).flatMap((quotation) =>
      quotation.contact_id === null ? [] : [quotation.contact_id],
    ),
  );

  const change = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value === "" || (name === "page" && value === "1")) next.delete(name);
    else next.set(name, value);
    if (name !== "page") next.delete("page");
    setSearch(next);
  };

  return (
    <>
      <div className="page-head">
        <h1>{t("quotations.title")}</h1>
        <Link className="button" to={`/${companyId}/quotations/new`}>
          {t("quotations.new")}
        </Link>
      </div>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <Field label={t("invoices.filter")}>
          <select value={selection} onChange={(event) => change("selection", event.target.value)}>
            {QUOTATION_SELECTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`quotationSelection.${option}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("invoices.contact")}>
          <select value={contactId ?? ""} onChange={(event) => change("contact", event.target.value)}>
            <option value="">{t("invoices.anyContact")}</option>
            {contacts.data?.map((contact) => (
              <option key={contact.id} value={contact.id}>
                {contact.name}
              </option>
            ))}
          </select>
        </Field>
      </form>
      {deleted && <Banner kind="ok">{t("invoice.deleted")}</Banner>}
      {quotations.isError && (
        <ErrorBanner error={shownError(quotations.error)} retry={() => void quotations.refetch()} />
      )}
      {quotations.isPending && <p className="loading">{t("app.loading")}</p>}
      {quotations.data !== undefined &&
        (quotations.data.items.length === 0 ? (
          <p>{t("quotations.empty")}</p>
        ) : (
          <table className="list quotations">
            <thead>
              <tr>
                <th scope="col">{t("invoices.number")}</th>
                <th scope="col">{t("invoices.contact")}</th>
                <th scope="col" className="wide-only">
                  {t("quotation.date")}
                </th>
                <th scope="col" className="wide-only">
                  {t("invoices.status")}
                </th>
              </tr>
            </thead>
            <tbody>
              {quotations.data.items.map((quotation) => (
                <tr key={quotation.id}>
                  <td>
                    <Link className="number" to={`/${companyId}/quotations/${quotation.id}`}>
                      {quotation.invoice_number ?? t("invoices.concept")}
                    </Link>
                    <StatusBadge status={quotation.status} className="narrow-only" />
                  </td>
                  <td>{quotation.contact_id === null ? "" : (names.get(quotation.contact_id) ?? "…")}</td>
                  <td className="wide-only">{formatDate(quotation.date)}</td>
                  <td className="wide-only">
                    <StatusBadge status={quotation.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      {quotations.data !== undefined && (
        <Pager
          page={page}
          perPage={PER_PAGE}
          total={quotations.data.total}
          onPage={(next) => change("page", String(next))}
        />
      )}
    </>
  );
}
