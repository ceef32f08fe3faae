/**
 * Creating and editing a concept quotation, and publishing it (with a signing link when asked).
 * The same pieces as the invoice editor — customer picker, line editor, problems at their fields —
 * and the same invariants: what the reader typed stays on the screen whatever the server answers;
 * every amount shown is the server's, from the last save; the first refused field gets the focus.
 */
import { unwrap } from "@kasboek/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../api/client.js";
import { type ShownError, shownError } from "../api/errors.js";
import { useVatTypes } from "../app/queries.js";
import { useT } from "../i18n/i18n.js";
import { ContactPicker } from "../invoices/ContactPicker.js";
import { DeleteConcept } from "../invoices/DeleteConcept.js";
import { EditorProblems } from "../invoices/EditorProblems.js";
import { LinesSection } from "../invoices/LinesSection.js";
import { PdfPanel } from "../invoices/PdfPanel.js";
import { useProductOptions } from "../products/queries.js";
import { Banner } from "../ui/Banner.js";
import { CheckField } from "../ui/CheckField.js";
import { DateInput } from "../ui/DateInput.js";
import { Field } from "../ui/Field.js";
import { useArrival } from "../ui/useArrival.js";
import { isQuotationField, type QuotationDraft, quotationBodyOf, quotationDraftOf } from "./draft.js";
import { useQuotationContact } from "./queries.js";
import type { Quotation } from "./status.js";

const NO_ERROR: ShownError = { fields: {}, banner: null };

export function QuotationEditor({ companyId, quotation }: { companyId: number; quotation: Quotation | null }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const vatTypes = useVatTypes(companyId);
  const products = useProductOptions(companyId);
  const contact = useQuotationContact(companyId, quotation?.contact_id ?? null);
  const [draft, setDraft] = useState<QuotationDraft>(() => quotationDraftOf(quotation));
  const [saved, setSaved] = useState<QuotationDraft>(draft);
  const [error, setError] = useState<ShownError>(NO_ERROR);
  // a new quotation's first save moves to its own address, where the editor starts again: it says so
  const arrival = useArrival();
  const [notice, setNotice] = useState(arrival === "saved");
  const formRef = useRef<HTMLFormElement>(null);
  const unchanged = JSON.stringify(draft) === JSON.stringify(saved);

  const save = useMutation({
    mutationFn: async (publish: boolean) => {
      const body = { quotation: quotationBodyOf(draft, publish) };
      const answer =
        quotation === null
          ? await unwrap(
              api.POST("/api/v1/companies/{company_id}/quotations", {
                params: { path: { company_id: companyId } },
                body,
              }),
            )
          : await unwrap(
              api.PATCH("/api/v1/companies/{company_id}/quotations/{id}", {
                params: { path: { company_id: companyId, id: quotation.id } },
                body,
              }),
            );
      return answer.quotation;
    },
    onMutate: () => {
      setError(NO_ERROR);
      setNotice(false);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(["quotation", companyId, answer.id], answer);
      void queryClient.invalidateQueries({ queryKey: ["quotations", companyId] });
      const next = quotationDraftOf(answer);
      setDraft(next);
      setSaved(next);
      setNotice(true);
      if (quotation?.id !== answer.id) {
        navigate(`/${companyId}/quotations/${answer.id}`, { replace: true, state: "saved" });
      }
    },
    onError: (failure) => {
      setError(shownError(failure));
      // published or deleted elsewhere meanwhile: the page shows it as it now is
      if (quotation !== null) void queryClient.invalidateQueries({ queryKey: ["quotation", companyId, quotation.id] });
    },
  });

  // the first field the server refused takes the focus, so a keyboard user lands where to fix it
  useEffect(() => {
    if (Object.keys(error.fields).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);

  const update = (change: Partial<QuotationDraft>) => setDraft((current) => ({ ...current, ...change }));
  const problems = error.fields;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(false);
  };

  return (
    <form ref={formRef} className="invoice-editor quotation-editor" onSubmit={submit} noValidate>
      <div className="page-head">
        <h1>{quotation === null ? t("quotation.newTitle") : t("quotation.conceptTitle")}</h1>
      </div>
      {notice && unchanged && <Banner kind="ok">{t("saved")}</Banner>}
      <EditorProblems error={error} isField={isQuotationField} retry={() => save.mutate(save.variables ?? false)} />
      <ContactPicker
        companyId={companyId}
        contactId={draft.contactId}
        contactName={contact.data?.name ?? null}
        newContact={null}
        onChange={(contactId) => update({ contactId })}
        problems={problems}
        allowNew={false}
      />
      <fieldset className="details">
        <legend>{t("invoice.details")}</legend>
        <Field label={t("quotation.date")} problem={problems.date}>
          <DateInput value={draft.date} onChange={(date) => update({ date })} />
        </Field>
        <CheckField
          className="wide"
          label={t("quotation.signingLink")}
          hint={t("quotation.signingLinkHint")}
          checked={draft.signingLink}
          onChange={(signingLink) => update({ signingLink })}
          problem={problems.creates_sign_url_on_publish}
        />
      </fieldset>
      <LinesSection
        lines={draft.lines}
        removedLineIds={draft.removedLineIds}
        onChange={(lines, removedLineIds) => update({ lines, removedLineIds })}
        savedLines={quotation?.invoice_lines ?? []}
        unchanged={unchanged}
        vatTypes={vatTypes.data ?? []}
        products={products.data ?? []}
        problems={problems}
      />
      <p className="hint" aria-live="polite">
        {quotation === null || !unchanged ? t("invoice.totalsUnsaved") : t("quotation.totalsInPdf")}
      </p>
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {save.isPending && save.variables === false ? t("action.saving") : t("invoice.saveConcept")}
        </button>
        <button type="button" className="publish" disabled={save.isPending} onClick={() => save.mutate(true)}>
          {save.isPending && save.variables === true ? t("invoice.publishing") : t("invoice.publish")}
        </button>
        <p className="hint">{t("quotation.publishHint")}</p>
      </div>
      {quotation !== null && (
        <>
          <PdfPanel companyId={companyId} record={{ ...quotation, kind: "quotation" }} />
          <DeleteConcept companyId={companyId} kind="quotation" id={quotation.id} />
        </>
      )}
    </form>
  );
}
