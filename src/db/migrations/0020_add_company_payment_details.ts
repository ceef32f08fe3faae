/**
 * The company's bank details, which a Dutch invoice prints so the customer can pay: `iban` and
 * `bic`, Kasboek extensions to the reference's company. Nullable text on both databases, stored
 * normalised (upper-case, no spaces); existing companies get none and keep every other value,
 * `vat_liable` included.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  await db.schema.alterTable("companies").addColumn("iban", "text").execute();
  await db.schema.alterTable("companies").addColumn("bic", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("companies").dropColumn("bic").execute();
  await db.schema.alterTable("companies").dropColumn("iban").execute();
}
