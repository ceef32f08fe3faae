/**
 * Bank statements (issue 29): each imported statement, and on `payments` what a transaction from
 * one carries. Schema only. A payment's `bank_fingerprint` is how the same transaction is known
 * again (the bank's own reference, or its date, amount, counterparty and remittance together);
 * the unique index over the originals makes a second copy impossible even for two imports at once,
 * and a copy found is kept with `duplicate_of_id` set, out of the books.
 */
import { type Kysely, sql } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("bank_statements")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("account_id", types.foreignKey, (column) => column.notNull().references("accounts.id"))
    .addColumn("format", "text", (column) => column.notNull())
    .addColumn("iban", "text", (column) => column.notNull())
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("from_date", "text", (column) => column.notNull())
    .addColumn("till_date", "text", (column) => column.notNull())
    .addColumn("opening_balance_cents", types.bigint, (column) => column.notNull())
    .addColumn("closing_balance_cents", types.bigint, (column) => column.notNull())
    .addColumn("transactions_count", "integer", (column) => column.notNull())
    .addColumn("new_count", "integer", (column) => column.notNull())
    .addColumn("duplicates_count", "integer", (column) => column.notNull())
    .addColumn("matched_count", "integer", (column) => column.notNull())
    .addColumn("file_name", "text")
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("bank_statements_company_iban_index")
    .on("bank_statements")
    .columns(["company_id", "iban", "id"])
    .execute();
  // plain columns, no REFERENCES: SQLite cannot drop a referencing column again (`down`); the
  // bank-statements module is the only writer of both
  await db.schema.alterTable("payments").addColumn("bank_statement_id", types.foreignKey).execute();
  // the Kasboek extension `bank_transaction` as JSON: booking and value date, counterparty, references
  await db.schema.alterTable("payments").addColumn("bank_transaction", "text").execute();
  await db.schema.alterTable("payments").addColumn("bank_fingerprint", "text").execute();
  await db.schema.alterTable("payments").addColumn("duplicate_of_id", types.foreignKey).execute();
  await sql`create unique index payments_bank_fingerprint_index on payments (company_id, account_id, bank_fingerprint)
    where bank_fingerprint is not null and duplicate_of_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payments_bank_fingerprint_index`.execute(db);
  for (const column of ["duplicate_of_id", "bank_fingerprint", "bank_transaction", "bank_statement_id"]) {
    await db.schema.alterTable("payments").dropColumn(column).execute();
  }
  await db.schema.dropTable("bank_statements").execute();
}
