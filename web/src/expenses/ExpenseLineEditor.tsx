/**
 * One line of an expense: what it was for, its amount excluding VAT, the VAT type, and the account
 * it is booked on when that is not the expense's own; with the line's totals as the server
 * computed them at the last save (never worked out here).
 */
import type { Schema } from "@kasboek/client";
import { formatAmount } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Field } from "../ui/Field.js";
import type { ExpenseLineDraft } from "./draft.js";
import type { ExpenseLine } from "./status.js";

type VatType = Schema<"VatType">;
type Account = Schema<"Account">;

interface ExpenseLineEditorProps {
  line: ExpenseLineDraft;
  index: number;
  vatTypes: readonly VatType[];
  accounts: readonly Account[];
  /** the server's line as last saved, while the screen still shows it unchanged */
  saved: ExpenseLine | null;
  problems: Record<string, string>;
  onChange: (line: ExpenseLineDraft) => void;
  onRemove: () => void;
}

export function ExpenseLineEditor(props: ExpenseLineEditorProps) {
  const { line, index, vatTypes, accounts, saved, problems, onChange, onRemove } = props;
  const t = useT();
  const number = index + 1;
  const problem = (name: string) => problems[`invoice_lines[${index}].${name}`];
  return (
    <fieldset className="line expense-line">
      <legend>{t("invoice.line", { number })}</legend>
      <Field label={t("invoice.lineDescription")} problem={problem("description")} className="description">
        <input
          type="text"
          value={line.description}
          onChange={(event) => onChange({ ...line, description: event.target.value })}
        />
      </Field>
      <Field label={t("expense.amount")} problem={problem("price_per_unit")} className="price">
        <input
          type="text"
          inputMode="decimal"
          value={line.amount}
          onChange={(event) => onChange({ ...line, amount: event.target.value })}
        />
      </Field>
      <Field label={t("invoice.vatType")} problem={problem("vat_type_id")} className="vat">
        <select
          value={line.vatTypeId ?? vatTypes.find((vatType) => vatType.name === "vat_high")?.id ?? ""}
          onChange={(event) => onChange({ ...line, vatTypeId: Number(event.target.value) })}
        >
          {vatTypes
            // a custom rate needs a rate field this editor does not have
            .filter((vatType) => vatType.name !== "vat_custom" || vatType.id === line.vatTypeId)
            .map((vatType) => (
              <option key={vatType.id} value={vatType.id ?? ""}>
                {vatType.name === null ? vatType.friendly_name : t(`vat.${vatType.name}`)}
              </option>
            ))}
        </select>
      </Field>
      <Field label={t("expense.lineAccount")} problem={problem("account_id")} className="account">
        <select
          value={line.accountId ?? ""}
          onChange={(event) =>
            onChange({ ...line, accountId: event.target.value === "" ? null : Number(event.target.value) })
          }
        >
          <option value="">{t("expense.sameAccount")}</option>
          {saved?.account_id != null && !accounts.some((account) => account.id === saved.account_id) && (
            <option value={saved.account_id}>{saved.account_path ?? saved.account_id}</option>
          )}
          {accounts.map((account) => (
            <option key={account.id} value={account.id ?? ""}>
              {account.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="line-total">
        <span className="label">{t("invoice.lineTotal")}</span>
        <output>{saved === null ? "—" : formatAmount(saved.price_with_vat)}</output>
        {saved !== null && (
          <span className="hint">{t("expense.lineVat", { vat: formatAmount(saved.vat_amount) })}</span>
        )}
      </div>
      <button type="button" className="remove danger" onClick={onRemove}>
        {t("invoice.removeLine", { number })}
      </button>
    </fieldset>
  );
}
