/**
 * Indexes for the sales invoices' `search[q]` (a Kasboek extension, modules/sales-invoices), which
 * looks for a text in an invoice's number, api_reference and description (and in its contact's
 * name, which migration 0027's contact indexes serve). As in 0027: on PostgreSQL a trigram index
 * (pg_trgm, which 0027 created) on `lower(column)` serves the search's `like '%…%'`; on SQLite an
 * FTS5 table with the trigram tokenizer mirrors the three columns, kept by triggers in the writing
 * transaction, so it never disagrees with the rows.
 *
 * The mirror's update trigger fires only when a mirrored column changes: every write of an invoice
 * updates its row (the row lock, payments, publication), and none of those should rewrite the
 * mirror. The column list is fixed here; a later change of the searched columns is a migration of
 * its own.
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect.js";

const TABLE = "sales_invoices";
const SEARCH = "sales_invoices_search";
const COLUMNS = ["invoice_number", "api_reference", "description"] as const;

async function createTrigramIndexes(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) {
    await sql`create index ${sql.id(`${TABLE}_${column}_trigram`)} on ${sql.table(TABLE)}
      using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(db);
  }
}

async function createFullTextTable(db: Kysely<unknown>): Promise<void> {
  const listed = sql.join(COLUMNS.map((column) => sql.ref(column)));
  const fromNew = sql.join(COLUMNS.map((column) => sql.ref(`new.${column}`)));
  const fromOld = sql.join(COLUMNS.map((column) => sql.ref(`old.${column}`)));
  await sql`create virtual table ${sql.table(SEARCH)} using fts5(${listed},
    content=${sql.lit(TABLE)}, content_rowid='id', tokenize='trigram')`.execute(db);
  const forget = sql`insert into ${sql.table(SEARCH)} (${sql.table(SEARCH)}, rowid, ${listed})
    values ('delete', old.id, ${fromOld});`;
  const remember = sql`insert into ${sql.table(SEARCH)} (rowid, ${listed}) values (new.id, ${fromNew});`;
  await sql`create trigger ${sql.id(`${SEARCH}_insert`)} after insert on ${sql.table(TABLE)}
    begin ${remember} end`.execute(db);
  await sql`create trigger ${sql.id(`${SEARCH}_delete`)} after delete on ${sql.table(TABLE)}
    begin ${forget} end`.execute(db);
  await sql`create trigger ${sql.id(`${SEARCH}_update`)} after update of ${listed} on ${sql.table(TABLE)}
    begin ${forget} ${remember} end`.execute(db);
  await sql`insert into ${sql.table(SEARCH)} (${sql.table(SEARCH)}) values ('rebuild')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await createTrigramIndexes(db);
  else await createFullTextTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const column of COLUMNS) await sql`drop index ${sql.id(`${TABLE}_${column}_trigram`)}`.execute(db);
    return;
  }
  for (const event of ["insert", "delete", "update"]) {
    await sql`drop trigger ${sql.id(`${SEARCH}_${event}`)}`.execute(db);
  }
  await sql`drop table ${sql.table(SEARCH)}`.execute(db);
}
