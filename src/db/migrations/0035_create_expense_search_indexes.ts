/**
 * Indexes for the expenses' `search[q]` (a Kasboek extension, modules/expenses), which looks for a
 * text in an expense's number, in its lines' descriptions (an expense has no description of its
 * own: what it was for is said on its lines) and in its contact's name (which migration 0027's
 * contact indexes serve). As in 0027 and 0031: on PostgreSQL a trigram index (pg_trgm, which 0027
 * created) on `lower(column)` serves the search's `like '%…%'`; on SQLite FTS5 tables with the
 * trigram tokenizer mirror the columns, kept by triggers in the writing transaction, so they
 * never disagree with the rows.
 *
 * Only the lines of expenses are indexed (a partial index; on SQLite triggers that skip the other
 * lines and a contentless mirror, which cannot be mistaken for one of every line): invoice and
 * quotation lines are searched by no one, and each write of theirs would pay for the index. A
 * line never changes its document, so its `document_type` decides once whether it is mirrored.
 *
 * An expense found by its contact's name is looked up by contact, as a sales invoice is (0013's
 * index by company and contact): without that index, the company's every expense was read to find
 * those of the contacts found.
 *
 * The mirrors' update triggers fire only when a mirrored column changes: every write of an expense
 * updates its row (the row lock, publication), and none of those should rewrite the mirror. The
 * column lists are fixed here; a later change of the searched columns is a migration of its own.
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect.js";

const EXPENSES = "expenses";
const EXPENSES_SEARCH = "expenses_search";
const LINES = "invoice_lines";
const EXPENSE_LINES_SEARCH = "expense_lines_search";
const EXPENSE_LINE = sql`document_type = 'expense'`;

async function createTrigramIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`create index expenses_invoice_number_trigram on expenses
    using gin (lower(invoice_number) gin_trgm_ops)`.execute(db);
  await sql`create index invoice_lines_expense_description_trigram on invoice_lines
    using gin (lower(description) gin_trgm_ops) where ${EXPENSE_LINE}`.execute(db);
}

/** A trigram mirror of `column` of `table` (all rows, or those `when` says), kept by triggers. */
async function createMirror(
  db: Kysely<unknown>,
  search: string,
  table: string,
  column: string,
  options: { contentless: boolean; when?: string },
): Promise<void> {
  const content = options.contentless ? sql`content=''` : sql`content=${sql.lit(table)}, content_rowid='id'`;
  await sql`create virtual table ${sql.table(search)} using fts5(${sql.ref(column)},
    ${content}, tokenize='trigram')`.execute(db);
  const forget = sql`insert into ${sql.table(search)} (${sql.table(search)}, rowid, ${sql.ref(column)})
    values ('delete', old.id, ${sql.ref(`old.${column}`)});`;
  const remember = sql`insert into ${sql.table(search)} (rowid, ${sql.ref(column)})
    values (new.id, ${sql.ref(`new.${column}`)});`;
  const ofNew = options.when === undefined ? sql`` : sql`when ${sql.raw(`new.${options.when}`)}`;
  const ofOld = options.when === undefined ? sql`` : sql`when ${sql.raw(`old.${options.when}`)}`;
  await sql`create trigger ${sql.id(`${search}_insert`)} after insert on ${sql.table(table)} ${ofNew}
    begin ${remember} end`.execute(db);
  await sql`create trigger ${sql.id(`${search}_delete`)} after delete on ${sql.table(table)} ${ofOld}
    begin ${forget} end`.execute(db);
  await sql`create trigger ${sql.id(`${search}_update`)} after update of ${sql.ref(column)}
    on ${sql.table(table)} ${ofNew} begin ${forget} ${remember} end`.execute(db);
}

async function createFullTextTables(db: Kysely<unknown>): Promise<void> {
  await createMirror(db, EXPENSES_SEARCH, EXPENSES, "invoice_number", { contentless: false });
  await sql`insert into expenses_search (expenses_search) values ('rebuild')`.execute(db);
  await createMirror(db, EXPENSE_LINES_SEARCH, LINES, "description", {
    contentless: true,
    when: "document_type = 'expense'",
  });
  await sql`insert into expense_lines_search (rowid, description)
    select id, description from invoice_lines where ${EXPENSE_LINE}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("expenses_company_contact_index")
    .on("expenses")
    .columns(["company_id", "contact_id"])
    .execute();
  if (isPostgres(db)) await createTrigramIndexes(db);
  else await createFullTextTables(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("expenses_company_contact_index").execute();
  if (isPostgres(db)) {
    await sql`drop index expenses_invoice_number_trigram`.execute(db);
    await sql`drop index invoice_lines_expense_description_trigram`.execute(db);
    return;
  }
  for (const search of [EXPENSES_SEARCH, EXPENSE_LINES_SEARCH]) {
    for (const event of ["insert", "delete", "update"])
      await sql`drop trigger ${sql.id(`${search}_${event}`)}`.execute(db);
    await sql`drop table ${sql.table(search)}`.execute(db);
  }
}
