/**
 * Sums of integers (cents, kilometres) that are exact at any size, on both databases, read into
 * JavaScript as `bigint`.
 *
 * Invariants:
 * - A sum never overflows and never loses a unit. Both drivers hand integers to JavaScript as
 *   numbers, which lose units past 2^53, so every sum is selected as text and read with BigInt.
 *   PostgreSQL sums bigint as numeric, exactly at any size. SQLite's sum() of integers is exact
 *   up to 2^63 and then fails with "integer overflow"; `summing` then runs the query again with
 *   every value split by 10^9 into a quotient and a remainder, truncated alike on both databases
 *   (x = (x / 10^9) × 10^9 + x % 10^9), each part summed apart: no part can overflow before 10^9
 *   rows, and the parts come back as one text (`"quotient remainder"`).
 * - The plain sum is tried first because it is the cheaper: the split took SQLite 1.8 times as
 *   long over 300k lines, to serve books past 2^63 cents, which the ledger's limits keep rare.
 */
import { type Expression, type RawBuilder, sql } from "kysely";

const SPLIT = 1_000_000_000;
const SPLIT_BIG = BigInt(SPLIT);

/** The text of an exact sum, as `exactSum` selects it; `readExactSum` makes it a bigint. */
export type ExactSumText = string & { readonly exactSum: true };

/** How sums are taken: `plain` while each fits 64 bits (always, on PostgreSQL), `split` at any size. */
export type SumShape = "plain" | "split";

/** The exact sum of an integer expression over the group (0 for none), to select and read with `readExactSum`. */
export function exactSum(
  value: Expression<number | null> | RawBuilder<unknown>,
  shape: SumShape,
): RawBuilder<ExactSumText> {
  if (shape === "plain") return sql<ExactSumText>`cast(coalesce(sum(${value}), 0) as text)`;
  return sql<ExactSumText>`(cast(coalesce(sum((${value}) / ${sql.lit(SPLIT)}), 0) as text) || ' ' ||
    cast(coalesce(sum((${value}) % ${sql.lit(SPLIT)}), 0) as text))`;
}

/** The bigint of a sum `exactSum` selected. */
export function readExactSum(text: ExactSumText): bigint {
  const cut = text.indexOf(" ");
  if (cut < 0) return BigInt(text);
  return BigInt(text.slice(0, cut)) * SPLIT_BIG + BigInt(text.slice(cut + 1));
}

function isIntegerOverflow(error: unknown): boolean {
  return error instanceof Error && error.message === "integer overflow";
}

/**
 * Runs a query whose sums are `exactSum(…, shape)`: plain first, split when SQLite's sum overflowed.
 * A failed statement leaves an SQLite transaction as it was, so this runs inside one too.
 */
export async function summing<Result>(query: (shape: SumShape) => Promise<Result>): Promise<Result> {
  try {
    return await query("plain");
  } catch (error) {
    if (!isIntegerOverflow(error)) throw error;
    return query("split");
  }
}
