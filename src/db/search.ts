/**
 * Case-insensitive "contains" search over text columns, the same answer on SQLite and PostgreSQL;
 * `%` and `_` in a user's text match themselves, not any text.
 *
 * Served by indexes (migrations 0027 and 0036). On PostgreSQL one trigram index per search serves
 * the `like` itself, on the search's columns joined into one text (`joinedText`, each column's
 * text apart from the next by a unit separator, U+001F): a text without that separator is in the
 * joined text exactly when it is in one of the columns, and the planner weighs one index instead
 * of one per column. With ten, PostgreSQL spent 1.2 ms planning each contact search statement;
 * with one, 0.1 ms (bench/RESULTS.md, "after the session of 2026-11-27 (third)"). A text that
 * holds the separator is looked for column by column; a single column keeps its own index on
 * `lower(column)`. On SQLite the table's FTS5 trigram mirror (`<table>_search`) is asked for the
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

/** Between the columns of a joined search text; no column's text is allowed to stand across it. */
const COLUMN_SEPARATOR = "\u001f";

/** Whether SQLite's FTS mirror answers a search for `text` (else a row-by-row `like`). */
function mirrorAnswers(executor: Executor, text: string): boolean {
  return !isPostgres(executor) && [...text].length >= TRIGRAM_LENGTH;
}

/** The `like` pattern of "contains `text`, in any case", its `%`, `_` and backslash escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Rows with `text` in any of `columns`, looked for row by row (`lower(column) like '%text%'`). */
export function likeAny(columns: readonly string[], text: string): Expression<SqlBool> {
  const pattern = containsPattern(text);
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * `lower(coalesce(a, '') || chr(31) || coalesce(b, '') …)` over `columns` of `table`, written as
 * the PostgreSQL index of the search declares it (migration 0036), so the planner matches the two.
 */
function joinedText(table: string, columns: readonly string[]) {
  const parts = columns.map((column) => sql`coalesce(${sql.ref(`${table}.${column}`)}, '')`);
  return sql`lower(${sql.join(parts, sql` || chr(31) || `)})`;
}

/** Rows with `text` in the joined text of `columns` (never across two: the caller rules that out). */
function likeJoined(table: string, columns: readonly string[], text: string): Expression<SqlBool> {
  return sql<SqlBool>`${joinedText(table, columns)} like ${containsPattern(text)} escape '\\'`;
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
  if (isPostgres(executor)) {
    const joinable = columns.length > 1 && !text.includes(COLUMN_SEPARATOR);
    return joinable ? likeJoined(table, columns, text) : likeAny(columns, text);
  }
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
