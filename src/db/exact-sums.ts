/**
 * Sums of integers (cents, kilometres) that are exact at any size, on both databases, read into
 * JavaScript as `bigint`.
 *
 * Invariants:
 * - A sum never overflows and never loses a unit. SQLite's sum() of integers fails with "integer
 *   overflow" past 2^63, PostgreSQL's bigint past the same, and both drivers hand integers to
 *   JavaScript as numbers, which lose units past 2^53. So every value is split by 10^9 into a
 *   quotient and a remainder, truncated alike on both databases (x = (x / 10^9) × 10^9 + x % 10^9),
 *   and each part is summed apart: no part can overflow before 10^9 rows. The parts come back as
 *   one text (`"quotient remainder"`) and are joined with BigInt.
 * - The same SQL on both databases (PostgreSQL's own sum of bigint is exact, but one expression
 *   keeps the two answering alike by construction, and the cost is two integer operations a row).
 */
import { type Expression, type RawBuilder, sql } from "kysely";

const SPLIT = 1_000_000_000;
const SPLIT_BIG = BigInt(SPLIT);

/** The text of an exact sum, as `exactSum` selects it; `readExactSum` makes it a bigint. */
export type ExactSumText = string & { readonly exactSum: true };

/** The exact sum of an integer expression over the group (0 for none), to select and read with `readExactSum`. */
export function exactSum(value: Expression<number | null> | RawBuilder<unknown>): RawBuilder<ExactSumText> {
  return sql<ExactSumText>`(cast(coalesce(sum((${value}) / ${sql.lit(SPLIT)}), 0) as text) || ' ' ||
    cast(coalesce(sum((${value}) % ${sql.lit(SPLIT)}), 0) as text))`;
}

/** The bigint of a sum `exactSum` selected. */
export function readExactSum(text: ExactSumText): bigint {
  const cut = text.indexOf(" ");
  return BigInt(text.slice(0, cut)) * SPLIT_BIG + BigInt(text.slice(cut + 1));
}
