/**
 * Indexes for `search[q]` (db/search.ts), which looks for a text inside any of several columns:
 * without them every search read the company's whole table. On PostgreSQL a trigram index
 * (pg_trgm) on `lower(column)` serves the same `like '%…%'` the search has always run. On SQLite
 * an FTS5 table with the trigram tokenizer mirrors the searched columns of each table, kept by
 * triggers in the writing transaction, so it can never disagree with the rows.
 *
 * The column lists are fixed here, as the searches had them when this migration was written; a
 * later change of a search's columns is a migration of its own.
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect.js";

const SEARCHED: ReadonlyArray<{ table: string; columns: readonly string[] }> = [
  {
    table: "contacts",
    columns: [
      "company_name",
      "contact_person_name",
      "contact_person_email_address",
      "kvk_number",
      "contact_number",
      "address",
      "phone",
      "vat_number",
      "zipcode",
      "city",
    ],
  },
  { table: "products", columns: ["product_code", "description"] },
];

async function createTrigramIndexes(db: Kysely<unknown>): Promise<void> {
  // Trusted since PostgreSQL 13: the database's owner may create it without being a superuser.
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const { table, columns } of SEARCHED) {
    for (const column of columns) {
      await sql`create index ${sql.id(`${table}_${column}_trigram`)} on ${sql.table(table)}
        using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(db);
    }
  }
}

async function createFullTextTables(db: Kysely<unknown>): Promise<void> {
  for (const { table, columns } of SEARCHED) {
    const search = `${table}_search`;
    const listed = sql.join(columns.map((column) => sql.ref(column)));
    const fromNew = sql.join(columns.map((column) => sql.ref(`new.${column}`)));
    const fromOld = sql.join(columns.map((column) => sql.ref(`old.${column}`)));
    await sql`create virtual table ${sql.table(search)} using fts5(${listed},
      content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(db);
    const forget = sql`insert into ${sql.table(search)} (${sql.table(search)}, rowid, ${listed})
      values ('delete', old.id, ${fromOld});`;
    const remember = sql`insert into ${sql.table(search)} (rowid, ${listed}) values (new.id, ${fromNew});`;
    await sql`create trigger ${sql.id(`${search}_insert`)} after insert on ${sql.table(table)}
      begin ${remember} end`.execute(db);
    await sql`create trigger ${sql.id(`${search}_delete`)} after delete on ${sql.table(table)}
      begin ${forget} end`.execute(db);
    await sql`create trigger ${sql.id(`${search}_update`)} after update on ${sql.table(table)}
      begin ${forget} ${remember} end`.execute(db);
    await sql`insert into ${sql.table(search)} (${sql.table(search)}) values ('rebuild')`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await createTrigramIndexes(db);
  else await createFullTextTables(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, columns } of SEARCHED) {
    if (isPostgres(db)) {
      for (const column of columns) await sql`drop index ${sql.id(`${table}_${column}_trigram`)}`.execute(db);
    } else {
      for (const event of ["insert", "delete", "update"]) {
        await sql`drop trigger ${sql.id(`${table}_search_${event}`)}`.execute(db);
      }
      await sql`drop table ${sql.table(`${table}_search`)}`.execute(db);
    }
  }
}
