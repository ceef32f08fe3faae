import { type Kysely, sql } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("journal_entries")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("date", types.date, (column) => column.notNull())
    .addColumn("description", "text")
    .execute();
  await db.schema
    .createIndex("journal_entries_company_date_index")
    .on("journal_entries")
    .columns(["company_id", "date", "id"])
    .execute();

  await db.schema
    .createTable("journal_entry_lines")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("journal_entry_id", types.foreignKey, (column) =>
      column.notNull().references("journal_entries.id").onDelete("cascade"),
    )
    .addColumn("account_id", types.foreignKey, (column) => column.notNull().references("accounts.id"))
    .addColumn("debit_cents", types.bigint)
    .addColumn("credit_cents", types.bigint)
    // exactly one side, and a positive amount on it
    .addCheckConstraint(
      "journal_entry_lines_one_side",
      sql`(debit_cents is null and credit_cents > 0) or (credit_cents is null and debit_cents > 0)`,
    )
    .execute();
  await db.schema
    .createIndex("journal_entry_lines_entry_index")
    .on("journal_entry_lines")
    .column("journal_entry_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("journal_entry_lines").execute();
  await db.schema.dropTable("journal_entries").execute();
}
