/**
 * SQL for the books: `ledger_entries`, `ledger_lines` and `ledger_period_locks`. Entries and lines
 * are only ever inserted (the database refuses changes to a sealed entry and to posted lines); an
 * entry is sealed after its lines, and sealing is where the database checks the balance.
 * `ledger_account_months` holds each account's debits and credits per month, added to in the
 * posting's transaction, so it always equals the sums of the lines.
 */
import { type Generated, type Selectable, sql } from "kysely";
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
  debit_cents: number;
  credit_cents: number;
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

/** Bind-parameter budget per insert (SQLite allows 32,766; PostgreSQL 65,535). */
const LINES_PER_INSERT = 500;

// The statements of a posting are reusable queries (db/reusable-query.ts): built once, not per
// posting, whose Kysely building was most of a publication's own allocations.

const insertUnsealedEntry = reusableQuery(
  (
    executor,
    companyId: number,
    date: string,
    description: string | null,
    sourceType: string,
    sourceId: number,
    reversesEntryId: number | null,
    contactId: number | null,
    counterpartyCountry: string | null,
    counterpartyVatNumber: string | null,
    createdAt: string,
  ) =>
    ledger(executor)
      .insertInto("ledger_entries")
      .values({
        company_id: companyId,
        date,
        description,
        source_type: sourceType as SourceType,
        source_id: sourceId,
        reverses_entry_id: reversesEntryId,
        contact_id: contactId,
        counterparty_country: counterpartyCountry,
        counterparty_vat_number: counterpartyVatNumber,
        created_at: createdAt,
        sealed: 0,
      })
      .returning("id"),
);

/** Lines of one entry, one list per column, element i of each making line i. */
const insertLines = reusableQuery(
  (
    executor,
    companyId: number,
    entryId: number,
    date: string,
    accountIds: readonly number[],
    contactIds: readonly (number | null)[],
    debitCents: readonly number[],
    creditCents: readonly number[],
    vatBoxes: readonly (string | null)[],
    vatBaseCents: readonly (number | null)[],
    vatCents: readonly (number | null)[],
    icpKinds: readonly (string | null)[],
  ) =>
    ledger(executor)
      .insertInto("ledger_lines")
      .values(
        accountIds.map((accountId, index) => ({
          account_id: accountId,
          contact_id: contactIds[index] ?? null,
          debit_cents: debitCents[index] ?? 0,
          credit_cents: creditCents[index] ?? 0,
          vat_box: (vatBoxes[index] ?? null) as VatBox | null,
          vat_base_cents: vatBaseCents[index] ?? null,
          vat_cents: vatCents[index] ?? null,
          icp_kind: (icpKinds[index] ?? null) as IcpKind | null,
          company_id: companyId,
          entry_id: entryId,
          date,
        })),
      ),
);

const sealEntry = reusableQuery((executor, entryId: number) =>
  ledger(executor).updateTable("ledger_entries").set({ sealed: 1 }).where("id", "=", entryId),
);

const addMonthTotals = reusableQuery(
  (
    executor,
    companyId: number,
    month: string,
    accountIds: readonly number[],
    debitCents: readonly number[],
    creditCents: readonly number[],
  ) =>
    ledger(executor)
      .insertInto("ledger_account_months")
      .values(
        accountIds.map((accountId, index) => ({
          company_id: companyId,
          account_id: accountId,
          month,
          debit_cents: debitCents[index] ?? 0,
          credit_cents: creditCents[index] ?? 0,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(["company_id", "account_id", "month"]).doUpdateSet((update) => ({
          debit_cents: sql<number>`${sql.ref("ledger_account_months.debit_cents")} + ${update.ref("excluded.debit_cents")}`,
          credit_cents: sql<number>`${sql.ref("ledger_account_months.credit_cents")} + ${update.ref("excluded.credit_cents")}`,
        })),
      ),
);

export async function insertEntry(
  transaction: Executor,
  entry: LedgerEntryValues,
  lines: readonly LedgerLineValues[],
): Promise<number> {
  const [inserted] = await insertUnsealedEntry(
    transaction,
    entry.company_id,
    entry.date,
    entry.description,
    entry.source_type,
    entry.source_id,
    entry.reverses_entry_id,
    entry.contact_id,
    entry.counterparty_country,
    entry.counterparty_vat_number,
    entry.created_at,
  );
  if (inserted === undefined) throw new Error("the ledger entry was not inserted");
  for (let start = 0; start < lines.length; start += LINES_PER_INSERT) {
    const batch = lines.slice(start, start + LINES_PER_INSERT);
    await insertLines(
      transaction,
      entry.company_id,
      inserted.id,
      entry.date,
      batch.map((line) => line.account_id),
      batch.map((line) => line.contact_id),
      batch.map((line) => line.debit_cents),
      batch.map((line) => line.credit_cents),
      batch.map((line) => line.vat_box),
      batch.map((line) => line.vat_base_cents),
      batch.map((line) => line.vat_cents),
      batch.map((line) => line.icp_kind),
    );
  }
  await sealEntry(transaction, inserted.id);
  await addToMonths(transaction, entry.company_id, entry.date.slice(0, 7), lines);
  return inserted.id;
}

/** Adds an entry's lines to the month totals of their accounts (the running sums reports read). */
async function addToMonths(
  transaction: Executor,
  companyId: number,
  month: string,
  lines: readonly LedgerLineValues[],
): Promise<void> {
  const byAccount = new Map<number, { debit: number; credit: number }>();
  for (const line of lines) {
    const sums = byAccount.get(line.account_id) ?? { debit: 0, credit: 0 };
    sums.debit += line.debit_cents;
    sums.credit += line.credit_cents;
    byAccount.set(line.account_id, sums);
  }
  if (byAccount.size === 0) return;
  const totals = [...byAccount];
  await addMonthTotals(
    transaction,
    companyId,
    month,
    totals.map(([accountId]) => accountId),
    totals.map(([, sums]) => sums.debit),
    totals.map(([, sums]) => sums.credit),
  );
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
