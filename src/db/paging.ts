/**
 * One page of a filtered query plus the total number of matching rows, for list endpoints.
 * The caller gives the filtered query and how to select and order a page of it. An unfiltered
 * list may also give `countAll` (db/row-counts.ts), an exact total kept as rows come and go, so
 * the total does not cost a count of every row the company has.
 */
import { type SelectQueryBuilder, sql } from "kysely";
import { pageOffset } from "../platform/paging.js";
import type { Paging } from "../platform/params.js";

export async function selectPage<Database, Tables extends keyof Database, Row>(
  filtered: SelectQueryBuilder<Database, Tables, object>,
  paging: Paging,
  selectOrdered: (query: SelectQueryBuilder<Database, Tables, object>) => SelectQueryBuilder<Database, Tables, Row>,
  countAll?: () => Promise<number>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, total] = await Promise.all([
    selectOrdered(filtered).limit(paging.perPage).offset(pageOffset(paging)).execute(),
    countAll !== undefined ? countAll() : countMatching(filtered),
  ]);
  return { rows, total };
}

async function countMatching<Database, Tables extends keyof Database>(
  filtered: SelectQueryBuilder<Database, Tables, object>,
): Promise<number> {
  const count = await filtered.select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow();
  // pg returns count(*) as a bigint string unless parsed; Number() makes both dialects agree
  const { total } = count as { total: number | string };
  return Number(total);
}
