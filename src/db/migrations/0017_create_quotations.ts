import { type Kysely, sql } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("quotations")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    // concept, imported, published, approved, denied, invoiced
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("date", types.date, (column) => column.notNull())
    .addColumn("contact_id", types.foreignKey, (column) => column.references("contacts.id").onDelete("set null"))
    // the contact's details as JSON, frozen at publication (null before: the live contact shows)
    .addColumn("cached_contact", "text")
    .addColumn("template_id", types.foreignKey, (column) => column.references("templates.id").onDelete("set null"))
    // written by hand or generated at publication; unique per company when present
    .addColumn("invoice_number", "text")
    .addColumn("creates_sign_url_on_publish", types.boolean, (column) => column.notNull())
    // the unguessable part of the public signing page's address, and until when it works
    .addColumn("sign_token", "text")
    .addColumn("sign_expires_at", types.dateTime)
    // who approved or denied the quotation, when, and how ("api" or "sign_url")
    .addColumn("decided_by_name", "text")
    .addColumn("decided_at", types.dateTime)
    .addColumn("decided_via", "text")
    .addColumn("sales_invoice_id", types.foreignKey, (column) =>
      column.references("sales_invoices.id").onDelete("set null"),
    )
    .addColumn("price_without_vat_cents", types.bigint, (column) => column.notNull())
    .addColumn("vat_amount_cents", types.bigint, (column) => column.notNull())
    .addColumn("price_with_vat_cents", types.bigint, (column) => column.notNull())
    .addColumn("published_at", types.dateTime)
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .addCheckConstraint(
      "quotations_totals_add_up",
      sql`price_with_vat_cents = price_without_vat_cents + vat_amount_cents`,
    )
    .execute();
  await db.schema
    .createIndex("quotations_company_number_unique")
    .on("quotations")
    .columns(["company_id", "invoice_number"])
    .unique()
    .execute();
  await db.schema.createIndex("quotations_sign_token_unique").on("quotations").column("sign_token").unique().execute();
  await db.schema
    .createIndex("quotations_company_date_index")
    .on("quotations")
    .columns(["company_id", "date", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("quotations").execute();
}
