/**
 * Many rows into one table in few statements (a bank statement's payments and their postings).
 *
 * PostgreSQL takes the rows as one array per column through `unnest`: a VALUES list of 500 rows
 * of 13 columns is 6,500 parameters, which PostgreSQL spent ~100 ms binding and planning per
 * statement while the insert itself took a few, so 10,000 payments cost 2.5 s; as arrays they
 * are 13 parameters whatever the count. SQLite takes VALUES of a few hundred rows (its calls are
 * in the process and it caps parameters at 32,766).
 *
 * Invariants: one statement's rows take ascending ids in the order given on both databases, so
 * the returned rows, sorted by id, are in the order of `rows`; every column is named with its
 * PostgreSQL type, so an array of nulls is still typed.
 */
import { sql } from "kysely";
import type { Executor } from "./connection.js";
import { isPostgres } from "./dialect.js";

/** The PostgreSQL type of each column inserted (the array's element type). */
export type ColumnTypes<Row> = {
  readonly [Column in keyof Row]: "bigint" | "integer" | "text" | "date" | "timestamptz";
};

const ROWS_PER_VALUES = 500;

/**
 * Inserts `rows` into `table`; answers the inserted rows (all columns, in the order of `rows`)
 * when `returnRows` is set, else nothing.
 */
export async function insertMany<Row extends Record<string, unknown>, Returned = Row & { id: number }>(
  executor: Executor,
  table: string,
  types: ColumnTypes<Row>,
  rows: readonly Row[],
  returnRows: boolean,
): Promise<Returned[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(types) as (keyof Row & string)[];
  const returning = returnRows ? sql` returning *` : sql``;
  const inserted: Array<Returned & { id: number }> = [];
  if (isPostgres(executor)) {
    const arrays = columns.map((column) => sql`${rows.map((row) => row[column] ?? null)}::${sql.raw(types[column])}[]`);
    const result = await sql<Returned & { id: number }>`insert into ${sql.table(table)}
      (${sql.join(columns.map((column) => sql.ref(column)))})
      select * from unnest(${sql.join(arrays)})${returning}`.execute(executor);
    inserted.push(...result.rows);
  } else {
    for (let start = 0; start < rows.length; start += ROWS_PER_VALUES) {
      const chunk = rows.slice(start, start + ROWS_PER_VALUES);
      const values = chunk.map((row) => sql`(${sql.join(columns.map((column) => sql`${row[column] ?? null}`))})`);
      const result = await sql<Returned & { id: number }>`insert into ${sql.table(table)}
        (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(values)}${returning}`.execute(
        executor,
      );
      inserted.push(...result.rows);
    }
  }
  return inserted.sort((a, b) => a.id - b.id);
}
