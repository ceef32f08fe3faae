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
 *
 * On PostgreSQL a page and its count run as prepared statements (db/postgres-prepared.ts), unless
 * their SQL holds a `like` (a text search, an account's path prefix): a generic plan cannot weigh
 * a pattern it does not know, so those are planned for their values every time. A list's filters
 * are equalities and ranges on the company's indexes, which a generic plan serves as well as one
 * made for the values, and PostgreSQL keeps making plans for the values while they are cheaper
 * than the generic one. What it saves is the parse and plan of two statements per list: a month
 * of invoices' page and count cost PostgreSQL 0.26 ms of CPU unnamed and 0.11 ms prepared
 * (bench/RESULTS.md, "after the session of 2026-11-27 (third)").
 */
import { type Compilable, type SelectQueryBuilder, sql } from "kysely";
import { pageOffset } from "../platform/paging.js";
import type { Paging } from "../platform/params.js";
import type { Executor } from "./connection.js";
import { isPostgres } from "./dialect.js";
import { prepareStatement } from "./postgres-prepared.js";

const PATTERN_MATCH = /\slike\s/i;

/** The rows of one statement of a list, compiled once; prepared on PostgreSQL unless it matches a pattern. */
async function listRows<Row>(executor: Executor, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  if (isPostgres(executor) && !PATTERN_MATCH.test(compiled.sql)) prepareStatement(compiled.sql);
  return (await executor.executeQuery(compiled)).rows;
}

export async function selectPage<Database, Tables extends keyof Database, Row>(
  executor: Executor,
  filtered: SelectQueryBuilder<Database, Tables, object>,
  paging: Paging,
  selectOrdered: (query: SelectQueryBuilder<Database, Tables, object>) => SelectQueryBuilder<Database, Tables, Row>,
  countAll?: () => Promise<number>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, total] = await Promise.all([
    listRows(executor, selectOrdered(filtered).limit(paging.perPage).offset(pageOffset(paging))),
    countAll !== undefined ? countAll() : countMatching(executor, filtered),
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
  executor: Executor,
  filtered: SelectQueryBuilder<Database, Tables, object>,
  paging: Paging,
  select: (query: SelectQueryBuilder<Database, Tables, object>) => SelectQueryBuilder<Database, Tables, Row>,
  order: readonly SortKey[],
  countAll?: () => Promise<number>,
): Promise<{ rows: Row[]; total: number }> {
  if (countAll === undefined) {
    return selectPage(executor, filtered, paging, (query) => ordered(select(query), order, false), countAll);
  }
  const total = await countAll();
  const offset = pageOffset(paging);
  // past the middle (and not past the end, which is empty either way): fewer rows lie after the page
  if (paging.perPage > 0 && offset < total && offset > total - offset - paging.perPage) {
    const size = Math.min(paging.perPage, total - offset);
    const rows = await listRows(
      executor,
      ordered(select(filtered), order, true)
        .limit(size)
        .offset(total - offset - size),
    );
    return { rows: rows.reverse(), total };
  }
  const rows = await listRows(executor, ordered(select(filtered), order, false).limit(paging.perPage).offset(offset));
  return { rows, total };
}

async function countMatching<Database, Tables extends keyof Database>(
  executor: Executor,
  filtered: SelectQueryBuilder<Database, Tables, object>,
): Promise<number> {
  const counted = filtered.select(sql<number | string>`count(*)`.as("total"));
  // pg returns count(*) as a bigint string unless parsed; Number() makes both dialects agree
  const [count] = (await listRows(executor, counted)) as Array<{ total: number | string }>;
  return Number(count?.total ?? 0);
}
