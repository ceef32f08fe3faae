import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("contacts")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("is_individual", types.boolean, (column) => column.notNull())
    .addColumn("is_supplier", types.boolean, (column) => column.notNull())
    .addColumn("company_name", "text")
    .addColumn("contact_person_name", "text")
    .addColumn("contact_person_email_address", "text")
    .addColumn("address", "text")
    .addColumn("zipcode", "text")
    .addColumn("city", "text")
    .addColumn("government_identification_number", "text")
    .addColumn("country_code", "text")
    .addColumn("kvk_number", "text")
    .addColumn("phone", "text")
    .addColumn("vat_number", "text")
    .addColumn("contact_number", "text", (column) => column.notNull())
    .addColumn("free_1", "text")
    .addColumn("free_2", "text")
    .addColumn("free_3", "text")
    .addUniqueConstraint("contacts_company_number_unique", ["company_id", "contact_number"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contacts").execute();
}
