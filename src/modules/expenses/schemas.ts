/**
 * Wire shapes of an expense, field order exactly as the reference: no totals at
 * expense level (the amounts live on the lines), no attachment list (attachments have their own
 * routes). `type_account` is the account's own shape; `cached_contact` the reference's
 * "Expenses contact" subset. `type_account` sent back by a client is ignored, like every
 * read-only field.
 */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";
import { AccountSchema } from "../accounts/service.js";
import { ContactAttributesSchema as ContactAttributes } from "../contacts/service.js";
import { ExpenseLineAttributes, INVOICE_LINE_READ_ONLY, InvoiceLineSchema } from "../invoice-lines/service.js";

/** An expense is a concept until it is published, then it is locked. */
export const EXPENSE_STATES = ["concept", "published"] as const;
export type ExpenseState = (typeof EXPENSE_STATES)[number];

/** The reference's "Expenses contact" definition. */
export const ExpenseContactSchema = ResponseObject({
  name: Nullable.string(),
  contact_person_name: Nullable.string(),
  address: Nullable.string(),
  zipcode: Nullable.string(),
  city: Nullable.string(),
  country_code: Nullable.string(),
  contact_person_email_address: Nullable.string(),
  contact_number: Nullable.string(),
});

export const ExpenseSchema = ResponseObject({
  id: Filled.integer(),
  date: Filled.date(),
  state: Filled.enumeration(EXPENSE_STATES),
  type_account_id: Filled.integer(),
  currency: Filled.string(),
  contact_id: Nullable.integer(),
  invoice_number: Nullable.string({ description: "The expense's number in the books: null while a concept" }),
  type_account: Nullable.object(AccountSchema),
  cached_contact: Nullable.object(ExpenseContactSchema),
  invoice_lines: Type.Array(InvoiceLineSchema),
});

export const ExpenseResponse = Type.Object({ expense: ExpenseSchema });
export const ExpenseListResponse = Type.Object({ expenses: Type.Array(ExpenseSchema) });

export const ExpenseAttributes = Type.Object({
  date: Nullable.date(),
  state: Nullable.enumeration(EXPENSE_STATES),
  type_account_id: Nullable.integer(),
  currency: Nullable.string({ maxLength: 3 }),
  contact_id: Nullable.integer(),
  contact: ContactAttributes,
  invoice_lines: Type.Array(ExpenseLineAttributes),
});

export const ExpensePayload = {
  wrapper: "expense",
  schema: ExpenseAttributes,
  readOnly: ["id", "invoice_number", "type_account", "cached_contact", "name", ...INVOICE_LINE_READ_ONLY],
} as const;

export const EXPENSE_SELECTIONS = ["all", "unpaid", "investments", "overpaid", "credit_invoices"] as const;
export type ExpenseSelection = (typeof EXPENSE_SELECTIONS)[number];
