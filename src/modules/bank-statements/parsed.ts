/**
 * What a bank statement file is read into, and the reading every format shares. Pure code.
 *
 * Invariants of a `ParsedStatement` (statement-file.ts checks the last three for every format):
 * - amounts are integer cents (money in positive, money out negative), each at most MAX_AMOUNT
 *   in magnitude and read from the file's decimal text exactly (never through a float);
 * - dates are ISO `YYYY-MM-DD`; the IBAN is normalised and passes its check (ibantools);
 * - the currency is EUR, and the opening balance plus the transactions is the closing balance.
 * What a file gets wrong is a `StatementProblem`: one keyed problem of the attachment, naming the
 * line (MT940) or the element (CAMT.053) where it is.
 */
import Big from "big.js";
import type { Problem } from "../../platform/catalogue/keys.js";
import { checkIban, normaliseIban } from "../../platform/iban.js";
import { decimalToCents, MAX_AMOUNT } from "../../platform/money.js";

export type StatementFormat = "camt.053" | "mt940";

export interface ParsedTransaction {
  amount_cents: number;
  booking_date: string;
  value_date: string | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  end_to_end_id: string | null;
  /** the structured creditor reference (an RF reference, or a Dutch payment reference) */
  reference: string | null;
  remittance: string | null;
  /** the bank's own reference of the transaction, when the file has one (duplicates are found by it) */
  bank_reference: string | null;
}

export interface ParsedStatement {
  format: StatementFormat;
  iban: string;
  currency: string;
  from: string;
  till: string;
  opening_balance_cents: number;
  closing_balance_cents: number;
  transactions: ParsedTransaction[];
}

/** What is wrong with a statement file, as the problem of its `attachment`. */
export class StatementProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.key);
  }
}

/** An account as the file names it: a valid IBAN, normalised; a problem otherwise. */
export function statementIban(text: string): string {
  const iban = normaliseIban(text) ?? "";
  if (!checkIban(iban).ok) throw new StatementProblem({ key: "statementIban", iban: text.trim() });
  return iban;
}

/** A valid IBAN found in free text (or null): the counterparty of a transaction. */
export function ibanOrNull(text: string | null | undefined): string | null {
  const iban = normaliseIban(text ?? null);
  return iban !== null && checkIban(iban).ok ? iban : null;
}

/**
 * An amount's text (`1234.56`, or MT940's `1234,56`) as integer cents with the given sign; a
 * problem naming `where` when it is no amount, has more than two decimals or passes MAX_AMOUNT.
 */
export function amountCents(text: string, negative: boolean, where: string): number {
  const plain = text.trim().replace(",", ".");
  // made only when thrown: an error's stack costs more than reading the amount, 10,000 times a file
  const problem = () => new StatementProblem({ key: "statementAmount", where, most: MAX_AMOUNT });
  if (!/^\d{1,20}(\.\d*)?$/.test(plain)) throw problem();
  const value = new Big(plain.endsWith(".") ? plain.slice(0, -1) : plain);
  if (value.gt(MAX_AMOUNT)) throw problem();
  const cents = decimalToCents(value);
  if (cents === null) throw problem();
  return negative && cents !== 0 ? -cents : cents;
}

/** Text as a transaction keeps it: spaces collapsed, blank → null. */
export function cleanText(text: string | null | undefined): string | null {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  return clean === "" ? null : clean;
}
