/**
 * What the books cannot hold, refused with a 422 before anything overflows or rounds; this is
 * where the books are capped, and reports sum what they hold exactly at any size
 * (db/exact-sums.ts).
 *
 * - A month total is a bigint column: a posting that would carry an account's debits or credits
 *   of one month past 2^63 − 1 cents is refused naming `date` (another month can still take it),
 *   when it is sealed (posting-store.ts writes the seal and the month totals).
 * - A ledger line is a number of cents, exact up to 2^53: a document whose lines add up past that
 *   on one account or VAT box (lines of opposite signs can, within a document's limits) is
 *   refused naming `invoice_lines` (rules.ts throws UnpostableAmount).
 */
import type { Executor } from "../../db/connection.js";
import type { Resource } from "../../platform/catalogue/keys.js";
import { ValidationErrors } from "../../platform/errors.js";
import { centsToDecimal } from "../../platform/money.js";
import { accountPathsById } from "../accounts/service.js";
import { MAX_MONTH_TOTAL_CENTS, sealEntry, type UnsealedEntry } from "./posting-store.js";
import { type PostingDraft, UnpostableAmount } from "./rules.js";

const MOST_A_MONTH = centsToDecimal(MAX_MONTH_TOTAL_CENTS);
/** What one ledger line holds exactly, in the wire format: 2^53 − 1 cents. */
export const LARGEST_LINE = centsToDecimal(Number.MAX_SAFE_INTEGER);

/** Seals an entry, or refuses it with a 422 naming `date` when a month total cannot take it. */
export async function sealOrRefuse(
  transaction: Executor,
  entry: UnsealedEntry,
  description: string | null,
  resource: Resource,
): Promise<void> {
  const full = await sealEntry(transaction, entry, description);
  await refuseFullMonth(transaction, entry.companyId, entry.date.slice(0, 7), full, resource);
}

/** A 422 naming `date` when the month totals of the `full` accounts could not take a posting. */
export async function refuseFullMonth(
  transaction: Executor,
  companyId: number,
  month: string,
  full: readonly number[],
  resource: Resource,
): Promise<void> {
  if (full.length === 0) return;
  const paths = await accountPathsById(transaction, companyId, full);
  const errors = new ValidationErrors();
  for (const accountId of full) {
    const account = paths.get(accountId) ?? String(accountId);
    errors.add("date", { key: "accountMonthFull", account, month, most: MOST_A_MONTH });
  }
  errors.throwIfAny(resource);
}

/** A document's posting drafted by `draft`, or a 422 naming `invoice_lines` when a sum cannot be posted. */
export function draftOrRefuse(draft: () => PostingDraft, resource: Resource): PostingDraft {
  try {
    return draft();
  } catch (error) {
    if (!(error instanceof UnpostableAmount)) throw error;
    const errors = new ValidationErrors();
    errors.add("invoice_lines", { key: "ledgerLineFull", most: LARGEST_LINE });
    errors.throwIfAny(resource);
    throw error;
  }
}
