/**
 * The invoices of the company: searched (the API's `search[q]`: number, customer, description,
 * reference) and filtered by the API's `selection`, a customer and a date range,
 * a page at a time (X-Total). The filters live in the URL, so a filtered list can be bookmarked.
 */
import { unwrap } from "@kasboek/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api, totalOf } from "../api/client.js";
import { shownError } from "../api/errors.js";
import { useCompanyId } from "../app/queries.js";
import { useContactOptions } from "../contacts/queries.js";
import { formatAmount, formatDate, parseDateInput, todayIso } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Banner, ErrorBanner } from "../ui/Banner.js";
import { DateInput } from "../ui/DateInput.js";
import { Field } from "../ui/Field.js";
import { Pager } from "../ui/Pager.js";
import { useArrival } from "../ui/useArrival.js";
import { invoiceState, SELECTIONS, type Selection, STATE_LABELS } from "./status.js";

const PER_PAGE = 25;

function readSelection(value: string | null): Selection {
  return SELECTIONS.find((selection) => selection === value) ?? "all";
}

export function InvoiceList() {
  const t = useT();
  const companyId = useCompanyId();
  const [search, setSearch] = useSearchParams();
  const selection = readSelection(search.get("selection"));
  const from = search.get("from") ?? "";
  const till = search.get("till") ?? "";
  const text = search.get("q") ?? "";
  const contactId = Number(search.get("contact") ?? "") || undefined;
  const page = Math.max(1, Number(search.get("page") ?? "1") || 1);
  const contacts = useContactOptions(companyId);
  const deleted = useArrival() === "deleted";
  const today = todayIso();

  const invoices = useQuery({
    queryKey: ["sales_invoices", companyId, { selection, text, from, till, contactId, page }],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/sales_invoices", {
        params: {
          path: { company_id: companyId },
          query: {
            selection,
            page,
            per_page: PER_PAGE,
            ...(text === "" ? {} : { "search[q]": text }),
            ...(from === "" ? {} : { "search[from]": from }),
            ...(till === "" ? {} : { "search[till]": till }),
            ...(contactId === undefined ? {} : { "search[contact_id]": contactId }),
          },
        },
      });
      const data = await unwrap(result);
      return { items: data.sales_invoices, total: totalOf(result.response, data.sales_invoices.length) };
    },
    placeholderData: keepPreviousData,
  });

  const change = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value === "") next.delete(name);
    else next.set(name, value);
    if (name !== "page") next.delete("page");
    setSearch(next, { replace: name === "q" });
  };

  return (
    <>
      <div className="page-head">
        <h1>{t("invoices.title")}</h1>
        <Link className="button" to={`/${companyId}/invoices/new`}>
          {t("invoices.new")}
        </Link>
      </div>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <Field label={t("invoices.search")}>
          <input type="search" value={text} onChange={(event) => change("q", event.target.value)} />
        </Field>
        <Field label={t("invoices.filter")}>
          <select value={selection} onChange={(event) => change("selection", event.target.value)}>
            {SELECTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`selection.${option}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("invoices.contact")}>
          <select value={contactId ?? ""} onChange={(event) => change("contact", event.target.value)}>
            <option value="">{t("invoices.anyContact")}</option>
            {contacts.data?.map((contact) => (
              <option key={contact.id} value={contact.id ?? ""}>
                {contact.name}
              </option>
            ))}
          </select>
        </Field>
        <DateFilter label={t("invoices.from")} value={from} onChange={(date) => change("from", date)} />
        <DateFilter label={t("invoices.till")} value={till} onChange={(date) => change("till", date)} />
      </form>
      {deleted && <Banner kind="ok">{t("invoice.deleted")}</Banner>}
      {invoices.isError && <ErrorBanner error={shownError(invoices.error)} retry={() => void invoices.refetch()} />}
      {invoices.isPending && <p className="loading">{t("app.loading")}</p>}
      {invoices.data !== undefined &&
        (invoices.data.items.length === 0 ? (
          <p>{t("invoices.empty")}</p>
        ) : (
          <table className="list invoices">
            <thead>
              <tr>
                <th scope="col">{t("invoices.number")}</th>
                <th scope="col">{t("invoices.contact")}</th>
                <th scope="col" className="wide-only">
                  {t("invoices.date")}
                </th>
                <th scope="col" className="wide-only">
                  {t("invoices.dueDate")}
                </th>
                <th scope="col" className="wide-only">
                  {t("invoices.status")}
                </th>
                <th scope="col" className="amount">
                  {t("invoices.total")}
                </th>
                <th scope="col" className="amount wide-only">
                  {t("invoices.open")}
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.data.items.map((invoice) => {
                const state = invoiceState(invoice, today);
                return (
                  <tr key={invoice.id}>
                    <td>
                      <Link className="number" to={`/${companyId}/invoices/${invoice.id}`}>
                        {invoice.invoice_number ?? t("invoices.concept")}
                      </Link>
                      <span className={`badge ${state} narrow-only`}>{t(STATE_LABELS[state])}</span>
                    </td>
                    <td>{invoice.cached_contact?.name}</td>
                    <td className="wide-only">{formatDate(invoice.date)}</td>
                    <td className="wide-only">{formatDate(invoice.due_date)}</td>
                    <td className="wide-only">
                      <span className={`badge ${state}`}>{t(STATE_LABELS[state])}</span>
                    </td>
                    <td className="amount">{formatAmount(invoice.price_with_vat)}</td>
                    <td className="amount wide-only">
                      {invoice.status === "concept" ? "" : formatAmount(invoice.open_amount)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
      {invoices.data !== undefined && (
        <Pager
          page={page}
          perPage={PER_PAGE}
          total={invoices.data.total}
          onPage={(next) => change("page", String(next))}
        />
      )}
    </>
  );
}

/** A date filter kept in the URL as the API's date, typed the Dutch way; applied once it reads as a date. */
function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (date: string) => void }) {
  const [text, setText] = useState(() => formatDate(value));
  return (
    <Field label={label}>
      <DateInput
        value={text}
        onChange={(typed) => {
          setText(typed);
          const date = typed.trim() === "" ? "" : parseDateInput(typed);
          if (date !== null) onChange(date);
        }}
      />
    </Field>
  );
}
