/** Wire shapes of a bank statement import (issue 29; a Kasboek extension, not in the reference). */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const BankStatementSchema = ResponseObject({
  id: Filled.integer(),
  format: Filled.enumeration(["camt.053", "mt940"] as const),
  iban: Filled.string(),
  currency: Filled.string(),
  from: Filled.date(),
  till: Filled.date(),
  opening_balance: Filled.string(),
  closing_balance: Filled.string(),
  transactions_count: Filled.integer(),
  // new: booked as payments; duplicates: imported before (the bank's reference, or date, amount,
  // counterparty and remittance), kept out of the books; matched: new and linked to their invoice
  new_count: Filled.integer(),
  duplicates_count: Filled.integer(),
  matched_count: Filled.integer(),
  ledger_difference: Filled.string({
    description:
      "The closing balance less the bank account's balance in the books on the statement's last day: zero when every earlier statement of the account was imported",
  }),
  account_id: Filled.integer(),
  attachment_file_name: Nullable.string(),
});

export const BankStatementResponse = Type.Object({ bank_statement: BankStatementSchema });
export const BankStatementListResponse = Type.Object({ bank_statements: Type.Array(BankStatementSchema) });

export const BankStatementAttributes = Type.Object({
  attachment: Nullable.string({ description: "The statement file (CAMT.053 or MT940), base64; at most 10 MiB" }),
  attachment_file_name: Nullable.string(),
  // the bank or cash account to book on; by default the one earlier statements of the IBAN used,
  // else the company's bank account
  account_id: Nullable.integer(),
});

export const BankStatementPayload = {
  wrapper: "bank_statement",
  schema: BankStatementAttributes,
  readOnly: ["id", "format", "iban", "currency", "from", "till"],
} as const;
