import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("payments")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    // signed: negative is money going out
    .addColumn("amount_cents", types.bigint, (column) => column.notNull())
    .addColumn("description", "text")
    .addColumn("account_id", types.foreignKey, (column) => column.notNull().references("accounts.id"))
    .addColumn("paid_at", types.dateTime, (column) => column.notNull())
    // the document the payment settles (a sales invoice, an expense); null while unbooked
    .addColumn("document_type", "text")
    .addColumn("document_id", types.foreignKey)
    // how the payment arrived: "manual" (API or person) or, later, "bank_import"
    .addColumn("source", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("payments_company_paid_at_index")
    .on("payments")
    .columns(["company_id", "paid_at", "id"])
    .execute();
  await db.schema
    .createIndex("payments_document_index")
    .on("payments")
    .columns(["company_id", "document_type", "document_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payments").execute();
}
