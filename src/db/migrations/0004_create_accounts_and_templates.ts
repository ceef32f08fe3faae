import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  // The chart of accounts is per company, seeded from the default Dutch chart on creation.
  await db.schema
    .createTable("accounts")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("parent_id", types.foreignKey, (column) => column.references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("path_name", "text", (column) => column.notNull())
    .addColumn("path", "text", (column) => column.notNull())
    .addColumn("reference", "text", (column) => column.notNull())
    .addColumn("type", "text")
    // bank or cash: accounts a payment can be booked on
    .addColumn("is_payment_account", types.boolean, (column) => column.notNull())
    .addColumn("is_ledger_account", types.boolean, (column) => column.notNull())
    .addUniqueConstraint("accounts_company_path_unique", ["company_id", "path"])
    .execute();

  await db.schema
    .createTable("templates")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("is_default", types.boolean, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("templates_company_id_index").on("templates").column("company_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("templates").execute();
  await db.schema.dropTable("accounts").execute();
}
