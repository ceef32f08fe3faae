/**
 * Creating and editing a concept expense — supplier, date, the account it is booked on, lines,
 * the receipt beside the form — and publishing it. The invoice editor's invariants hold here too:
 * what the reader typed stays on the screen whatever the server answers; every amount shown is
 * the server's from the last save; each problem the server names is shown at its field, the rest
 * in the banner, and the first refused field gets the focus. A receipt chosen before the first
 * save is uploaded right after it, before the page moves to the expense's own address.
 */
import { unwrap } from "@kasboek/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../api/client.js";
import { type ShownError, shownError } from "../api/errors.js";
import { useVatTypes } from "../app/queries.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { ContactPicker, type ContactPickerLabels } from "../invoices/ContactPicker.js";
import { DeleteConcept } from "../invoices/DeleteConcept.js";
import { Banner, FormError } from "../ui/Banner.js";
import { DateInput } from "../ui/DateInput.js";
import { Field } from "../ui/Field.js";
import { useArrival } from "../ui/useArrival.js";
import { type ExpenseDraft, emptyExpenseLine, expenseBodyOf, expenseDraftOf, isExpenseEditorField } from "./draft.js";
import { ExpenseLineEditor } from "./ExpenseLineEditor.js";
import { uploadReceipt, useCostAccounts } from "./queries.js";
import { ReceiptPanel } from "./ReceiptPanel.js";
import type { Expense } from "./status.js";

const NO_ERROR: ShownError = { fields: {}, banner: null };
/** The account an expense is booked on unless the reader picks another: general costs. */
const DEFAULT_ACCOUNT_PATH = "profit.costs.other_costs.misc";

export const SUPPLIER_LABELS: ContactPickerLabels = {
  legend: "expense.supplier",
  find: "expense.findSupplier",
  choose: "expense.supplier",
  none: "expense.noSupplier",
  new: "expense.newSupplier",
  newName: "expense.newSupplierName",
};

