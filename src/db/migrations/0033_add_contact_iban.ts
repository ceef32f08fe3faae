/**
 * A contact's bank account (issue 29): `iban`, a Kasboek extension on contacts, typed in or learned
 * from a bank payment the owner confirmed as theirs; a statement's payment from that IBAN is then
 * matched to the contact's open documents. Schema only; normalised (no spaces, upper case) when
 * written, so the index finds it as a statement names it.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contacts").addColumn("iban", "text").execute();
  await db.schema.createIndex("contacts_company_iban_index").on("contacts").columns(["company_id", "iban"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("contacts_company_iban_index").execute();
  await db.schema.alterTable("contacts").dropColumn("iban").execute();
}
