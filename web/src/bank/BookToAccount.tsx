/**
 * A payment of money going out that no invoice or expense accounts for (bank costs, insurance,
 * interest) booked straight to a cost account: one request, which the server does all or nothing
 * (queries.ts `bookToAccount`): a published expense of one line without VAT whose total is the
 * payment, with the payment linked to it. A purchase with VAT to reclaim is an expense with its
 * receipt, as the hint says.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useCostAccounts } from "../expenses/queries.js";
import { useT } from "../i18n/i18n.js";
import { QueryPending } from "../ui/Banner.js";
import { Field } from "../ui/Field.js";
import type { Payment } from "./queries.js";
import { Refusal } from "./Refusal.js";
import { counterpartyOf, remittanceOf } from "./words.js";

/** The most a line's description holds (the API's limit). */
const DESCRIPTION_MAX = 255;

interface BookToAccountProps {
  companyId: number;
  payment: Payment;
  busy: boolean;
  error: unknown;
  onBook: (booking: { accountId: number; accountName: string; description: string }) => void;
}

export function BookToAccount({ companyId, payment, busy, error, onBook }: BookToAccountProps) {
  const t = useT();
  const headingId = useId();
  const accountField = useRef<HTMLSelectElement>(null);
  const accounts = useCostAccounts(companyId);
  const [chosen, setChosen] = useState("");
  const [description, setDescription] = useState(() =>
    [counterpartyOf(payment), remittanceOf(payment)]
      .filter((part) => part !== null && part !== "")
      .join(" · ")
      .slice(0, DESCRIPTION_MAX),
  );
  const list = accounts.data ?? [];
  const account = list.find((candidate) => String(candidate.id) === chosen) ?? list[0];
  const ready = accounts.data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field gets the focus once it is there
  useEffect(() => accountField.current?.focus(), [ready]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (account === undefined) return;
    onBook({ accountId: account.id, accountName: account.name, description });
  };

  return (
    <form className="queue-panel book-form" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h4 id={headingId}>{t("bank.book.title")}</h4>
      {error !== null && <Refusal error={error} />}
      {!ready ? (
        <QueryPending query={accounts} />
      ) : (
        <>
          <div className="book-fields">
            <Field label={t("bank.book.account")}>
              <select ref={accountField} value={account?.id ?? ""} onChange={(event) => setChosen(event.target.value)}>
                {list.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t("bank.book.description")}>
              <input
                value={description}
                maxLength={DESCRIPTION_MAX}
                onChange={(event) => setDescription(event.target.value)}
              />
            </Field>
          </div>
          <p className="hint">{t("bank.book.hint")}</p>
          <div className="actions">
            <button type="submit" disabled={busy || account === undefined}>
              {t("bank.book.submit")}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
