/**
 * Case-insensitive "contains" search over text columns, the same answer on SQLite and PostgreSQL;
 * `%` and `_` in a user's text match themselves, not any text.
 *
 * Served by indexes (migration 0027): on PostgreSQL the trigram indexes on `lower(column)` serve
 * the `like` itself; on SQLite the table's FTS5 trigram mirror (`<table>_search`) is asked for the
 * rows whose columns hold the text, which it can answer for a text of three characters or more
 * (a trigram); a shorter text is looked for row by row, as before the indexes. The mirror folds
 * case by Unicode, as PostgreSQL's `lower` does; SQLite's own `lower` folds only ASCII.
 *
 * A searched list scopes its company with `ofCompany`: when the mirror answers, the company is
 * checked on the rows it found and never walked, since the mirror holds every company's rows and
 * SQLite, without statistics, guesses that a company has ten rows and would otherwise read all of
 * the company's rows to test each against the mirror's answer (a whole table for one match).
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type { Executor } from "./connection.js";
import { isPostgres } from "./dialect.js";

const TRIGRAM_LENGTH = 3;

/** Whether SQLite's FTS mirror answers a search for `text` (else a row-by-row `like`). */
function mirrorAnswers(executor: Executor, text: string): boolean {
  return !isPostgres(executor) && [...text].length >= TRIGRAM_LENGTH;
}

/** Rows with `text` in any of `columns`, looked for row by row (`lower(column) like '%text%'`). */
export function likeAny(columns: readonly string[], text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * Rows of `table` with `text` in any of `columns` (the columns its search index mirrors). A mirror
 * of only some of the table's rows (`mirrorName`, e.g. the expenses' lines) answers only for those:
 * the caller narrows the rows to them.
 */
export function containsAny(
  executor: Executor,
  table: string,
  columns: readonly string[],
  text: string,
  mirrorName = `${table}_search`,
): Expression<SqlBool> {
  if (!mirrorAnswers(executor, text)) return likeAny(columns, text);
  const mirror = sql.table(mirrorName);
  // a phrase in double quotes is matched as it is written; a quote inside it is doubled
  const phrase = `"${text.replace(/"/g, '""')}"`;
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${mirror} where ${mirror} match ${phrase})`;
}

/**
 * The rows of `table` that belong to `companyId`, for a list searched for `text` (if any). The
 * unary `+` is the same number, but no index can serve it, so SQLite reads the mirror's rows by
 * primary key instead of walking the company's index; elsewhere a plain comparison, which an index
 * may serve.
 */
export function ofCompany(
  executor: Executor,
  table: string,
  companyId: number,
  text: string | undefined,
): Expression<SqlBool> {
  const column = sql.ref(`${table}.company_id`);
  return text !== undefined && mirrorAnswers(executor, text)
    ? sql<SqlBool>`+${column} = ${companyId}`
    : sql<SqlBool>`${column} = ${companyId}`;
}
