import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("products")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("has_stock", types.boolean, (column) => column.notNull())
    .addColumn("description", "text")
    .addColumn("extended_description", "text")
    .addColumn("price_per_unit", types.decimal, (column) => column.notNull())
    .addColumn("vat_type_id", types.foreignKey, (column) => column.notNull().references("vat_types.id"))
    // only for the custom VAT type; other types take their rate from vat_types
    .addColumn("custom_vat_rate", types.decimal)
    .addColumn("account_id", types.foreignKey, (column) => column.references("accounts.id"))
    .addColumn("product_code", "text", (column) => column.notNull())
    .addUniqueConstraint("products_company_code_unique", ["company_id", "product_code"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("products").execute();
}
