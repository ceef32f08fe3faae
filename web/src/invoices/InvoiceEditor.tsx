/**
 * Creating and editing a concept invoice, and publishing it. Invariants: what the reader typed
 * stays on the screen whatever the server answers; every amount shown is the server's, from the
 * last save (the editor says when the screen has changed since); each problem the server names
 * is shown at its field, the company's missing details together above the form, anything else
 * in the banner; the first refused field gets the focus. Every control is a native one, reached
 * with Tab and used with the keyboard alone. A credit invoice (credited_invoice_id, made from the
 * published invoice it corrects) says which invoice it credits.
 */
import { unwrap } from "@kasboek/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../api/client.js";
import { type ShownError, shownError } from "../api/errors.js";
import { useVatTypes } from "../app/queries.js";
import { formatAmount } from "../format.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { useProductOptions } from "../products/queries.js";
import { Banner } from "../ui/Banner.js";
import { CheckField } from "../ui/CheckField.js";
import { DateInput } from "../ui/DateInput.js";
import { Field } from "../ui/Field.js";
import { useArrival } from "../ui/useArrival.js";
import { ContactPicker } from "./ContactPicker.js";
import { CreditedInvoice } from "./CreditedInvoice.js";
import { DeleteConcept } from "./DeleteConcept.js";
import { bodyOf, draftOf, type InvoiceDraft, isEditorField } from "./draft.js";
import { EditorProblems } from "./EditorProblems.js";
import { LinesSection } from "./LinesSection.js";
import { PdfPanel } from "./PdfPanel.js";
import { useRevenueAccounts } from "./queries.js";
import { type Invoice, PAYMENT_METHODS, type PaymentMethod } from "./status.js";

const NO_ERROR: ShownError = { fields: {}, banner: null };
/** What the page before said (useArrival), as the editor confirms it. */
const ARRIVALS: Record<string, MessageKey> = {
  saved: "saved",
  credit: "credit.made",
  fromQuotation: "quotation.fromQuotation",
};

