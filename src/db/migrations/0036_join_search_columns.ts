/**
 * On PostgreSQL, one trigram index per multi-column search instead of one per column (db/search.ts
 * `containsAny`): the index is on the search's columns joined into one lower-cased text, each
 * column apart from the next by a unit separator (chr(31)), in the order the search names them.
 * With ten indexes on the contacts, the planner spent about 1 ms weighing them for every search
 * statement, five times the search itself; and every write of a contact updated ten indexes.
 * The contacts keep a second joined index of their two names, which the invoices' and expenses'
 * search by contact name asks (modules/contacts `contactIdsNamed`).
 *
 * The expressions are written here as they stand today, and db/search.ts writes the same; a
 * later change of a search's columns is a migration of its own. SQLite's FTS mirrors stay.
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect.js";

const CONTACT_COLUMNS = [
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
];

/** The joined indexes; `replacesPerColumn`: the table's per-column indexes (0027, 0031) go. */
const JOINED: ReadonlyArray<{ index: string; table: string; columns: readonly string[]; replacesPerColumn: boolean }> =
  [
    { index: "contacts_search_trigram", table: "contacts", columns: CONTACT_COLUMNS, replacesPerColumn: true },
    {
      index: "contacts_name_trigram",
      table: "contacts",
      columns: ["company_name", "contact_person_name"],
      replacesPerColumn: false,
    },
    {
      index: "products_search_trigram",
      table: "products",
      columns: ["product_code", "description"],
      replacesPerColumn: true,
    },
    {
      index: "sales_invoices_search_trigram",
      table: "sales_invoices",
      columns: ["invoice_number", "api_reference", "description"],
      replacesPerColumn: true,
    },
  ];

const REPLACED = JOINED.filter((joined) => joined.replacesPerColumn);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { index, table, columns } of JOINED) {
    const parts = columns.map((column) => sql`coalesce(${sql.ref(column)}, '')`);
    await sql`create index ${sql.id(index)} on ${sql.table(table)}
      using gin (lower(${sql.join(parts, sql` || chr(31) || `)}) gin_trgm_ops)`.execute(db);
  }
  for (const { table, columns } of REPLACED) {
    for (const column of columns) await sql`drop index ${sql.id(`${table}_${column}_trigram`)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table, columns } of REPLACED) {
    for (const column of columns) {
      await sql`create index ${sql.id(`${table}_${column}_trigram`)} on ${sql.table(table)}
        using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(db);
    }
  }
  for (const { index } of JOINED) await sql`drop index ${sql.id(index)}`.execute(db);
}
