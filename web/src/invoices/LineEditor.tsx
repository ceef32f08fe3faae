/**
 * One invoice line (of a sales invoice or a quotation): a product that fills it, its description,
 * quantity, price and VAT type, the revenue account when the editor offers accounts, and the line
 * total as the server computed it at the last save (never worked out here).
 */
import type { Schema } from "@kasboek/client";
import { decimalForInput, formatAmount } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Field } from "../ui/Field.js";
import type { LineDraft } from "./lines.js";

type VatType = Schema<"VatType">;
type Product = Schema<"Product">;
type Account = Schema<"Account">;

interface LineEditorProps {
  line: LineDraft;
  index: number;
  vatTypes: readonly VatType[];
  products: readonly Product[];
  /** the accounts a line may be booked on; no account field when left out */
  accounts?: readonly Account[] | undefined;
  /** the server's total of this line when it was last saved unchanged */
  savedTotal: string | null;
  problems: Record<string, string>;
  onChange: (line: LineDraft) => void;
  onRemove: () => void;
}

export function LineEditor({
  line,
  index,
  vatTypes,
  products,
  accounts,
  savedTotal,
  problems,
  onChange,
  onRemove,
}: LineEditorProps) {
  const t = useT();
  const number = index + 1;
  const problem = (name: string) => problems[`invoice_lines[${index}].${name}`];
  const pickProduct = (value: string) => {
    const product = products.find((candidate) => String(candidate.id) === value);
    if (product === undefined) return onChange({ ...line, productId: null });
    onChange({
      ...line,
      productId: product.id,
      description: product.invoice_line.description ?? line.description,
      price: decimalForInput(product.invoice_line.price_per_unit, 2),
      vatTypeId: product.invoice_line.vat_type_id ?? line.vatTypeId,
      accountId: product.invoice_line.account_id,
    });
  };
  return (
    <fieldset className={accounts === undefined ? "line" : "line with-account"}>
      <legend>{t("invoice.line", { number })}</legend>
      {products.length > 0 && (
        <Field label={t("invoice.product")} problem={problem("product_id")} className="product">
          <select value={line.productId ?? ""} onChange={(event) => pickProduct(event.target.value)}>
            <option value="">{t("invoice.noProduct")}</option>
            {products.map((product) => (
              <option key={product.id} value={product.id ?? ""}>
                {product.invoice_line.product_code === null
                  ? product.invoice_line.description
                  : `${product.invoice_line.product_code} · ${product.invoice_line.description ?? ""}`}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label={t("invoice.lineDescription")} problem={problem("description")} className="description">
        <input
          type="text"
          value={line.description}
          onChange={(event) => onChange({ ...line, description: event.target.value })}
        />
      </Field>
      <Field label={t("invoice.quantity")} problem={problem("quantity")} className="quantity">
        <input
          type="text"
          inputMode="decimal"
          value={line.quantity}
          onChange={(event) => onChange({ ...line, quantity: event.target.value })}
        />
      </Field>
      <Field label={t("invoice.price")} problem={problem("price_per_unit")} className="price">
        <input
          type="text"
          inputMode="decimal"
          value={line.price}
          onChange={(event) => onChange({ ...line, price: event.target.value })}
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
      <div className="line-total">
        <span className="label">{t("invoice.lineTotal")}</span>
        <output>{savedTotal === null ? "—" : formatAmount(savedTotal)}</output>
      </div>
      {accounts !== undefined && (
        <Field label={t("invoice.account")} problem={problem("account_id")} className="account">
          <select
            value={line.accountId ?? ""}
            onChange={(event) =>
              onChange({ ...line, accountId: event.target.value === "" ? null : Number(event.target.value) })
            }
          >
            <option value="">{t("invoice.defaultAccount")}</option>
            {line.accountId !== null && !accounts.some((account) => account.id === line.accountId) && (
              <option value={line.accountId}>{line.accountId}</option>
            )}
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.reference} · {account.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <button type="button" className="remove danger" onClick={onRemove}>
        {t("invoice.removeLine", { number })}
      </button>
    </fieldset>
  );
}
