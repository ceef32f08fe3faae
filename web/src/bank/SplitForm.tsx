/**
 * One payment over several documents (the API's split, all or nothing): a part per document with
 * the amount it gets, the suggestions' documents and open amounts filled in to start from. The
 * page does not add the parts up: the server checks that they make the payment's amount and
 * says by how much they do not, at the parts it names.
 */

import { KasboekError } from "@kasboek/client";
import { type FormEvent, useId, useState } from "react";
import { validationProblems } from "../api/errors.js";
import { decimalForInput, formatAmount, parseDecimalInput } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Field } from "../ui/Field.js";
import {
  type DocumentChoice,
  type DocumentType,
  type Payment,
  type SplitPart,
  type Suggestion,
  suggestionChoice,
  useOpenChoices,
} from "./queries.js";
import { Refusal } from "./Refusal.js";
import { documentName, likelyType } from "./words.js";

interface PartDraft {
  key: number;
  /** `type:id` of the chosen document, "" for none */
  document: string;
  amount: string;
}

interface SplitFormProps {
  companyId: number;
  payment: Payment;
  suggestions: readonly Suggestion[];
  busy: boolean;
  error: unknown;
  onSplit: (parts: SplitPart[]) => void;
}

const keyOf = (document: Pick<DocumentChoice, "type" | "id">) => `${document.type}:${document.id}`;
let partCounter = 0;

function firstParts(suggestions: readonly Suggestion[], type: DocumentType): PartDraft[] {
  const fitting = suggestions.filter((suggestion) => suggestion.document_type === type).slice(0, 2);
  const parts = fitting.map((suggestion) => ({
    key: ++partCounter,
    document: `${suggestion.document_type}:${suggestion.document_id}`,
    amount: decimalForInput(suggestion.open_amount, 2),
  }));
  while (parts.length < 2) parts.push({ key: ++partCounter, document: "", amount: "" });
  return parts;
}

export function SplitForm({ companyId, payment, suggestions, busy, error, onSplit }: SplitFormProps) {
  const t = useT();
  const headingId = useId();
  const [type, setType] = useState<DocumentType>(() => likelyType(payment));
  const [parts, setParts] = useState<PartDraft[]>(() => firstParts(suggestions, type));
  const open = useOpenChoices(companyId, type);
  const choices = new Map<string, DocumentChoice>();
  for (const suggestion of suggestions) {
    if (suggestion.document_type === type)
      choices.set(keyOf(suggestionChoice(suggestion)), suggestionChoice(suggestion));
  }
  for (const document of open.data ?? []) choices.set(keyOf(document), document);
  const problems =
    error instanceof KasboekError && error.type === "client.parameters.validation"
      ? (validationProblems(error.message) ?? {})
      : {};
  const shownAtParts = (name: string) => /^parts\[\d+\]\.(amount|sales_invoice_id|expense_id)$/.test(name);
  const elsewhere = Object.entries(problems).filter(([name]) => !shownAtParts(name));

  const change = (key: number, changes: Partial<PartDraft>) =>
    setParts((current) => current.map((part) => (part.key === key ? { ...part, ...changes } : part)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSplit(
      parts.map((part) => ({
        document: choices.get(part.document) ?? null,
        amount: parseDecimalInput(part.amount) ?? part.amount.trim(),
      })),
    );
  };

  return (
    <form className="queue-panel split-form" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h4 id={headingId}>{t("bank.split.title")}</h4>
      <p className="hint">{t("bank.split.hint", { amount: formatAmount(payment.amount) })}</p>
      {error !== null &&
        (Object.keys(problems).length > 0 ? (
          elsewhere.length > 0 && (
            <div className="banner error" role="alert">
              <ul>
                {elsewhere.map(([name, problem]) => (
                  <li key={name}>
                    <strong>{name}</strong> {problem}
                  </li>
                ))}
              </ul>
            </div>
          )
        ) : (
          <Refusal error={error} />
        ))}
      <fieldset className="link-kind">
        <legend>{t("bank.search.kind")}</legend>
        {(["sales_invoice", "expense"] as const).map((option) => (
          <label key={option} className="check">
            <input
              type="radio"
              name={`split-kind-${payment.id}`}
              checked={type === option}
              onChange={() => {
                setType(option);
                setParts(firstParts(suggestions, option));
              }}
            />
            {t(option === "sales_invoice" ? "bank.search.invoices" : "bank.search.expenses")}
          </label>
        ))}
      </fieldset>
      {parts.map((part, index) => {
        const attribute = type === "sales_invoice" ? "sales_invoice_id" : "expense_id";
        return (
          <fieldset key={part.key} className="split-part">
            <legend>{t("bank.split.part", { number: index + 1 })}</legend>
            <Field label={t("bank.split.document")} problem={problems[`parts[${index}].${attribute}`]}>
              <select value={part.document} onChange={(event) => change(part.key, { document: event.target.value })}>
                <option value="">{t("bank.split.choose")}</option>
                {[...choices.values()].map((document) => (
                  <option key={keyOf(document)} value={keyOf(document)}>
                    {[documentName(t, document), document.contactName, formatAmount(document.openAmount)]
                      .filter((text) => text !== null && text !== "")
                      .join(" · ")}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t("bank.split.amount")} problem={problems[`parts[${index}].amount`]}>
              <input
                inputMode="decimal"
                value={part.amount}
                onChange={(event) => change(part.key, { amount: event.target.value })}
              />
            </Field>
            {parts.length > 2 && (
              <button
                type="button"
                className="secondary small remove"
                onClick={() => setParts((current) => current.filter((other) => other.key !== part.key))}
              >
                {t("bank.split.remove", { number: index + 1 })}
              </button>
            )}
          </fieldset>
        );
      })}
      <div className="actions">
        <button
          type="button"
          className="secondary"
          onClick={() => setParts((current) => [...current, { key: ++partCounter, document: "", amount: "" }])}
        >
          {t("bank.split.add")}
        </button>
        <button type="submit" disabled={busy}>
          {t("bank.split.submit")}
        </button>
      </div>
    </form>
  );
}