export function InvoiceEditor({ companyId, invoice }: { companyId: number; invoice: Invoice | null }) {
  const t = useT();
  const navigate = useNavigate();
  const arrival = useArrival();
  const queryClient = useQueryClient();
  const vatTypes = useVatTypes(companyId);
  const products = useProductOptions(companyId);
  const accounts = useRevenueAccounts(companyId);
  const [draft, setDraft] = useState<InvoiceDraft>(() => draftOf(invoice));
  const [saved, setSaved] = useState<InvoiceDraft>(draft);
  const [error, setError] = useState<ShownError>(NO_ERROR);
  // a new invoice's first save moves to its own address, where the editor starts again: it says so
  const [notice, setNotice] = useState<MessageKey | null>(ARRIVALS[arrival ?? ""] ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  const unchanged = JSON.stringify(draft) === JSON.stringify(saved);

  const save = useMutation({
    mutationFn: async (publish: boolean) => {
      const body = { sales_invoice: bodyOf(draft, publish) };
      const answer =
        invoice?.id == null
          ? await unwrap(
              api.POST("/api/v1/companies/{company_id}/sales_invoices", {
                params: { path: { company_id: companyId } },
                body,
              }),
            )
          : await unwrap(
              api.PATCH("/api/v1/companies/{company_id}/sales_invoices/{id}", {
                params: { path: { company_id: companyId, id: invoice.id } },
                body,
              }),
            );
      return answer.sales_invoice;
    },
    onMutate: () => {
      setError(NO_ERROR);
      setNotice(null);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(["sales_invoice", companyId, answer.id], answer);
      void queryClient.invalidateQueries({ queryKey: ["sales_invoices", companyId] });
      void queryClient.invalidateQueries({ queryKey: ["contacts", companyId] });
      const next = draftOf(answer);
      setDraft(next);
      setSaved(next);
      setNotice("saved");
      if (invoice?.id !== answer.id) navigate(`/${companyId}/invoices/${answer.id}`, { replace: true, state: "saved" });
    },
    onError: (failure) => {
      setError(shownError(failure));
      // published or deleted elsewhere meanwhile: the page shows it as it now is
      if (invoice?.id != null)
        void queryClient.invalidateQueries({ queryKey: ["sales_invoice", companyId, invoice.id] });
    },
  });

  // the first field the server refused takes the focus, so a keyboard user lands where to fix it
  useEffect(() => {
    if (Object.keys(error.fields).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);
  const update = (change: Partial<InvoiceDraft>) => setDraft((current) => ({ ...current, ...change }));
  const problems = error.fields;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(false);
  };
  const creditedId = invoice?.credited_invoice_id ?? null;

  return (
    <form ref={formRef} className="invoice-editor" onSubmit={submit} noValidate>
      <div className="page-head">
        <h1>
          {invoice === null
            ? t("invoice.newTitle")
            : t(creditedId === null ? "invoice.conceptTitle" : "credit.conceptTitle")}
        </h1>
      </div>
      {notice !== null && unchanged && <Banner kind="ok">{t(notice)}</Banner>}
      {creditedId !== null && <CreditedInvoice companyId={companyId} invoiceId={creditedId} />}
      <EditorProblems error={error} isField={isEditorField} retry={() => save.mutate(save.variables ?? false)} />
      <ContactPicker
        companyId={companyId}
        contactId={draft.contactId}
        contactName={invoice?.cached_contact?.name ?? null}
        newContact={draft.newContact}
        onChange={(contactId, newContact) => update({ contactId, newContact })}
        problems={problems}
      />
      <fieldset className="details">
        <legend>{t("invoice.details")}</legend>
        <Field label={t("invoice.date")} problem={problems.date}>
          <DateInput value={draft.date} onChange={(date) => update({ date })} />
        </Field>
        <Field label={t("invoice.dueDate")} problem={problems.due_date}>
          <DateInput value={draft.dueDate} onChange={(dueDate) => update({ dueDate })} />
        </Field>
        <Field label={t("invoice.paymentMethod")} problem={problems.payment_method}>
          <select
            value={draft.paymentMethod}
            onChange={(event) => update({ paymentMethod: event.target.value as PaymentMethod })}
          >
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`paymentMethod.${method}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("invoice.description")} problem={problems.description} className="wide">
          <textarea
            rows={2}
            value={draft.description}
            onChange={(event) => update({ description: event.target.value })}
          />
        </Field>
        <CheckField
          className="wide"
          label={t("invoice.sendByEmail")}
          hint={t("invoice.sendByEmailHint")}
          checked={draft.sendByEmail}
          onChange={(sendByEmail) => update({ sendByEmail })}
          problem={problems.sends_copy_by_email_on_publish}
        />
      </fieldset>
      <LinesSection
        lines={draft.lines}
        removedLineIds={draft.removedLineIds}
        onChange={(lines, removedLineIds) => update({ lines, removedLineIds })}
        savedLines={invoice?.invoice_lines ?? []}
        unchanged={unchanged}
        vatTypes={vatTypes.data ?? []}
        products={products.data ?? []}
        accounts={accounts.data ?? []}
        problems={problems}
      />
      <Totals invoice={invoice} unchanged={unchanged} />
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {save.isPending && save.variables === false ? t("action.saving") : t("invoice.saveConcept")}
        </button>
        <button type="button" className="publish" disabled={save.isPending} onClick={() => save.mutate(true)}>
          {save.isPending && save.variables === true ? t("invoice.publishing") : t("invoice.publish")}
        </button>
        <p className="hint">{t("invoice.publishHint")}</p>
      </div>
      {invoice?.id != null && (
        <>
          <PdfPanel companyId={companyId} record={{ ...invoice, kind: "sales_invoice" }} />
          <DeleteConcept companyId={companyId} kind="sales_invoice" id={invoice.id} />
        </>
      )}
    </form>
  );
}

/** The server's totals of the invoice as last saved. */
export function Totals(props: { invoice: Invoice | null; unchanged: boolean; published?: boolean }) {
  const { invoice, unchanged, published = false } = props;
  const t = useT();
  return (
    <section className="totals" aria-labelledby="totals-heading">
      <h2 id="totals-heading">{t("invoice.totals")}</h2>
      {!published && (
        <p className="hint" aria-live="polite">
          {invoice === null || !unchanged ? t("invoice.totalsUnsaved") : t("invoice.totalsSaved")}
        </p>
      )}
      {invoice !== null && (
        <dl>
          <dt>{t("invoice.withoutVat")}</dt>
          <dd>{formatAmount(invoice.price_without_vat)}</dd>
          <dt>{t("invoice.vatAmount")}</dt>
          <dd>{formatAmount(invoice.vat_amount)}</dd>
          <dt>{t("invoice.withVat")}</dt>
          <dd className="grand">{formatAmount(invoice.price_with_vat)}</dd>
        </dl>
      )}
    </section>
  );
}
