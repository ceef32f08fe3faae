/**
 * The rules of a statement import that need no database. Pure code.
 *
 * Invariants:
 * - a transaction's fingerprint is the bank's own reference where the file has one, and otherwise
 *   its booking date, amount, counterparty IBAN and name and remittance together; the n-th of
 *   several identical transactions of one statement gets `#n`, so two real payments of the same
 *   coffee are two, while the same file imported twice gives the same fingerprints again.
 * Which document a payment settles is matching.ts's question.
 */
import { createHash } from "node:crypto";
import type { ParsedTransaction } from "./parsed.js";

function identity(transaction: ParsedTransaction): string {
  if (transaction.bank_reference !== null) return `ref:${transaction.bank_reference}`;
  return [
    "tx",
    transaction.booking_date,
    transaction.amount_cents,
    transaction.counterparty_iban ?? "",
    transaction.counterparty_name ?? "",
    transaction.end_to_end_id ?? "",
    transaction.remittance ?? "",
  ].join("\u001f");
}

/** The fingerprints of a statement's transactions, in order (see the invariants). */
export function fingerprints(transactions: readonly ParsedTransaction[]): string[] {
  const seen = new Map<string, number>();
  return transactions.map((transaction) => {
    const key = identity(transaction);
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return createHash("sha256").update(`${key}#${occurrence}`).digest("base64url");
  });
}

/** What a payment from a statement says about itself: the remittance, else the counterparty. */
export function paymentDescription(transaction: ParsedTransaction): string | null {
  return transaction.remittance ?? transaction.reference ?? transaction.counterparty_name;
}
