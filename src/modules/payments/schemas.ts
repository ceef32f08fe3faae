/** Wire shapes of a payment (spec 2.9), field order as the reference. */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const PaymentSchema = ResponseObject({
  id: Filled.integer(),
  amount: Filled.string(),
  description: Nullable.string(),
  account_id: Filled.integer(),
  account_path: Nullable.string(),
  paid_at: Filled.dateTime(),
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

export const PaymentPayload = { wrapper: "payment", schema: PaymentAttributes, readOnly: ["id"] } as const;

export const PAYMENT_SELECTIONS = [
  "unbooked",
  "all_in_current_bookyear",
  "all",
  "booked",
  "duplicate_bank_mutations",
  "manual",
] as const;

export type PaymentSelection = (typeof PAYMENT_SELECTIONS)[number];
