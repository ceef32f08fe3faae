/**
 * Wire shapes of an invoice line as sales invoices, quotations and expenses carry
 * them, field order as the reference. `id` and `_destroy` steer the nested-subresource rules.
 */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";
import { MAX_QUANTITY } from "../../platform/money.js";

export const InvoiceLineSchema = ResponseObject({
  id: Filled.integer(),
  description: Nullable.string(),
  extended_description: Nullable.string(),
  price_per_unit: Filled.string(),
  price_with_vat: Filled.string(),
  price_without_vat: Filled.string(),
  vat_amount: Filled.string(),
  vat_rate: Filled.string(),
  vat_type_id: Filled.integer(),
  quantity: Filled.string(),
  product_id: Nullable.integer(),
  account_id: Nullable.integer(),
  account_path: Nullable.string(),
});

export const DESCRIPTION_MAX_LENGTH = 255;

export const InvoiceLineAttributes = Type.Object({
  id: Nullable.integer(),
  _destroy: Nullable.boolean(),
  description: Nullable.string({ maxLength: DESCRIPTION_MAX_LENGTH }),
  extended_description: Nullable.string({ maxLength: 10_000 }),
  price_per_unit: Nullable.decimal(),
  vat_rate: Nullable.decimal(),
  vat_type_id: Nullable.integer(),
  quantity: Nullable.decimal({ maxMagnitude: MAX_QUANTITY }),
  product_id: Nullable.integer(),
  account_id: Nullable.integer(),
  account_path: Nullable.string({ maxLength: 255 }),
});

/** An expense line may say at which rate its reverse-charged VAT is self-assessed (a Kasboek extension). */
export const ExpenseLineAttributes = Type.Object({
  ...InvoiceLineAttributes.properties,
  reverse_charge_vat_rate: Nullable.decimal(),
});

/** Keys of a line that responses carry and clients may send back; ignored on input. */
export const INVOICE_LINE_READ_ONLY = ["price_with_vat", "price_without_vat", "vat_amount"] as const;
