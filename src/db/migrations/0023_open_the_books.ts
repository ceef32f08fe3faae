/**
 * Opens the books of an installation that ran before the ledger: every company gets the accounts
 * the chart gained (per-box VAT, revenue per box, unallocated receipts, rounding) and the
 * `read:reports` scope, and everything already published or recorded is posted as if it had been
 * posted when it happened — published invoices and expenses, payments, manual entries — so an
 * upgraded installation has complete books. Uses the modules' own posting code, so the upgrade
 * posts exactly what a new installation would. Runs in the migration's transaction: all or nothing.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Executor } from "../connection.js";

const REPORTS_SCOPE = "read:reports";

async function idsOf(executor: Executor, query: RawBuilder<{ id: number }>): Promise<number[]> {
  const { rows } = await query.execute(executor);
  return rows.map((row) => Number(row.id));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: companies } = await sql<{
    id: number;
    time_zone: string;
    allowed_scopes: string;
  }>`select id, time_zone, allowed_scopes from companies order by id`.execute(db);
  for (const company of companies) {
    const scopes = company.allowed_scopes.split(" ").filter((scope) => scope !== "");
    if (!scopes.includes(REPORTS_SCOPE)) {
      const allowed = [...scopes, REPORTS_SCOPE].join(" ");
      await sql`update companies set allowed_scopes = ${allowed} where id = ${company.id}`.execute(db);
    }
    await openBooksOf(db as unknown as Executor, Number(company.id), company.time_zone);
  }
}

/** One company's chart additions and postings of everything it published or recorded. */
export async function openBooksOf(executor: Executor, companyId: number, timeZone: string): Promise<void> {
  // loaded here, not at the top: every command of the CLI loads the migrations, few run this one
  const { seedDefaultChart } = await import("../../modules/accounts/service.js");
  const { postEarlierExpense } = await import("../../modules/expenses/service.js");
  const { postEarlierManualEntry } = await import("../../modules/journal-entries/service.js");
  const { postEarlierPayment } = await import("../../modules/payments/service.js");
  const { postEarlierSalesInvoice } = await import("../../modules/sales-invoices/service.js");
  await seedDefaultChart(executor, companyId);
  const invoices = sql<{ id: number }>`select id from sales_invoices
    where company_id = ${companyId} and status <> 'concept' order by id`;
  for (const id of await idsOf(executor, invoices)) await postEarlierSalesInvoice(executor, companyId, id);
  const expenses = sql<{ id: number }>`select id from expenses
    where company_id = ${companyId} and state = 'published' order by id`;
  for (const id of await idsOf(executor, expenses)) await postEarlierExpense(executor, companyId, id);
  const payments = sql<{ id: number }>`select id from payments where company_id = ${companyId} order by id`;
  for (const id of await idsOf(executor, payments)) await postEarlierPayment(executor, { companyId, timeZone }, id);
  const entries = sql<{ id: number }>`select id from journal_entries where company_id = ${companyId} order by id`;
  for (const id of await idsOf(executor, entries)) await postEarlierManualEntry(executor, companyId, id);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // the postings and accounts stay meaningful without the scope; 0022's down removes the books
  await sql`update companies set allowed_scopes = replace(allowed_scopes, ${` ${REPORTS_SCOPE}`}, '')`.execute(db);
}
