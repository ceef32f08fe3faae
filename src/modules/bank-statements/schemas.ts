/** Wire shapes of a bank statement import (issue 29; a Kasboek extension, not in the reference). */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";
import { MATCH_REASONS } from "./matching.js";

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

/** One open document a payment may pay (GET …/payments/{id}/match_suggestions, bank-statements/matching.ts). */
export const MatchSuggestionSchema = ResponseObject({
  document_type: Filled.enumeration(["sales_invoice", "expense"] as const),
  document_id: Filled.integer(),
  number: Nullable.string({ description: "The invoice number, or the supplier's number of an expense" }),
  contact_id: Nullable.integer(),
  contact_name: Nullable.string(),
  date: Filled.date(),
  // an expense's date stands in for its due date
  due_date: Filled.date(),
  open_amount: Filled.string({
    description: "What a payment settling the document exactly would be: positive money in, negative money out",
  }),
  // 0–100: the weights of the reasons added up
  score: Filled.integer(),
  reasons: Type.Array(Filled.enumeration(MATCH_REASONS), {
    description:
      "reference: the payment names its RF reference or number; amount: exactly the open amount; iban: from the contact's IBAN; name: from the contact's name; date: paid between the document's date and 60 days after its due date",
  }),
});

export const MatchSuggestionListResponse = Type.Object({ match_suggestions: Type.Array(MatchSuggestionSchema) });
