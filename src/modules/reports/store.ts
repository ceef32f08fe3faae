/**
 * The reports' read model over the books. This module owns no tables: it only reads the ledger's
 * `ledger_lines`, `ledger_entries` and `ledger_account_months` (written by the ledger module
 * alone) and the `rides` table of its module, read-only, typed as those modules declare them. Every query is a SELECT scoped by
 * company. Every sum is exact at any size (db/exact-sums.ts) and answered as a bigint. Sums over
 * accounts take whole months from the ledger's month totals and only the cut months' days from
 * the lines, so their cost follows the range's edges, not the years of books behind them. Open
 * items read documents and their payments in open-items-store.ts.
 */
import { sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { exactSum, readExactSum, type SumShape, summing } from "../../db/exact-sums.js";
import { selectPage } from "../../db/paging.js";
import { pageOffset } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import type { LedgerTables } from "../ledger/service.js";
import type { RideTables } from "../rides/service.js";
import { cutByMonths, type MonthAccountTotals } from "./month-rules.js";

/** What the reports read, as the modules that own these tables declare them. */
type ReportTables = LedgerTables & RideTables;

function reading(executor: Executor) {
  return executor.withTables<ReportTables>();
}

/** Inclusive date bounds; an absent bound is open. */
export interface DateRange {
  from?: string;
  till?: string;
}

/** Debits and credits of an account, summed exactly. */
export interface AccountTotals {
  account_id: number;
  debit_cents: bigint;
  credit_cents: bigint;
}

type SummedColumn = "line.debit_cents" | "line.credit_cents" | "month.debit_cents" | "month.credit_cents";
const sumOf = (column: SummedColumn, shape: SumShape) => exactSum(sql.ref(column), shape);

function linesIn(executor: Executor, companyId: number, range: DateRange) {
  let query = reading(executor).selectFrom("ledger_lines as line").where("line.company_id", "=", companyId);
  if (range.from !== undefined) query = query.where("line.date", ">=", range.from);
  if (range.till !== undefined) query = query.where("line.date", "<=", range.till);
  return query;
}

/**
 * The lines of the given accounts over the range. Naming the accounts lets the database seek the
 * range of dates within each account on the (company, account, date) index, where otherwise it
 * reads every line of the company to pick the dates: 48 → 6 ms for a month of 100k invoices'
 * postings on SQLite.
 */
function accountLinesIn(executor: Executor, companyId: number, range: DateRange, accountIds: readonly number[]) {
  return linesIn(executor, companyId, range).where("line.account_id", "in", accountIds.length === 0 ? [0] : accountIds);
}

/** Debits and credits per account of `accountIds` (the company's chart) over the range; only accounts with lines in it. */
export async function sumLinesPerAccount(
  executor: Executor,
  companyId: number,
  range: DateRange,
  accountIds: readonly number[],
): Promise<AccountTotals[]> {
  const cut = cutByMonths(range);
  const parts = await Promise.all([
    ...(cut.months === null ? [] : [sumMonthsPerAccount(executor, companyId, cut.months)]),
    ...cut.days.map((days) => sumDaysPerAccount(executor, companyId, days, accountIds)),
  ]);
  const totals = new Map<number, AccountTotals>();
  for (const row of parts.flat()) {
    const sum = totals.get(row.account_id) ?? { account_id: row.account_id, debit_cents: 0n, credit_cents: 0n };
    sum.debit_cents += readExactSum(row.debit_cents);
    sum.credit_cents += readExactSum(row.credit_cents);
    totals.set(row.account_id, sum);
  }
  return [...totals.values()];
}

/** Whole months from the ledger's month totals (`YYYY-MM` bounds, inclusive). */
function sumMonthsPerAccount(executor: Executor, companyId: number, months: { from?: string; till?: string }) {
  let query = reading(executor).selectFrom("ledger_account_months as month").where("month.company_id", "=", companyId);
  if (months.from !== undefined) query = query.where("month.month", ">=", months.from);
  if (months.till !== undefined) query = query.where("month.month", "<=", months.till);
  return summing((shape) =>
    query
      .select([
        "month.account_id",
        sumOf("month.debit_cents", shape).as("debit_cents"),
        sumOf("month.credit_cents", shape).as("credit_cents"),
      ])
      .groupBy("month.account_id")
      .execute(),
  );
}

function sumDaysPerAccount(executor: Executor, companyId: number, range: DateRange, accountIds: readonly number[]) {
  return summing((shape) =>
    accountLinesIn(executor, companyId, range, accountIds)
      .select([
        "line.account_id",
        sumOf("line.debit_cents", shape).as("debit_cents"),
        sumOf("line.credit_cents", shape).as("credit_cents"),
      ])
      .groupBy("line.account_id")
      .execute(),
  );
}

/**
 * Debits and credits per month (`YYYY-MM`) and account over the range; only months and accounts
 * with lines in it. Whole months come from the month totals as they stand, the cut months' days
 * from the lines, grouped by the month of their date.
 */
export async function sumLinesPerAccountAndMonth(
  executor: Executor,
  companyId: number,
  range: DateRange,
  accountIds: readonly number[],
): Promise<MonthAccountTotals[]> {
  const cut = cutByMonths(range);
  const parts = await Promise.all([
    ...(cut.months === null ? [] : [sumEachMonthPerAccount(executor, companyId, cut.months)]),
    ...cut.days.map((days) => sumDaysPerAccountAndMonth(executor, companyId, days, accountIds)),
  ]);
  return parts.flat().map((row) => ({
    month: row.month,
    account_id: row.account_id,
    debit_cents: readExactSum(row.debit_cents),
    credit_cents: readExactSum(row.credit_cents),
  }));
}

function sumEachMonthPerAccount(executor: Executor, companyId: number, months: { from?: string; till?: string }) {
  let query = reading(executor).selectFrom("ledger_account_months as month").where("month.company_id", "=", companyId);
  if (months.from !== undefined) query = query.where("month.month", ">=", months.from);
  if (months.till !== undefined) query = query.where("month.month", "<=", months.till);
  return summing((shape) =>
    query
      .select([
        "month.month",
        "month.account_id",
        sumOf("month.debit_cents", shape).as("debit_cents"),
        sumOf("month.credit_cents", shape).as("credit_cents"),
      ])
      .groupBy(["month.month", "month.account_id"])
      .execute(),
  );
}

function sumDaysPerAccountAndMonth(
  executor: Executor,
  companyId: number,
  range: DateRange,
  accountIds: readonly number[],
) {
  // a date is text on SQLite and a date on PostgreSQL: as text, both start with YYYY-MM
  const month = sql<string>`substr(cast(line.date as text), 1, 7)`;
  return summing((shape) =>
    accountLinesIn(executor, companyId, range, accountIds)
      .select([
        month.as("month"),
        "line.account_id",
        sumOf("line.debit_cents", shape).as("debit_cents"),
        sumOf("line.credit_cents", shape).as("credit_cents"),
      ])
      .groupBy([month, "line.account_id"])
      .execute(),
  );
}

/** Debits and credits of one account over the range. */
export async function sumAccountLines(
  executor: Executor,
  companyId: number,
  accountId: number,
  range: DateRange,
): Promise<{ debit_cents: bigint; credit_cents: bigint }> {
  const sums = await summing((shape) =>
    linesIn(executor, companyId, range)
      .where("line.account_id", "=", accountId)
      .select([
        sumOf("line.debit_cents", shape).as("debit_cents"),
        sumOf("line.credit_cents", shape).as("credit_cents"),
      ])
      .executeTakeFirstOrThrow(),
  );
  return { debit_cents: readExactSum(sums.debit_cents), credit_cents: readExactSum(sums.credit_cents) };
}

export interface MovementRow {
  id: number;
  entry_id: number;
  date: string;
  description: string | null;
  source_type: string;
  source_id: number;
  contact_id: number | null;
  debit_cents: number;
  credit_cents: number;
}

/**
 * One page of an account's lines over the range, oldest first (date, then id), with the sum of
 * debit − credit of the range's lines before the page (so running balances survive paging).
 */
export async function listAccountMovements(
  executor: Executor,
  companyId: number,
  accountId: number,
  range: DateRange,
  paging: Paging,
): Promise<{ rows: MovementRow[]; total: number; before_page_cents: bigint }> {
  const base = linesIn(executor, companyId, range).where("line.account_id", "=", accountId);
  const joined = base.innerJoin("ledger_entries as entry", "entry.id", "line.entry_id");
  const page = await selectPage(joined, paging, (query) =>
    query
      .select([
        "line.id",
        "line.entry_id",
        "line.date",
        "entry.description",
        "entry.source_type",
        "entry.source_id",
        "line.contact_id",
        "line.debit_cents",
        "line.credit_cents",
      ])
      .orderBy("line.date")
      .orderBy("line.id"),
  );
  const offset = pageOffset(paging);
  if (offset === 0 || page.rows.length === 0) return { ...page, before_page_cents: 0n };
  const preceding = base
    .select(sql<number>`line.debit_cents - line.credit_cents`.as("change_cents"))
    .orderBy("line.date")
    .orderBy("line.id")
    .limit(offset)
    .as("preceding");
  const { before_page_cents } = await summing((shape) =>
    reading(executor)
      .selectFrom(preceding)
      .select(exactSum(sql.ref("preceding.change_cents"), shape).as("before_page_cents"))
      .executeTakeFirstOrThrow(),
  );
  return { ...page, before_page_cents: readExactSum(before_page_cents) };
}

/**
 * Kilometres of the rides over the range, business and private apart. A ride's distance is
 * km_end − km_start, or km_end alone when no start reading was given; a ride not marked private
 * is a business ride.
 */
export async function sumRideKilometres(
  executor: Executor,
  companyId: number,
  range: Required<DateRange>,
): Promise<{ business_km: bigint; private_km: bigint }> {
  const distance = sql`coalesce(ride.km_end, 0) - coalesce(ride.km_start, 0)`;
  const totals = await summing((shape) =>
    reading(executor)
      .selectFrom("rides as ride")
      .select([
        exactSum(sql`case when coalesce(ride.private, 0) = 0 then ${distance} else 0 end`, shape).as("business_km"),
        exactSum(sql`case when coalesce(ride.private, 0) = 0 then 0 else ${distance} end`, shape).as("private_km"),
      ])
      .where("ride.company_id", "=", companyId)
      .where("ride.date", ">=", range.from)
      .where("ride.date", "<=", range.till)
      .executeTakeFirstOrThrow(),
  );
  return { business_km: readExactSum(totals.business_km), private_km: readExactSum(totals.private_km) };
}
