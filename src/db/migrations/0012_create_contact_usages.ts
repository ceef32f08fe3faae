import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  // A published document's hold on its contact: while one exists the contact cannot be deleted.
  // Documents record it through the contacts service when they are published.
  await db.schema
    .createTable("contact_usages")
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("contact_id", types.foreignKey, (column) => column.notNull().references("contacts.id"))
    .addColumn("document_type", "text", (column) => column.notNull())
    .addColumn("document_id", types.foreignKey, (column) => column.notNull())
    .addPrimaryKeyConstraint("contact_usages_primary_key", ["company_id", "document_type", "document_id"])
    .execute();
  await db.schema.createIndex("contact_usages_contact_index").on("contact_usages").column("contact_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_usages").execute();
}
