/**
 * Two Kasboek extensions of the sales invoice: `delivery_date`, the date of the supply when it
 * differs from the invoice date (a Dutch invoice must state it then), and `credited_invoice_id`,
 * the invoice a credit invoice corrects. Both nullable; existing invoices get neither. The credited
 * invoice is referenced by id within the same company (checked by the service, indexed here).
 */
import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  await db.schema.alterTable("sales_invoices").addColumn("delivery_date", types.date).execute();
  await db.schema
    .alterTable("sales_invoices")
    .addColumn("credited_invoice_id", types.foreignKey, (column) => column.references("sales_invoices.id"))
    .execute();
  await db.schema
    .createIndex("sales_invoices_credited_invoice")
    .on("sales_invoices")
    .columns(["company_id", "credited_invoice_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("sales_invoices_credited_invoice").execute();
  await db.schema.alterTable("sales_invoices").dropColumn("credited_invoice_id").execute();
  await db.schema.alterTable("sales_invoices").dropColumn("delivery_date").execute();
}
