/**
 * The id of a table's next row, taken before the row is written, so that what points at it (a
 * document's lines, its contact usage) can be written first and the row itself later: a
 * publication writes a document's own rows before it takes the company's number, whose counter
 * row stays locked until commit (documents/publication.ts).
 *
 * Invariants:
 * - PostgreSQL: a value of the `id` column's identity sequence, as the insert's default would
 *   take it: never handed out twice, whatever commits; a rolled-back write leaves a gap in ids,
 *   as a rolled-back insert does.
 * - SQLite: the rowid an AUTOINCREMENT table gives its next row, past both the largest id it
 *   ever gave (`sqlite_sequence`) and the largest it holds. Only valid in a write transaction
 *   (it holds the one writer, `BEGIN IMMEDIATE`, until commit), with the row inserted before any
 *   other row of the same table; inserting it moves `sqlite_sequence` past it.
 */
import { sql } from "kysely";
import type { Executor } from "./connection.js";
import { isPostgres } from "./dialect.js";
import { reusableQuery } from "./reusable-query.js";

/** Reserves ids of `table` (a table of ours with an `id` key made by `columnTypes`). */
export function idReserver(table: string): (transaction: Executor) => Promise<number> {
  const nextId = reusableQuery((executor) =>
    executor.selectNoFrom(
      (isPostgres(executor)
        ? sql<number | string>`nextval(pg_get_serial_sequence(${sql.lit(table)}, 'id'))`
        : sql<number>`max(coalesce((select seq from sqlite_sequence where name = ${sql.lit(table)}), 0),
            coalesce((select max(id) from ${sql.table(table)}), 0)) + 1`
      ).as("id"),
    ),
  );
  return async (transaction) => {
    const [row] = await nextId(transaction);
    if (row === undefined) throw new Error(`no id could be reserved in ${table}`);
    return Number(row.id);
  };
}
