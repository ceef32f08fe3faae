/**
 * Linking one unbooked payment to the open sales invoice or expense it settles (the API's
 * `sales_invoice_id` / `expense_id` on the payment). The choices are the API's open documents
 * (`selection=unpaid`); an invoice whose open amount is the payment's is chosen already. After
 * the link the server's invoice (open amount, payment status) is what the page shows next.
 */
import { unwrap } from "@kasboek/client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { api } from "../api/client.js";
import { type ShownError, shownError } from "../api/errors.js";
import { MAX_PER_PAGE } from "../app/queries.js";
import { formatAmount } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { ErrorBanner } from "../ui/Banner.js";
import { Field } from "../ui/Field.js";
import {
  type DocumentKind,
  expenseDocument,
  invoiceDocument,
  type LinkableDocument,
  likelyKind,
  matchingDocument,
  type Payment,
} from "./documents.js";

export function useOpenDocuments(companyId: number, kind: DocumentKind) {
  return useQuery({
    queryKey: [
      kind === "sales_invoice" ? "sales_invoices" : "expenses",
      companyId,
      { selection: "unpaid", linking: true },
    ],
    queryFn: async (): Promise<LinkableDocument[]> => {
      const query = { selection: "unpaid" as const, per_page: MAX_PER_PAGE };
      if (kind === "sales_invoice") {
        const data = await unwrap(
          api.GET("/api/v1/companies/{company_id}/sales_invoices", {
            params: { path: { company_id: companyId }, query },
          }),
        );
        return data.sales_invoices.map(invoiceDocument);
      }
      const data = await unwrap(
        api.GET("/api/v1/companies/{company_id}/expenses", { params: { path: { company_id: companyId }, query } }),
      );
      return data.expenses.map(expenseDocument);
    },
  });
}

interface LinkPaymentProps {
  companyId: number;
  payment: Payment;
  onLinked: (document: LinkableDocument) => void;
  onCancel: () => void;
}

export function LinkPayment({ companyId, payment, onLinked, onCancel }: LinkPaymentProps) {
  const t = useT();
  const headingId = useId();
  const [kind, setKind] = useState<DocumentKind>(() => likelyKind(payment));
  const [chosen, setChosen] = useState<string>("");
  const [error, setError] = useState<ShownError | null>(null);
  const documents = useOpenDocuments(companyId, kind);
  const list = documents.data ?? [];
  const suggested = matchingDocument(payment, list);
  const documentId = chosen !== "" ? Number(chosen) : (suggested?.id ?? list[0]?.id ?? null);
  const attribute = kind === "sales_invoice" ? "sales_invoice_id" : "expense_id";
  const otherProblems = Object.entries(error?.fields ?? {}).filter(([name]) => name !== attribute);

  const link = useMutation({
    mutationFn: async (document: LinkableDocument) => {
      await unwrap(
        api.PATCH("/api/v1/companies/{company_id}/payments/{id}", {
          params: { path: { company_id: companyId, id: payment.id } },
          body: { payment: { [attribute]: document.id } },
        }),
      );
      return document;
    },
    onMutate: () => setError(null),
    onSuccess: onLinked,
    onError: (failure) => setError(shownError(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const document = list.find((candidate) => candidate.id === documentId);
    if (document !== undefined) link.mutate(document);
  };

  return (
    <form className="link-payment" onSubmit={submit} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>
        {t("payments.linkTitle", { amount: formatAmount(payment.amount), description: payment.description ?? "" })}
      </h2>
      {error !== null && (
        <ErrorBanner
          error={error.fields[attribute] === undefined ? error : { fields: {}, banner: { key: "error.fieldsBelow" } }}
          retry={error.retryable && link.variables !== undefined ? () => link.mutate(link.variables) : undefined}
          extra={
            otherProblems.length > 0 ? (
              <ul>
                {otherProblems.map(([name, problem]) => (
                  <li key={name}>
                    <strong>{name}</strong> {problem}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
      <fieldset className="link-kind">
        <legend>{t("payments.linkTo")}</legend>
        {(["sales_invoice", "expense"] as const).map((option) => (
          <label key={option} className="check">
            <input
              type="radio"
              name={`kind-${payment.id}`}
              value={option}
              checked={kind === option}
              onChange={() => {
                setKind(option);
                setChosen("");
                setError(null);
              }}
            />
            {t(option === "sales_invoice" ? "payments.anInvoice" : "payments.anExpense")}
          </label>
        ))}
      </fieldset>
      {documents.isError && <ErrorBanner error={shownError(documents.error)} retry={() => void documents.refetch()} />}
      {documents.isPending && <p className="loading">{t("app.loading")}</p>}
      {documents.data !== undefined && list.length === 0 && (
        <p>{t(kind === "sales_invoice" ? "payments.noOpenInvoices" : "payments.noOpenExpenses")}</p>
      )}
      {list.length > 0 && (
        <Field
          label={t(kind === "sales_invoice" ? "payments.openInvoice" : "payments.openExpense")}
          problem={error?.fields[attribute]}
          hint={suggested !== null && chosen === "" ? t("payments.amountMatches") : undefined}
        >
          <select value={documentId ?? ""} onChange={(event) => setChosen(event.target.value)}>
            {list.map((document) => (
              <option key={document.id} value={document.id}>
                {document.label}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="actions">
        <button type="submit" disabled={link.isPending || documentId === null}>
          {link.isPending ? t("action.saving") : t("payments.link")}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t("action.cancel")}
        </button>
      </div>
    </form>
  );
}
