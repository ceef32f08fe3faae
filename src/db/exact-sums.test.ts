/**
 * Exact sums on the run's database (SQLite or PostgreSQL): past 2^53 and past 2^63, of values of
 * both signs, and of no rows; the plain sum where it holds and the split sum where SQLite's does not.
 */
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/support/app.js";
import { isPostgres } from "./dialect.js";
import { type ExactSumText, exactSum, readExactSum, type SumShape, summing } from "./exact-sums.js";

const harness = await buildTestApp();
const db = harness.deps.db;
afterAll(() => harness.close());

/** The sum of `values` (each within 64 bits; none when `counted` is false) as the database answers it in `shape`. */
async function sumOf(values: readonly bigint[], shape: SumShape, counted = true): Promise<bigint> {
  const rows = sql.join(values.map((value) => sql`(${sql.lit(value)})`));
  const { rows: answered } = await sql<{ total: ExactSumText }>`with numbers(x) as (values ${rows})
    select ${exactSum(sql.ref("numbers.x"), shape)} as total from numbers where ${sql.lit(counted)}`.execute(db);
  const [row] = answered;
  if (row === undefined) throw new Error("a sum answers one row");
  return readExactSum(row.total);
}

const PAST_2_63 = [9_000_000_000_000_000_000n, 9_000_000_000_000_000_000n, 1n];
const MIXED = [-9_223_372_036_854_775_807n, -9_223_372_036_854_775_807n, 123_456_789n, -1n];

describe("exact sums", () => {
  it("add past 2^53 exactly in either shape", async () => {
    const values = Array.from({ length: 11 }, () => 826_446_280_991_733n);
    for (const shape of ["plain", "split"] as const) expect(await sumOf(values, shape)).toBe(9_090_909_090_909_063n);
  });

  it("add past 2^63 split, of both signs, and no rows as zero", async () => {
    expect(await sumOf(PAST_2_63, "split")).toBe(18_000_000_000_000_000_001n);
    expect(await sumOf(MIXED, "split")).toBe(-18_446_744_073_586_094_826n);
    expect(await sumOf([5n], "split")).toBe(5n);
    for (const shape of ["plain", "split"] as const) expect(await sumOf([5n], shape, false)).toBe(0n);
  });

  it("take the split sum only when the plain one overflows", async () => {
    const shapes: SumShape[] = [];
    const total = await summing((shape) => {
      shapes.push(shape);
      return sumOf(PAST_2_63, shape);
    });
    expect(total).toBe(18_000_000_000_000_000_001n);
    // PostgreSQL sums bigint as numeric, which does not overflow; SQLite's sum() does past 2^63
    expect(shapes).toEqual(isPostgres(db) ? ["plain"] : ["plain", "split"]);
    const small: SumShape[] = [];
    await summing((shape) => {
      small.push(shape);
      return sumOf([1n, 2n], shape);
    });
    expect(small).toEqual(["plain"]);
  });
});
