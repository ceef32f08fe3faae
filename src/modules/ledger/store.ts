/**
 * SQL for the books: `ledger_entries`, `ledger_lines` and `ledger_period_locks`. Entries and lines
 * are only ever inserted (the database refuses changes to a sealed entry and to posted lines); an
 * entry is sealed after its lines, and sealing is where the database checks the balance.
 * `ledger_account_months` holds each account's debits and credits per month, added to in the
 * posting's transaction, so it always equals the sums of the lines.
 */
import { type ColumnType, type Generated, type Selectable, sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { isPostgres } from "../../db/dialect.js";
import { reusableQuery } from "../../db/reusable-query.js";
import type { IcpKind, VatBox } from "./classification.js";
import type { SourceType } from "./rules.js";

interface LedgerEntriesTable {
  id: Generated<number>;
  company_id: number;
  date: string;
  description: string | null;
  source_type: SourceType;
  source_id: number;
  reverses_entry_id: number | null;
  contact_id: number | null;
  counterparty_country: string | null;
  counterparty_vat_number: string | null;
  sealed: number;
  created_at: string;
}

interface LedgerLinesTable {
  id: Generated<number>;
  company_id: number;
  entry_id: number;
  date: string;
  account_id: number;
  contact_id: number | null;
  debit_cents: number;
  credit_cents: number;
  vat_box: VatBox | null;
  vat_base_cents: number | null;
  vat_cents: number | null;
  icp_kind: IcpKind | null;
}

interface LedgerAccountMonthsTable {
  company_id: number;
  account_id: number;
  /** YYYY-MM */
  month: string;
  /** read only as exact sums (db/exact-sums.ts); written as bigint, since an entry's lines may add up past 2^53 */
  debit_cents: ColumnType<number, bigint, bigint>;
  credit_cents: ColumnType<number, bigint, bigint>;
}

interface LedgerPeriodLocksTable {
  id: Generated<number>;
  company_id: number;
  from_date: string;
  till_date: string;
  reason: string;
}

export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type LedgerLineRow = Selectable<LedgerLinesTable>;
export type LedgerLineValues = Omit<LedgerLineRow, "id" | "company_id" | "entry_id" | "date">;
export type LedgerEntryValues = Omit<LedgerEntryRow, "id" | "sealed">;

/** The ledger's tables, for the read models (reports, returns) that sum them; only this module writes them. */
export type LedgerTables = {
  ledger_entries: LedgerEntriesTable;
  ledger_lines: LedgerLinesTable;
  ledger_period_locks: LedgerPeriodLocksTable;
  ledger_account_months: LedgerAccountMonthsTable;
};

export function ledger(executor: Executor) {
  return executor.withTables<LedgerTables>();
}

/** The entries of a source that are in force: neither a reversal nor reversed. */
export async function findActiveEntries(
  executor: Executor,
  companyId: number,
  source: { type: SourceType; id: number },
): Promise<LedgerEntryRow[]> {
  return ledger(executor)
    .selectFrom("ledger_entries as entry")
    .selectAll("entry")
    .where("entry.company_id", "=", companyId)
    .where("entry.source_type", "=", source.type)
    .where("entry.source_id", "=", source.id)
    .where("entry.reverses_entry_id", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("ledger_entries as reversal")
            .select("reversal.id")
            .whereRef("reversal.reverses_entry_id", "=", "entry.id"),
        ),
      ),
    )
    .orderBy("entry.id")
    .execute();
}

export async function findEntryLines(executor: Executor, entryIds: readonly number[]): Promise<LedgerLineRow[]> {
  if (entryIds.length === 0) return [];
  return ledger(executor)
    .selectFrom("ledger_lines")
    .selectAll()
    .where("entry_id", "in", [...entryIds])
    .orderBy("entry_id")
    .orderBy("id")
    .execute();
}

/**
 * Holds the company's row shared until commit (PostgreSQL), so that filing a return — which
 * updates that row before it sums the period — and a posting never interleave: a posting either
 * commits before the sums are taken, or waits and then sees the new lock. SQLite writers are
 * serialised by the write lock already.
 */
export async function holdCompanyForPosting(transaction: Executor, companyId: number): Promise<void> {
  if (!isPostgres(transaction)) return;
  await sql`select id from companies where id = ${companyId} for share`.execute(transaction);
}

/** The lock that covers `date`, if any. */
const lockCovering = reusableQuery((executor, companyId: number, date: string) =>
  ledger(executor)
    .selectFrom("ledger_period_locks")
    .select(["from_date", "till_date", "reason"])
    .where("company_id", "=", companyId)
    .where("till_date", ">=", date)
    .where("from_date", "<=", date)
    .limit(1),
);

export async function findLockCovering(
  executor: Executor,
  companyId: number,
  date: string,
): Promise<{ from_date: string; till_date: string; reason: string } | undefined> {
  return (await lockCovering(executor, companyId, date))[0];
}

export async function insertLock(
  transaction: Executor,
  values: Omit<Selectable<LedgerPeriodLocksTable>, "id">,
): Promise<void> {
  await ledger(transaction).insertInto("ledger_period_locks").values(values).execute();
}
