import { type Kysely, sql } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  // Purchase invoices and receipts. Lines live in invoice_lines (document_type "expense"); their
  // VAT is input VAT.
  await db.schema
    .createTable("expenses")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    // concept or published; published is locked like a published invoice
    .addColumn("state", "text", (column) => column.notNull())
    .addColumn("date", types.date, (column) => column.notNull())
    .addColumn("type_account_id", types.foreignKey, (column) => column.notNull().references("accounts.id"))
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("contact_id", types.foreignKey, (column) => column.references("contacts.id").onDelete("set null"))
    // the contact's details as JSON, frozen at publication (null before: the live contact shows)
    .addColumn("cached_contact", "text")
    // YYYYMMNNNN from the company's per-month counter, assigned at publication
    .addColumn("invoice_number", "text")
    .addColumn("price_without_vat_cents", types.bigint, (column) => column.notNull())
    .addColumn("vat_amount_cents", types.bigint, (column) => column.notNull())
    .addColumn("price_with_vat_cents", types.bigint, (column) => column.notNull())
    .addColumn("published_at", types.dateTime)
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .addCheckConstraint(
      "expenses_totals_add_up",
      sql`price_with_vat_cents = price_without_vat_cents + vat_amount_cents`,
    )
    .addCheckConstraint("expenses_published_have_numbers", sql`(state = 'concept') = (invoice_number is null)`)
    .execute();
  await db.schema
    .createIndex("expenses_company_number_unique")
    .on("expenses")
    .columns(["company_id", "invoice_number"])
    .unique()
    .execute();
  await db.schema
    .createIndex("expenses_company_date_index")
    .on("expenses")
    .columns(["company_id", "date", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("expenses").execute();
}
