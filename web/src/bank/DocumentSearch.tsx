/**
 * Finding the document a payment pays when no suggestion is it: unpaid sales invoices or expenses
 * by number, description or contact, as the API's search[q] finds them (the server searches every
 * open document, not a page of them), and a link to the one chosen. The search runs when it is
 * sent (Enter or the button), not per keystroke; opening the panel lists what is open.
 */
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useT } from "../i18n/i18n.js";
import { QueryPending } from "../ui/Banner.js";
import { Field } from "../ui/Field.js";
import { DocumentFacts } from "./DocumentFacts.js";
import { type DocumentChoice, type DocumentType, type Payment, searchDocuments } from "./queries.js";
import { documentName, likelyType } from "./words.js";

interface DocumentSearchProps {
  companyId: number;
  payment: Payment;
  busy: boolean;
  onChoose: (document: DocumentChoice) => void;
}

export function DocumentSearch({ companyId, payment, busy, onChoose }: DocumentSearchProps) {
  const t = useT();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<DocumentType>(() => likelyType(payment));
  const [text, setText] = useState("");
  const [sent, setSent] = useState("");
  const results = useQuery({
    queryKey: ["document_search", companyId, type, sent],
    queryFn: () => searchDocuments(companyId, type, sent),
  });
  useEffect(() => input.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(text);
  };

  return (
    <section className="queue-panel" aria-labelledby={headingId}>
      <h4 id={headingId}>{t("bank.search.title")}</h4>
      <search>
        <form className="search-form" onSubmit={submit}>
          <fieldset className="link-kind">
            <legend>{t("bank.search.kind")}</legend>
            {(["sales_invoice", "expense"] as const).map((option) => (
              <label key={option} className="check">
                <input
                  type="radio"
                  name={`search-kind-${payment.id}`}
                  checked={type === option}
                  onChange={() => setType(option)}
                />
                {t(option === "sales_invoice" ? "bank.search.invoices" : "bank.search.expenses")}
              </label>
            ))}
          </fieldset>
          <div className="search-row">
            <Field label={t("bank.search.text")}>
              <input ref={input} type="search" value={text} onChange={(event) => setText(event.target.value)} />
            </Field>
            <button type="submit" className="secondary">
              {t("bank.search.submit")}
            </button>
          </div>
        </form>
      </search>
      {results.data === undefined ? (
        <QueryPending query={results} />
      ) : results.data.length === 0 ? (
        <p>{t("bank.search.none")}</p>
      ) : (
        <ul className="choices-list" aria-label={t("bank.search.results")}>
          {results.data.map((document) => (
            <li key={`${document.type}-${document.id}`} className="choice">
              <DocumentFacts companyId={companyId} document={document} />
              <button
                type="button"
                className="secondary small"
                disabled={busy}
                onClick={() => onChoose(document)}
                aria-label={t("bank.item.confirm", { document: documentName(t, document) })}
              >
                {t("bank.item.linkOther")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
