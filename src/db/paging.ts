/**
 * One page of a filtered query plus the total number of matching rows, for list endpoints.
 * The caller gives the filtered query and how to select and order a page of it.
 */
import { type SelectQueryBuilder, sql } from "kysely";
import { pageOffset } from "../platform/paging.js";
import type { Paging } from "../platform/params.js";

export async function selectPage<Database, Tables extends keyof Database, Row>(
  filtered: SelectQueryBuilder<Database, Tables, object>,
  paging: Paging,
  selectOrdered: (query: SelectQueryBuilder<Database, Tables, object>) => SelectQueryBuilder<Database, Tables, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, count] = await Promise.all([
    selectOrdered(filtered).limit(paging.perPage).offset(pageOffset(paging)).execute(),
    filtered.select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow(),
  ]);
  // pg returns count(*) as a bigint string unless parsed; Number() makes both dialects agree
  const { total } = count as { total: number | string };
  return { rows, total: Number(total) };
}
