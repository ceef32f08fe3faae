import { type Kysely, sql } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  // The lines of every kind of document (sales invoices, quotations, expenses), told apart by
  // document_type. Amounts are the line's own integer cents, computed once when it is written.
  await db.schema
    .createTable("invoice_lines")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("document_type", "text", (column) => column.notNull())
    .addColumn("document_id", types.foreignKey, (column) => column.notNull())
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("description", "text")
    .addColumn("extended_description", "text")
    .addColumn("price_per_unit", types.decimal, (column) => column.notNull())
    .addColumn("quantity", types.decimal, (column) => column.notNull())
    .addColumn("vat_type_id", types.foreignKey, (column) => column.notNull().references("vat_types.id"))
    // the rate applied: the VAT type's, or the line's own for the custom type
    .addColumn("vat_rate", types.decimal, (column) => column.notNull())
    .addColumn("is_custom_vat_rate", types.boolean, (column) => column.notNull())
    .addColumn("product_id", types.foreignKey, (column) => column.references("products.id").onDelete("set null"))
    .addColumn("account_id", types.foreignKey, (column) => column.references("accounts.id"))
    // set when the document is published: the line then counts (e.g. as products sold)
    .addColumn("is_final", types.boolean, (column) => column.notNull())
    .addColumn("price_without_vat_cents", types.bigint, (column) => column.notNull())
    .addColumn("vat_amount_cents", types.bigint, (column) => column.notNull())
    .addColumn("price_with_vat_cents", types.bigint, (column) => column.notNull())
    .addCheckConstraint(
      "invoice_lines_totals_add_up",
      sql`price_with_vat_cents = price_without_vat_cents + vat_amount_cents`,
    )
    .execute();
  await db.schema
    .createIndex("invoice_lines_document_index")
    .on("invoice_lines")
    .columns(["company_id", "document_type", "document_id", "position"])
    .execute();
  await db.schema
    .createIndex("invoice_lines_product_index")
    .on("invoice_lines")
    .columns(["company_id", "product_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("invoice_lines").execute();
}
