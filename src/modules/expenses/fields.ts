/**
 * The fields of an expense: turns a create or update request into the expense's next
 * columns, recording every problem before anything is written. The documents pipeline runs it in
 * the request's transaction; absent attributes keep their stored values.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { EURO, isCurrencyCode, normaliseCurrency } from "../../platform/currency.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ValidationErrors } from "../../platform/errors.js";
import { resolveAccount } from "../accounts/service.js";
import {
  type DocumentDraft,
  type DraftTools,
  planLines,
  resolveDocumentContact,
  type WriteContext,
} from "../documents/service.js";
import { DOCUMENT_TYPE } from "./present.js";
import { EARLIEST_EXPENSE_DATE, isExpenseAccountType } from "./rules.js";
import type { ExpensePayload } from "./schemas.js";
import type { ExpenseRow } from "./store.js";

export type ExpenseAttributes = Partial<Static<typeof ExpensePayload.schema>>;
type EditableColumns = Pick<
  ExpenseRow,
  | "date"
  | "type_account_id"
  | "currency"
  | "contact_id"
  | "price_without_vat_cents"
  | "vat_amount_cents"
  | "price_with_vat_cents"
>;

export type ExpenseDraft = DocumentDraft<EditableColumns>;

function given<Value>(value: Value | undefined, stored: Value): Value {
  return value === undefined ? stored : value;
}

async function checkTypeAccount(
  transaction: Executor,
  companyId: number,
  attributes: ExpenseAttributes,
  existing: ExpenseRow | null,
  errors: ValidationErrors,
): Promise<number> {
  const accountId = given(attributes.type_account_id, existing?.type_account_id ?? null);
  if (accountId === null) {
    errors.add("type_account_id", { key: "blank" });
    return 0;
  }
  // an unchanged account is not judged again: the chart may have been reorganised since
  if (existing !== null && accountId === existing.type_account_id) return accountId;
  const account = await resolveAccount(transaction, companyId, { account_id: accountId });
  if (!account) errors.add("type_account_id", { key: "notACompanyAccount" });
  else if (!isExpenseAccountType(account.type)) errors.add("type_account_id", { key: "costOrBalanceAccount" });
  return accountId;
}

/** A contact created with an expense is a supplier unless the request says otherwise. */
function asSupplier(attributes: ExpenseAttributes): ExpenseAttributes {
  const contact = attributes.contact;
  if (contact === undefined || contact === null) return attributes;
  return { ...attributes, contact: { ...contact, is_supplier: contact.is_supplier ?? true } };
}

/** The expense as it will be after the request, or the problems that stop it. */
export async function draftExpense(
  tools: DraftTools,
  context: WriteContext<undefined>,
  existing: ExpenseRow | null,
  attributes: ExpenseAttributes,
): Promise<ExpenseDraft> {
  const { transaction, errors } = tools;
  const companyId = context.company.companyId;
  const today = dateInTimeZone(context.now, context.company.timeZone);
  const date = given(attributes.date, existing?.date ?? today);
  if (date === null) errors.add("date", { key: "blank" });
  else if (date < EARLIEST_EXPENSE_DATE) errors.add("date", { key: "onOrAfter", date: EARLIEST_EXPENSE_DATE });

  const typeAccountId = await checkTypeAccount(transaction, companyId, attributes, existing, errors);

  const currency = normaliseCurrency(attributes.currency, existing?.currency ?? EURO);
  if (!isCurrencyCode(currency)) errors.add("currency", { key: "currencyCode" });

  const contact = await resolveDocumentContact(
    transaction,
    companyId,
    existing?.contact_id ?? null,
    asSupplier(attributes),
    errors,
  );

  const lines = await planLines(
    tools,
    companyId,
    { type: DOCUMENT_TYPE, id: existing?.id ?? null },
    attributes.invoice_lines,
  );

  return {
    contact,
    lines,
    columns: {
      date: date ?? existing?.date ?? today,
      type_account_id: typeAccountId,
      currency,
      contact_id: contact?.id ?? null,
      ...lines.totals,
    },
  };
}
