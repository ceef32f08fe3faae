/**
 * Opens the books of an installation that ran before the ledger, as far as a migration may: every
 * company gets the `read:reports` scope. The accounts the chart gained with the ledger and the
 * postings of what was published or recorded before it are not a migration's to make: they need
 * the posting rules, and a migration must give the same result whenever it runs, while module
 * code changes with every release (test/layers.test.ts keeps migrations from importing it). They
 * are made by `kasboek books backfill` (modules/books-backfill), which `kasboek serve` asks for in
 * its log while a company's chart still lacks them. Installations that applied this migration
 * before that change got them here already; the command finds nothing to do for them.
 */
import { type Kysely, sql } from "kysely";

const REPORTS_SCOPE = "read:reports";

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: companies } = await sql<{
    id: number;
    allowed_scopes: string;
  }>`select id, allowed_scopes from companies order by id`.execute(db);
  for (const company of companies) {
    const scopes = company.allowed_scopes.split(" ").filter((scope) => scope !== "");
    if (scopes.includes(REPORTS_SCOPE)) continue;
    const allowed = [...scopes, REPORTS_SCOPE].join(" ");
    await sql`update companies set allowed_scopes = ${allowed} where id = ${company.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // the postings and accounts stay meaningful without the scope; 0022's down removes the books
  await sql`update companies set allowed_scopes = replace(allowed_scopes, ${` ${REPORTS_SCOPE}`}, '')`.execute(db);
}
