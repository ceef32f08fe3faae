/**
 * Opens the books of companies that existed before the ledger (`kasboek books backfill`): gives
 * each company the accounts the default chart gained, then posts what it published or recorded
 * and the books hold no posting of, through each module's own posting code, exactly as the live
 * path posts. A migration used to do this; a migration must not run module code (it would run
 * whatever the posting rules are on the day it runs), so it is a command.
 *
 * Invariants:
 * - idempotent: only a source without any entry is posted, so a second run posts nothing, and a
 *   source the books hold already is never posted again under today's rules;
 * - one transaction per company: a company's books are opened completely or not at all;
 * - in the order things happened: invoices and expenses before the payments that settle them,
 *   manual entries last;
 * - this module owns no table and writes nothing itself: the chart is the accounts module's, each
 *   posting the ledger's, called through the source's own module.
 */
import type { ServiceDeps } from "../../platform/deps.js";
import { countCompaniesWithIncompleteChart, seedDefaultChart } from "../accounts/service.js";
import { postEarlierExpense } from "../expenses/service.js";
import { postEarlierManualEntry } from "../journal-entries/service.js";
import { postEarlierPayment } from "../payments/service.js";
import { postEarlierSalesInvoice } from "../sales-invoices/service.js";
import { findCompanies, findUnpostedIds, type PostedSource } from "./store.js";

export interface BackfillCompany {
  id: number;
  timeZone: string;
}

/** How many sources of each kind one company's backfill posted (gave an entry). */
export interface BackfillResult {
  salesInvoices: number;
  expenses: number;
  payments: number;
  journalEntries: number;
}

/** The companies to open the books of: every company, or the one asked for (none if it does not exist). */
export async function companiesToBackfill(deps: ServiceDeps, companyId?: number): Promise<BackfillCompany[]> {
  const rows = await findCompanies(deps.db, companyId);
  return rows.map((row) => ({ id: Number(row.id), timeZone: row.time_zone }));
}

/** Opens one company's books, in one transaction; what it posted. */
export async function backfillCompanyBooks(deps: ServiceDeps, company: BackfillCompany): Promise<BackfillResult> {
  const companyId = company.id;
  return deps.db.transaction().execute(async (transaction) => {
    await seedDefaultChart(transaction, companyId);
    const post = async (type: PostedSource, posting: (id: number) => Promise<void>) => {
      const ids = await findUnpostedIds(transaction, companyId, type);
      for (const id of ids) await posting(id);
      // a source whose posting has no lines (an invoice of nothing) stays without an entry
      return ids.length - (await findUnpostedIds(transaction, companyId, type)).length;
    };
    return {
      salesInvoices: await post("sales_invoice", (id) => postEarlierSalesInvoice(transaction, companyId, id)),
      expenses: await post("expense", (id) => postEarlierExpense(transaction, companyId, id)),
      payments: await post("payment", (id) =>
        postEarlierPayment(transaction, { companyId, timeZone: company.timeZone }, id),
      ),
      journalEntries: await post("journal_entry", (id) => postEarlierManualEntry(transaction, companyId, id)),
    };
  });
}

/**
 * How many companies still wait for the backfill: those whose chart lacks an account of the
 * default chart (the backfill gives them the accounts and the postings in one transaction, and
 * every company made since the ledger has the whole chart). One read, for `kasboek serve`.
 */
export function companiesAwaitingBackfill(deps: ServiceDeps): Promise<number> {
  return countCompaniesWithIncompleteChart(deps.db);
}
