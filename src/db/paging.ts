/**
 * One page of a filtered query plus the total number of matching rows, for list endpoints.
 * The caller gives the filtered query and how to select and order a page of it. An unfiltered
 * list may also give `countAll` (db/row-counts.ts), an exact total kept as rows come and go, so
 * the total does not cost a count of every row the company has.
 *
 * `selectPageFromNearerEnd` also reads a deep page from the far end of the order: an OFFSET
 * walks every row it skips (on an index, still one entry each), so page N of N cost as much as
 * the whole list. With the total known up front and an order that is total (its last key unique),
 * the rows after the page are skipped instead, in the reversed order, and the page is turned back
 * around: the same rows in the same order, so no response changes.
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

export type SortDirection = "asc" | "desc";

/** One key of a page's order, a column of the filtered query's tables. */
export interface SortKey {
  column: string;
  direction: SortDirection;
}

const reversed = (direction: SortDirection): SortDirection => (direction === "asc" ? "desc" : "asc");

function ordered<Database, Tables extends keyof Database, Row>(
  query: SelectQueryBuilder<Database, Tables, Row>,
  order: readonly SortKey[],
  flip: boolean,
): SelectQueryBuilder<Database, Tables, Row> {
  return order.reduce(
    (sorted, key) => sorted.orderBy(sql.ref(key.column), flip ? reversed(key.direction) : key.direction),
    query,
  );
}

/**
 * `selectPage` for an order given as keys, whose last key must be unique (an id) so that the
 * order is total and its reverse is exactly the same rows backwards (NULLs too: flipping a key's
 * direction moves its NULLs to the other end on both databases). With `countAll` the total is
 * read first (one indexed row) and a page past the middle is read from the far end; without it
 * (a filtered list) the page and its count run as in `selectPage`.
 */
export async function selectPageFromNearerEnd<Database, Tables extends keyof Database, Row>(
  filtered: SelectQueryBuilder<Database, Tables, object>,
  paging: Paging,
  select: (query: SelectQueryBuilder<Database, Tables, object>) => SelectQueryBuilder<Database, Tables, Row>,
  order: readonly SortKey[],
  countAll?: () => Promise<number>,
): Promise<{ rows: Row[]; total: number }> {
  if (countAll === undefined) {
    return selectPage(filtered, paging, (query) => ordered(select(query), order, false), countAll);
  }
  const total = await countAll();
  const offset = pageOffset(paging);
  // past the middle (and not past the end, which is empty either way): fewer rows lie after the page
  if (paging.perPage > 0 && offset < total && offset > total - offset - paging.perPage) {
    const size = Math.min(paging.perPage, total - offset);
    const rows = await ordered(select(filtered), order, true)
      .limit(size)
      .offset(total - offset - size)
      .execute();
    return { rows: rows.reverse(), total };
  }
  const rows = await ordered(select(filtered), order, false).limit(paging.perPage).offset(offset).execute();
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
