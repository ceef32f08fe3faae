/**
 * Sealing a posting: the seal writes its description, the database checks its balance, and its
 * lines are added to the month totals (posting-store.ts). A month total is a bigint column, so a
 * posting that would carry an account's debits or credits of one month past 2^63 − 1 cents is
 * refused here with a 422 naming `date` (another month can still take it), before anything
 * overflows: that is where the books are capped. Reports sum the capped months exactly at any
 * size (db/exact-sums.ts).
 */
import type { Executor } from "../../db/connection.js";
import { ValidationErrors } from "../../platform/errors.js";
import { centsToDecimal } from "../../platform/money.js";
import { accountPathsById } from "../accounts/service.js";
import { MAX_MONTH_TOTAL_CENTS, sealEntry, type UnsealedEntry } from "./posting-store.js";

const MOST_A_MONTH = centsToDecimal(MAX_MONTH_TOTAL_CENTS);

/** Seals an entry, or refuses it with a 422 naming `date` when a month total cannot take it. */
export async function sealOrRefuse(
  transaction: Executor,
  entry: UnsealedEntry,
  description: string | null,
  resource: string,
): Promise<void> {
  const full = await sealEntry(transaction, entry, description);
  if (full.length === 0) return;
  const paths = await accountPathsById(transaction, entry.companyId, full);
  const month = entry.date.slice(0, 7);
  const errors = new ValidationErrors();
  for (const accountId of full) {
    const account = paths.get(accountId) ?? String(accountId);
    errors.add("date", `cannot take more on account ${account} in ${month} (at most ${MOST_A_MONTH} a month)`);
  }
  errors.throwIfAny(resource);
}