export function ExpenseEditor({ companyId, expense }: { companyId: number; expense: Expense | null }) {
  const t = useT();
  const navigate = useNavigate();
  const arrival = useArrival();
  const queryClient = useQueryClient();
  const vatTypes = useVatTypes(companyId);
  const accounts = useCostAccounts(companyId);
  const [draft, setDraft] = useState<ExpenseDraft>(() => expenseDraftOf(expense));
  const [saved, setSaved] = useState<ExpenseDraft>(draft);
  const [pending, setPending] = useState<File | null>(null);
  const [error, setError] = useState<ShownError>(NO_ERROR);
  const [notice, setNotice] = useState<MessageKey | null>(
    arrival === "saved" ? "saved" : arrival === "receiptFailed" ? "expense.receiptNotSent" : null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const unchanged = JSON.stringify(draft) === JSON.stringify(saved);
  const accountList = accounts.data ?? [];
  const defaultAccountId =
    accountList.find((account) => account.path === DEFAULT_ACCOUNT_PATH)?.id ?? accountList[0]?.id ?? null;
  const typeAccountId = draft.typeAccountId ?? defaultAccountId;

  const save = useMutation({
    mutationFn: async (publish: boolean) => {
      const body = { expense: expenseBodyOf(draft, publish, defaultAccountId) };
      const answer =
        expense === null
          ? await unwrap(
              api.POST("/api/v1/companies/{company_id}/expenses", {
                params: { path: { company_id: companyId } },
                body,
              }),
            )
          : await unwrap(
              api.PATCH("/api/v1/companies/{company_id}/expenses/{id}", {
                params: { path: { company_id: companyId, id: expense.id } },
                body,
              }),
            );
      // the expense exists now: a receipt that waited for it goes up before the page moves on; if
      // that fails the expense stays saved (a retry would make a second one) and the page says so
      let receiptFailed = false;
      if (expense === null && pending !== null) {
        receiptFailed = await uploadReceipt(companyId, answer.expense.id, pending).then(
          () => false,
          () => true,
        );
      }
      return { answer: answer.expense, receiptFailed };
    },
    onMutate: () => {
      setError(NO_ERROR);
      setNotice(null);
    },
    onSuccess: ({ answer, receiptFailed }) => {
      queryClient.setQueryData(["expense", companyId, answer.id], answer);
      void queryClient.invalidateQueries({ queryKey: ["expenses", companyId] });
      void queryClient.invalidateQueries({ queryKey: ["expense_receipts", companyId, answer.id] });
      void queryClient.invalidateQueries({ queryKey: ["contacts", companyId] });
      const next = expenseDraftOf(answer);
      setDraft(next);
      setSaved(next);
      setPending(null);
      setNotice(receiptFailed ? "expense.receiptNotSent" : "saved");
      const state = receiptFailed ? "receiptFailed" : "saved";
      if (expense?.id !== answer.id) navigate(`/${companyId}/expenses/${answer.id}`, { replace: true, state });
    },
    onError: (failure) => {
      setError(shownError(failure));
      if (expense !== null) void queryClient.invalidateQueries({ queryKey: ["expense", companyId, expense.id] });
    },
  });

  useEffect(() => {
    if (Object.keys(error.fields).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);

  const update = (change: Partial<ExpenseDraft>) => setDraft((current) => ({ ...current, ...change }));
  const problems = error.fields;
  const otherProblems = Object.entries(problems).filter(([attribute]) => !isExpenseEditorField(attribute));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(false);
  };
  const savedLines = expense?.invoice_lines ?? [];

  return (
    <>
      <div className="page-head">
        <h1>{expense === null ? t("expense.newTitle") : t("expense.conceptTitle")}</h1>
      </div>
      <div className="expense-layout">
        <form ref={formRef} className="expense-editor" onSubmit={submit} noValidate>
          {notice !== null && unchanged && <Banner kind={notice === "saved" ? "ok" : "error"}>{t(notice)}</Banner>}
          <FormError
            error={error}
            retry={() => save.mutate(save.variables ?? false)}
            extra={
              otherProblems.length > 0 ? (
                <ul>
                  {otherProblems.map(([attribute, problem]) => (
                    <li key={attribute}>
                      <strong>{attribute}</strong> {problem}
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          />
          <ContactPicker
            companyId={companyId}
            contactId={draft.contactId}
            contactName={expense?.cached_contact?.name ?? null}
            newContact={draft.newContact}
            onChange={(contactId, newContact) => update({ contactId, newContact })}
            problems={problems}
            labels={SUPPLIER_LABELS}
          />
          <fieldset className="details expense-details">
            <legend>{t("invoice.details")}</legend>
            <Field label={t("expense.date")} problem={problems.date}>
              <DateInput value={draft.date} onChange={(date) => update({ date })} />
            </Field>
            <Field label={t("expense.account")} problem={problems.type_account_id} className="wide-field">
              <select
                value={typeAccountId ?? ""}
                onChange={(event) => update({ typeAccountId: Number(event.target.value) })}
              >
                {expense?.type_account != null &&
                  !accountList.some((account) => account.id === expense.type_account_id) && (
                    <option value={expense.type_account_id}>{expense.type_account.name}</option>
                  )}
                {accountList.map((account) => (
                  <option key={account.id} value={account.id ?? ""}>
                    {account.name}
                  </option>
                ))}
              </select>
            </Field>
          </fieldset>
          <section className="lines" aria-labelledby="lines-heading">
            <h2 id="lines-heading">{t("invoice.lines")}</h2>
            {problems.invoice_lines !== undefined && <p className="problem">{problems.invoice_lines}</p>}
            {draft.lines.map((line, index) => (
              <ExpenseLineEditor
                key={line.key}
                line={line}
                index={index}
                vatTypes={vatTypes.data ?? []}
                accounts={accountList}
                saved={unchanged ? (savedLines.find((savedLine) => savedLine.id === line.id) ?? null) : null}
                problems={problems}
                onChange={(changed) =>
                  update({ lines: draft.lines.map((other) => (other.key === line.key ? changed : other)) })
                }
                onRemove={() =>
                  update({
                    lines: draft.lines.filter((other) => other.key !== line.key),
                    removedLineIds: line.id === null ? draft.removedLineIds : [...draft.removedLineIds, line.id],
                  })
                }
              />
            ))}
            <button
              type="button"
              className="secondary"
              onClick={() => update({ lines: [...draft.lines, emptyExpenseLine()] })}
            >
              {t("invoice.addLine")}
            </button>
            <p className="hint" aria-live="polite">
              {expense === null || !unchanged ? t("invoice.totalsUnsaved") : t("invoice.totalsSaved")}
            </p>
          </section>
          <div className="actions">
            <button type="submit" disabled={save.isPending}>
              {save.isPending && save.variables === false ? t("action.saving") : t("invoice.saveConcept")}
            </button>
            <button type="button" className="publish" disabled={save.isPending} onClick={() => save.mutate(true)}>
              {save.isPending && save.variables === true ? t("expense.publishing") : t("expense.publish")}
            </button>
            <p className="hint">{t("expense.publishHint")}</p>
          </div>
          {expense !== null && <DeleteConcept companyId={companyId} kind="expense" id={expense.id} />}
        </form>
        <ReceiptPanel companyId={companyId} expenseId={expense?.id ?? null} pending={pending} onPending={setPending} />
      </div>
    </>
  );
}
