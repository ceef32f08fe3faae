/**
 * A company's number of rows in a listed table, as the triggers of migration 0028 keep it in
 * `row_counts`: the `X-Total` of an unfiltered list without counting the table. Exact, since a
 * row and its count are written in one transaction; a company without a row yet has 0.
 */
import type { Executor } from "./connection.js";
import type { COUNTED_TABLES } from "./migrations/0028_create_row_counts.js";
import { reusableQuery } from "./reusable-query.js";

export type CountedTable = (typeof COUNTED_TABLES)[number];

/** An unfiltered list: every row of `table` that belongs to `companyId`. */
export interface WholeList {
  table: CountedTable;
  companyId: number;
}

type RowCountTables = { row_counts: { company_id: number; table_name: string; total: number } };

const countOf = reusableQuery((executor, companyId: number, table: string) =>
  executor
    .withTables<RowCountTables>()
    .selectFrom("row_counts")
    .select("total")
    .where("company_id", "=", companyId)
    .where("table_name", "=", table),
);

export async function countedRows(executor: Executor, list: WholeList): Promise<number> {
  const [row] = await countOf(executor, list.companyId, list.table);
  return Number(row?.total ?? 0);
}

/** `countedRows` of the whole list, to hand to `selectPage` as its `countAll`. */
export function countOfAll(executor: Executor, table: CountedTable, companyId: number): () => Promise<number> {
  return () => countedRows(executor, { table, companyId });
}

/** A filter that narrows nothing: each of its conditions absent (a `false` may narrow: booked). */
export function narrowsNothing(filter: object): boolean {
  return Object.values(filter).every((condition) => condition === undefined);
}
