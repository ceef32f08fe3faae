/**
 * One unbooked payment in the queue: when and how much, from or to whom, what the bank says it
 * is for, the API's suggestions (the document, its contact, what is open, the reasons in words
 * and the score), and the ways to settle it: link the best with one click or Enter on the item,
 * link another suggestion, search for another document, split it, or (money going out) book it
 * to a cost account.
 * Invariants: the item itself is focusable (the queue moves the focus from item to item) and
 * Enter on it links the best suggestion, or opens the search when there is none; one write at a
 * time; what the server refuses is shown in its words at the form that sent it.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useId, useState } from "react";
import { formatAmount, formatDate } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { QueryPending } from "../ui/Banner.js";
import { BookToAccount } from "./BookToAccount.js";
import { DocumentFacts } from "./DocumentFacts.js";
import { DocumentSearch } from "./DocumentSearch.js";
import { Money } from "./Money.js";
import {
  afterSettling,
  bookToAccount,
  type DocumentChoice,
  linkPayment,
  type Payment,
  type SplitPart,
  splitPayment,
  suggestionChoice,
  useSuggestions,
} from "./queries.js";
import { Refusal } from "./Refusal.js";
import { SplitForm } from "./SplitForm.js";
import { counterpartyOf, documentName, isNegative, reasonsInWords, remittanceOf } from "./words.js";

/** The suggestions shown per payment: the API's best first. */
const SHOWN_SUGGESTIONS = 3;

type Panel = "search" | "split" | "book";
type Action =
  | { kind: "link"; document: DocumentChoice }
  | { kind: "split"; parts: SplitPart[] }
  | { kind: "book"; booking: { accountId: number; accountName: string; description: string } };

interface QueueItemProps {
  companyId: number;
  payment: Payment;
  register: (element: HTMLElement | null) => void;
  /** the payment is booked: what to say about it */
  onSettled: (paymentId: number, said: string) => void;
}

export function QueueItem({ companyId, payment, register, onSettled }: QueueItemProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [panel, setPanel] = useState<Panel | null>(null);
  const suggestions = useSuggestions(companyId, payment.id);
  const list = suggestions.data ?? [];
  const best = list[0];
  const amount = formatAmount(payment.amount);

  const settle = useMutation({
    mutationFn: async (action: Action) => {
      if (action.kind === "link") await linkPayment(companyId, payment, action.document);
      else if (action.kind === "split") await splitPayment(companyId, payment, action.parts);
      else await bookToAccount(companyId, payment, action.booking);
    },
    onSuccess: (_, action) => {
      const documents =
        action.kind === "link"
          ? [action.document]
          : action.kind === "split"
            ? action.parts.flatMap((part) => (part.document === null ? [] : [part.document]))
            : [];
      afterSettling(queryClient, companyId, payment.id, documents);
      const said =
        action.kind === "link"
          ? t("bank.done", { amount, document: documentName(t, action.document) })
          : action.kind === "split"
            ? t("bank.doneSplit", { amount, count: action.parts.length })
            : t("bank.doneBooked", { amount, account: action.booking.accountName });
      onSettled(payment.id, said);
    },
  });
  const failed = (kind: Action["kind"]) => (settle.isError && settle.variables?.kind === kind ? settle.error : null);
  const link = (document: DocumentChoice) => settle.mutate({ kind: "link", document });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Enter" || event.target !== event.currentTarget || settle.isPending) return;
    event.preventDefault();
    if (best !== undefined) link(suggestionChoice(best));
    else if (suggestions.data !== undefined) setPanel("search");
  };
  const toggle = (chosen: Panel) => {
    settle.reset();
    setPanel((current) => (current === chosen ? null : chosen));
  };
  // only money going out is booked to a cost account (the server refuses money coming in)
  const moneyOut = isNegative(payment.amount);
  const panels: readonly Panel[] = moneyOut ? ["search", "split", "book"] : ["search", "split"];
  const counterparty = counterpartyOf(payment);
  const iban = payment.bank_transaction?.counterparty_iban ?? null;
  const remittance = remittanceOf(payment);

  return (
    <li className="queue-entry">
      <article
        ref={register}
        className="queue-item"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the queue is worked item by item from the keyboard; Enter on an item links its best suggestion
        tabIndex={0}
        aria-labelledby={headingId}
        aria-busy={settle.isPending}
        onKeyDown={onKeyDown}
        data-payment-id={payment.id}
      >
        <header className="queue-head">
          <h3 id={headingId}>
            <span className="date">{formatDate(payment.paid_at)}</span> <Money amount={payment.amount} />{" "}
            <span className="party">{counterparty ?? t("bank.item.unknownParty")}</span>
          </h3>
          {iban !== null && <p className="iban">{iban}</p>}
          {remittance !== "" && <p className="remittance">{remittance}</p>}
        </header>
        {failed("link") !== null && <Refusal error={failed("link")} />}
        {suggestions.data === undefined ? (
          <QueryPending query={suggestions} />
        ) : list.length === 0 ? (
          <p className="hint">{t(moneyOut ? "bank.item.noSuggestions" : "bank.item.noSuggestionsIn")}</p>
        ) : (
          <ol className="suggestions" aria-label={t("bank.item.suggestions")}>
            {list.slice(0, SHOWN_SUGGESTIONS).map((suggestion, index) => {
              const document = suggestionChoice(suggestion);
              return (
                <li key={`${suggestion.document_type}-${suggestion.document_id}`} className="choice">
                  <DocumentFacts companyId={companyId} document={document}>
                    <span className="reasons">
                      {t("bank.reasons", { reasons: reasonsInWords(t, suggestion.reasons) })}
                      {" · "}
                      {t("bank.suggestion.score", { score: suggestion.score })}
                    </span>
                  </DocumentFacts>
                  <button
                    type="button"
                    className={index === 0 ? "small" : "secondary small"}
                    disabled={settle.isPending}
                    onClick={() => link(document)}
                  >
                    {t("bank.item.confirm", { document: documentName(t, document) })}
                  </button>
                </li>
              );
            })}
          </ol>
        )}
        <div className="queue-actions">
          {panels.map((option) => (
            <button
              key={option}
              type="button"
              className="secondary small"
              aria-expanded={panel === option}
              onClick={() => toggle(option)}
            >
              {t(option === "search" ? "bank.item.search" : option === "split" ? "bank.item.split" : "bank.item.book")}
            </button>
          ))}
        </div>
        {panel === "search" && (
          <DocumentSearch companyId={companyId} payment={payment} busy={settle.isPending} onChoose={link} />
        )}
        {panel === "split" && (
          <SplitForm
            companyId={companyId}
            payment={payment}
            suggestions={list}
            busy={settle.isPending}
            error={failed("split")}
            onSplit={(parts) => settle.mutate({ kind: "split", parts })}
          />
        )}
        {panel === "book" && (
          <BookToAccount
            companyId={companyId}
            payment={payment}
            busy={settle.isPending}
            error={failed("book")}
            onBook={(booking) => settle.mutate({ kind: "book", booking })}
          />
        )}
      </article>
    </li>
  );
}
