/**
 * The exports' reads over the books. This module owns no tables: it reads the ledger's
 * `ledger_entries` and `ledger_lines` (written by the ledger module alone, typed as it declares
 * them), always scoped by company. Sums are exact at any size (db/exact-sums.ts), read as bigint.
 *
 * A file is read in pages (keyset, never OFFSET) and every read of one file names the same last
 * entry id (`throughEntryId`): entries are only ever added, and on SQLite one writer commits them
 * in id order, so the ids up to the last one read at the start are exactly the books as they
 * were then. On PostgreSQL ids are not committed in order; there the file is also read in one
 * repeatable-read transaction (snapshot.ts), which sees one moment of the books. The pages of
 * entries with their lines, for the auditfile, are in store-entries.ts.
 */
import { sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { exactSum, readExactSum, summing } from "../../db/exact-sums.js";
import type { LedgerTables } from "../ledger/service.js";
import type { SourceType } from "./rules.js";

function reading(executor: Executor) {
  return executor.withTables<LedgerTables>();
}

export interface DateRange {
  from?: string;
  till?: string;
}

/** The last entry id of the company's books (0 for none): every read of one file stops there. */
export async function lastEntryId(executor: Executor, companyId: number): Promise<number> {
  const row = await reading(executor)
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.max("id").as("last"))
    .where("company_id", "=", companyId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

function linesIn(executor: Executor, companyId: number, range: DateRange, throughEntryId: number) {
  let query = reading(executor)
    .selectFrom("ledger_lines as line")
    .where("line.company_id", "=", companyId)
    .where("line.entry_id", "<=", throughEntryId);
  if (range.from !== undefined) query = query.where("line.date", ">=", range.from);
  if (range.till !== undefined) query = query.where("line.date", "<=", range.till);
  return query;
}

/** How many lines, and their debits and credits, over the range. */
export async function lineTotals(
  executor: Executor,
  companyId: number,
  range: DateRange,
  throughEntryId: number,
): Promise<{ linesCount: number; debitCents: bigint; creditCents: bigint }> {
  const row = await summing((shape) =>
    linesIn(executor, companyId, range, throughEntryId)
      .select((eb) => [
        eb.fn.countAll<number>().as("lines"),
        exactSum(sql.ref("line.debit_cents"), shape).as("debit"),
        exactSum(sql.ref("line.credit_cents"), shape).as("credit"),
      ])
      .executeTakeFirstOrThrow(),
  );
  return { linesCount: Number(row.lines), debitCents: readExactSum(row.debit), creditCents: readExactSum(row.credit) };
}

/** debit − credit per account over the range; only accounts with lines in it. */
export async function balancesPerAccount(
  executor: Executor,
  companyId: number,
  range: DateRange,
  throughEntryId: number,
): Promise<Map<number, bigint>> {
  const rows = await summing((shape) =>
    linesIn(executor, companyId, range, throughEntryId)
      .select([
        "line.account_id",
        exactSum(sql.ref("line.debit_cents"), shape).as("debit"),
        exactSum(sql.ref("line.credit_cents"), shape).as("credit"),
      ])
      .groupBy("line.account_id")
      .execute(),
  );
  return new Map(rows.map((row) => [row.account_id, readExactSum(row.debit) - readExactSum(row.credit)]));
}

/**
 * debit − credit per contact on the given accounts (debtors and creditors), before `from` and
 * through `till`: the relations' opening and closing balances.
 */
export async function balancesPerContact(
  executor: Executor,
  companyId: number,
  accountIds: readonly number[],
  range: Required<DateRange>,
  throughEntryId: number,
): Promise<Map<number, { openingCents: bigint; closingCents: bigint }>> {
  if (accountIds.length === 0) return new Map();
  const before = sql`case when line.date < ${range.from} then line.debit_cents - line.credit_cents else 0 end`;
  const rows = await summing((shape) =>
    linesIn(executor, companyId, { till: range.till }, throughEntryId)
      .where("line.account_id", "in", [...accountIds])
      .where("line.contact_id", "is not", null)
      .select([
        "line.contact_id",
        exactSum(before, shape).as("opening"),
        exactSum(sql`line.debit_cents - line.credit_cents`, shape).as("closing"),
      ])
      .groupBy("line.contact_id")
      .execute(),
  );
  const balances = new Map<number, { openingCents: bigint; closingCents: bigint }>();
  for (const row of rows) {
    if (row.contact_id === null) continue;
    balances.set(row.contact_id, { openingCents: readExactSum(row.opening), closingCents: readExactSum(row.closing) });
  }
  return balances;
}

/** The contacts of the range's entries, and whether they were sold to and bought from. */
export async function contactsOfEntries(
  executor: Executor,
  companyId: number,
  range: Required<DateRange>,
  throughEntryId: number,
): Promise<Array<{ contactId: number; sold: boolean; bought: boolean }>> {
  const rows = await reading(executor)
    .selectFrom("ledger_entries as entry")
    .select([
      "entry.contact_id",
      sql<number>`max(case when entry.source_type = 'sales_invoice' then 1 else 0 end)`.as("sold"),
      sql<number>`max(case when entry.source_type = 'expense' then 1 else 0 end)`.as("bought"),
    ])
    .where("entry.company_id", "=", companyId)
    .where("entry.id", "<=", throughEntryId)
    .where("entry.date", ">=", range.from)
    .where("entry.date", "<=", range.till)
    .where("entry.contact_id", "is not", null)
    .groupBy("entry.contact_id")
    .execute();
  return rows.flatMap((row) =>
    row.contact_id === null
      ? []
      : [{ contactId: row.contact_id, sold: Number(row.sold) === 1, bought: Number(row.bought) === 1 }],
  );
}

export interface LedgerLineRow {
  id: number;
  account_id: number;
  date: string;
  entry_id: number;
  description: string | null;
  source_type: SourceType;
  source_id: number;
  debit_cents: number;
  credit_cents: number;
}

/** Where a page of the general ledger ended: its last line's account, date and id. */
export interface LineKey {
  accountId: number;
  date: string;
  id: number;
}

/**
 * The next page of the range's lines, per account and then by date (a ledger card per account),
 * after `after`: the order of the ledger's covering index (company, account, date).
 */
export async function ledgerLinePage(
  executor: Executor,
  companyId: number,
  range: Required<DateRange>,
  window: { after: LineKey | null; throughEntryId: number; size: number },
): Promise<LedgerLineRow[]> {
  let query = linesIn(executor, companyId, range, window.throughEntryId).innerJoin(
    "ledger_entries as entry",
    "entry.id",
    "line.entry_id",
  );
  const after = window.after;
  if (after !== null) {
    // (account, date) bounds the index range on both databases; the id only breaks ties within it
    const at = sql`(${after.accountId}, ${after.date})`;
    query = query
      .where(sql<boolean>`(line.account_id, line.date) >= ${at}`)
      .where(sql<boolean>`((line.account_id, line.date) > ${at} or line.id > ${after.id})`);
  }
  return query
    .select([
      "line.id",
      "line.account_id",
      "line.date",
      "line.entry_id",
      "entry.description",
      "entry.source_type",
      "entry.source_id",
      "line.debit_cents",
      "line.credit_cents",
    ])
    .orderBy("line.account_id")
    .orderBy("line.date")
    .orderBy("line.id")
    .limit(window.size)
    .execute();
}
