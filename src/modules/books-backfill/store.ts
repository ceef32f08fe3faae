/**
 * What the backfill reads: every company, and per company the ids of what the books should hold
 * a posting of and hold none of (no entry for its source at all, reversed or not). This module
 * owns no table: each table is declared by its own module, and posting is the ledger's, through
 * the modules' services. What a source needs to be posted is stated once, here, as the live
 * path posts it: an invoice once it is no longer a concept, an expense once published, every
 * payment and every manual entry.
 */
import { type SqlBool, sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import type { CompanyTables } from "../companies/service.js";
import type { ExpenseTables } from "../expenses/service.js";
import type { JournalTables } from "../journal-entries/service.js";
import type { LedgerTables } from "../ledger/service.js";
import type { PaymentTables } from "../payments/service.js";
import type { SalesInvoiceTables } from "../sales-invoices/service.js";

type Tables = CompanyTables & SalesInvoiceTables & ExpenseTables & PaymentTables & JournalTables & LedgerTables;

function tables(executor: Executor) {
  return executor.withTables<Tables>();
}

export type PostedSource = "sales_invoice" | "expense" | "payment" | "journal_entry";

/** Every company (optionally one), in id order. */
export async function findCompanies(
  executor: Executor,
  companyId: number | undefined,
): Promise<Array<{ id: number; time_zone: string }>> {
  let query = tables(executor).selectFrom("companies").select(["id", "time_zone"]).orderBy("id");
  if (companyId !== undefined) query = query.where("id", "=", companyId);
  return query.execute();
}

/** Whether the books hold no entry at all for the source whose id is in `idColumn`. */
function hasNoEntry(companyId: number, type: PostedSource, idColumn: string) {
  return sql<SqlBool>`not exists (select 1 from ledger_entries entry where entry.company_id = ${companyId}
    and entry.source_type = ${type} and entry.source_id = ${sql.ref(idColumn)})`;
}

const ids = (rows: Array<{ id: number }>) => rows.map((row) => Number(row.id));

/** The ids, ascending, of the company's sources of `type` that should be posted and have no entry. */
export async function findUnpostedIds(executor: Executor, companyId: number, type: PostedSource): Promise<number[]> {
  const db = tables(executor);
  switch (type) {
    case "sales_invoice":
      return ids(
        await db
          .selectFrom("sales_invoices")
          .select("id")
          .where("company_id", "=", companyId)
          .where("status", "<>", "concept")
          .where(hasNoEntry(companyId, type, "sales_invoices.id"))
          .orderBy("id")
          .execute(),
      );
    case "expense":
      return ids(
        await db
          .selectFrom("expenses")
          .select("id")
          .where("company_id", "=", companyId)
          .where("state", "=", "published")
          .where(hasNoEntry(companyId, type, "expenses.id"))
          .orderBy("id")
          .execute(),
      );
    case "payment":
      return ids(
        await db
          .selectFrom("payments")
          .select("id")
          .where("company_id", "=", companyId)
          .where(hasNoEntry(companyId, type, "payments.id"))
          .orderBy("id")
          .execute(),
      );
    case "journal_entry":
      return ids(
        await db
          .selectFrom("journal_entries")
          .select("id")
          .where("company_id", "=", companyId)
          .where(hasNoEntry(companyId, type, "journal_entries.id"))
          .orderBy("id")
          .execute(),
      );
  }
}
