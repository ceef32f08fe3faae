import { type Kysely, sql } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("sales_invoices")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("date", types.date, (column) => column.notNull())
    .addColumn("due_date", types.date, (column) => column.notNull())
    .addColumn("payment_method", "text", (column) => column.notNull())
    .addColumn("custom_payment_instructions", "text")
    .addColumn("creates_pay_url_on_publish", types.boolean, (column) => column.notNull())
    .addColumn("pay_url", "text")
    .addColumn("description", "text")
    // a concept's contact may be deleted; a published invoice holds its contact (contact_usages)
    .addColumn("contact_id", types.foreignKey, (column) => column.references("contacts.id").onDelete("set null"))
    // the contact's details as JSON, copied on every change and frozen at publication
    .addColumn("cached_contact", "text")
    .addColumn("invoice_number", "text")
    .addColumn("published_at", types.dateTime)
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("currency_exchange_rate", types.decimal, (column) => column.notNull())
    .addColumn("sends_copy_by_email_on_publish", types.boolean, (column) => column.notNull())
    .addColumn("template_id", types.foreignKey, (column) => column.references("templates.id").onDelete("set null"))
    .addColumn("vat_number", "text")
    .addColumn("validates_vat_number", types.boolean, (column) => column.notNull())
    .addColumn("api_reference", "text")
    .addColumn("payment_reference", "text")
    .addColumn("sale_type", "text")
    .addColumn("distance_sale", types.boolean, (column) => column.notNull())
    // sums of the lines' cents, rewritten in the transaction that changes the lines
    .addColumn("price_without_vat_cents", types.bigint, (column) => column.notNull())
    .addColumn("vat_amount_cents", types.bigint, (column) => column.notNull())
    .addColumn("price_with_vat_cents", types.bigint, (column) => column.notNull())
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .addCheckConstraint(
      "sales_invoices_totals_add_up",
      sql`price_with_vat_cents = price_without_vat_cents + vat_amount_cents`,
    )
    .addCheckConstraint("sales_invoices_published_have_numbers", sql`(status = 'concept') = (invoice_number is null)`)
    .execute();
  await db.schema
    .createIndex("sales_invoices_company_number_unique")
    .on("sales_invoices")
    .columns(["company_id", "invoice_number"])
    .unique()
    .execute();
  await db.schema
    .createIndex("sales_invoices_company_api_reference_unique")
    .on("sales_invoices")
    .columns(["company_id", "api_reference"])
    .unique()
    .execute();
  await db.schema
    .createIndex("sales_invoices_company_date_index")
    .on("sales_invoices")
    .columns(["company_id", "date", "id"])
    .execute();
  await db.schema
    .createIndex("sales_invoices_company_contact_index")
    .on("sales_invoices")
    .columns(["company_id", "contact_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sales_invoices").execute();
}
