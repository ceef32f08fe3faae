/** Wire shapes of a payment, field order as the reference. */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const PaymentSchema = ResponseObject({
  id: Filled.integer(),
  amount: Filled.string(),
  description: Nullable.string(),
  account_id: Filled.integer(),
  account_path: Nullable.string(),
  paid_at: Filled.dateTime(),
  bank_transaction: Type.Optional(
    Type.Object(
      {
        statement_id: Filled.integer(),
        booking_date: Filled.date(),
        value_date: Nullable.date(),
        counterparty_name: Nullable.string(),
        counterparty_iban: Nullable.string(),
        end_to_end_id: Nullable.string(),
        reference: Nullable.string(),
        remittance: Nullable.string(),
      },
      {
        description:
          "Kasboek extension: the bank's record of the transaction, on payments imported from a bank statement (absent on payments typed in)",
      },
    ),
  ),
});

export const PaymentResponse = Type.Object({ payment: PaymentSchema });
export const PaymentListResponse = Type.Object({ payments: Type.Array(PaymentSchema) });

export const PaymentAttributes = Type.Object({
  amount: Nullable.decimal(),
  description: Nullable.string({ maxLength: 1000 }),
  account_id: Nullable.integer(),
  account_path: Nullable.string({ maxLength: 255 }),
  paid_at: Nullable.dateTime(),
});

/** Kasboek's extension: the document a payment settles, write only (the response stays the reference's). */
const documentReference = (description: string) =>
  Type.Unsafe<number | null>({ type: ["integer", "null"], description });

/**
 * The payments endpoints' own payload: a payment's fields, and the document it settles. A
 * payment inside a sales invoice (PaymentAttributes) has its document already.
 */
export const PaymentEndpointAttributes = Type.Object({
  ...PaymentAttributes.properties,
  sales_invoice_id: documentReference(
    "Kasboek extension, write only: the published sales invoice this payment settles (it is then booked); null unlinks it",
  ),
  expense_id: documentReference(
    "Kasboek extension, write only: the published expense this payment settles (it is then booked); null unlinks it",
  ),
});

export const PaymentPayload = { wrapper: "payment", schema: PaymentEndpointAttributes, readOnly: ["id"] } as const;

export const PAYMENT_SELECTIONS = [
  "unbooked",
  "all_in_current_bookyear",
  "all",
  "booked",
  "duplicate_bank_mutations",
  "manual",
] as const;

export type PaymentSelection = (typeof PAYMENT_SELECTIONS)[number];
