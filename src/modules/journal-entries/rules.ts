/**
 * Pure rules of a manual journal entry: a date, at least two lines, each line on an account
 * with exactly one positive amount (debit or credit, at most two decimals), and debits equal to
 * credits. Amounts are integer cents.
 */
import Big from "big.js";
import type { ValidationErrors } from "../../platform/errors.js";
import { centsToDecimal, decimalToCents } from "../../platform/money.js";

export interface LineState {
  account_id: number | null;
  debit_cents: number | null;
  credit_cents: number | null;
}

/** Converts one side's decimal text to cents, recording why it cannot be used. */
export function amountCents(
  text: string | null | undefined,
  attribute: string,
  errors: ValidationErrors,
): number | null | undefined {
  if (text === undefined || text === null) return text;
  const cents = decimalToCents(new Big(text));
  if (cents === null) errors.add(attribute, { key: "twoDecimals" });
  else if (cents <= 0) errors.add(attribute, { key: "moreThanZero" });
  else return cents;
  return undefined;
}

export function validateJournalEntry(
  entry: { date: string | null; lines: ReadonlyArray<LineState & { label: string }> },
  errors: ValidationErrors,
): void {
  if (entry.date === null && !errors.has("date")) errors.add("date", { key: "blank" });
  if (entry.lines.length < 2) errors.add("lines", { key: "atLeastTwoLines" });
  // bigint: lines of up to 10^15 cents each pass 2^53 between them, where a float rounds
  let debits = 0n;
  let credits = 0n;
  let everyLineOneSided = true;
  entry.lines.forEach((line) => {
    const prefix = line.label;
    if (line.account_id === null && !errors.has(`${prefix}.account_id`) && !errors.has(`${prefix}.account_path`)) {
      errors.add(`${prefix}.account_id`, { key: "blank" });
    }
    const sides = (line.debit_cents === null ? 0 : 1) + (line.credit_cents === null ? 0 : 1);
    if (sides !== 1) everyLineOneSided = false;
    if (sides !== 1 && !errors.has(`${prefix}.debit_amount`) && !errors.has(`${prefix}.credit_amount`)) {
      errors.add(prefix, { key: "debitOrCredit" });
    }
    debits += BigInt(line.debit_cents ?? 0);
    credits += BigInt(line.credit_cents ?? 0);
  });
  if (everyLineOneSided && debits !== credits) {
    errors.add("lines", { key: "unbalanced", debits: centsToDecimal(debits), credits: centsToDecimal(credits) });
  }
}
