/**
 * Pure rules of the bookkeeper's reports: the chart's tree with amounts per node, the report
 * period's defaults, aging of open items, and the mileage rate per year (bookkeeping.md 5.1).
 * Amounts are integer cents, as bigint: a report adds up any number of postings, past the 2^53
 * cents a number holds exactly. No database, no clock (today is always passed in).
 */
import Big from "big.js";
import { addDays, daysInMonth, LAST_DATE } from "../../platform/dates.js";

/** An account of the chart as the reports need it. */
export interface ChartAccount {
  id: number;
  path: string;
  name: string;
  reference: string;
}

/** A node of a report tree: an account with its own amount plus its children's. */
export interface AmountNode {
  account_id: number | null;
  path: string | null;
  name: string;
  amount_cents: bigint;
  accounts: AmountNode[];
}

function parentPath(path: string): string | null {
  const cut = path.lastIndexOf(".");
  return cut < 0 ? null : path.slice(0, cut);
}

// made at first use: a collator loads ICU's collation data, 19 ms of every server's start before
let referenceOrder: Intl.Collator | undefined;

/** Children in the chart's own order (`B1.2` before `B1.10`), then by path. */
function compareAccounts(left: ChartAccount, right: ChartAccount): number {
  referenceOrder ??= new Intl.Collator("en", { numeric: true });
  return referenceOrder.compare(left.reference, right.reference) || (left.path < right.path ? -1 : 1);
}

/**
 * The tree under `rootPath` with the amount of each node (its own lines plus its descendants'),
 * keeping only nodes that have movements themselves or below them. `amounts` holds, per account
 * id with movements, its amount in the report's sign; `extras` holds nodes the report adds below
 * an account (by path), after its own children. The root is always answered (amount zero and no
 * children when nothing moved); null only when the chart has no such account.
 */
export function accountTree(
  chart: readonly ChartAccount[],
  rootPath: string,
  amounts: ReadonlyMap<number, bigint>,
  extras: ReadonlyMap<string, readonly AmountNode[]> = new Map(),
): AmountNode | null {
  const childrenByParent = new Map<string, ChartAccount[]>();
  for (const account of chart) {
    const parent = parentPath(account.path);
    if (parent === null) continue;
    childrenByParent.set(parent, [...(childrenByParent.get(parent) ?? []), account]);
  }
  const build = (account: ChartAccount): AmountNode | null => {
    const children = [
      ...[...(childrenByParent.get(account.path) ?? [])].sort(compareAccounts).flatMap((child) => build(child) ?? []),
      ...(extras.get(account.path) ?? []),
    ];
    const own = amounts.get(account.id);
    if (own === undefined && children.length === 0) return null;
    return {
      account_id: account.id,
      path: account.path,
      name: account.name,
      amount_cents: children.reduce((sum, child) => sum + child.amount_cents, own ?? 0n),
      accounts: children,
    };
  };
  const root = chart.find((account) => account.path === rootPath);
  if (root === undefined) return null;
  return build(root) ?? { account_id: root.id, path: root.path, name: root.name, amount_cents: 0n, accounts: [] };
}

/** True when `path` is `rootPath` or lies below it. */
export function isUnder(path: string, rootPath: string): boolean {
  return path === rootPath || path.startsWith(`${rootPath}.`);
}

/** A node made by the report itself (the result lines of a balance sheet), not an account. */
export function summaryNode(name: string, amountCents: bigint): AmountNode {
  return { account_id: null, path: null, name, amount_cents: amountCents, accounts: [] };
}

/** First and last day of a calendar year. */
export function yearBounds(year: number): { from: string; till: string } {
  const text = String(year).padStart(4, "0");
  return { from: `${text}-01-01`, till: `${text}-12-31` };
}

/**
 * A report period from optional `from` and `till`: a missing end is taken from the calendar year
 * of the other end, or of today when neither is given.
 */
export function reportPeriod(
  from: string | undefined,
  till: string | undefined,
  today: string,
): { from: string; till: string } {
  const yearOf = (date: string) => Number(date.slice(0, 4));
  return {
    from: from ?? yearBounds(yearOf(till ?? today)).from,
    till: till ?? yearBounds(yearOf(from ?? today)).till,
  };
}

/** Whole days from `earlier` to `later` (negative when `later` is before `earlier`). */
export function daysBetween(earlier: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / 86_400_000);
}

export const AGING_BUCKETS = ["not_due", "1_30", "31_60", "61_90", "over_90"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The bucket of an item so many days past its due date (0 or less: not yet due). */
export function agingBucket(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return "not_due";
  if (daysPastDue <= 30) return "1_30";
  if (daysPastDue <= 60) return "31_60";
  if (daysPastDue <= 90) return "61_90";
  return "over_90";
}

/**
 * Where the buckets of `agingBucket` begin on `date`, as due dates: due on or after `notDueFrom`
 * is not yet due, on or after `days30From` (and before that) 1–30 days past due, and so on;
 * due before `days90From` is over 90 days past due.
 */
export interface AgingBounds {
  notDueFrom: string;
  days30From: string;
  days60From: string;
  days90From: string;
}

export function agingBounds(date: string): AgingBounds {
  return {
    notDueFrom: date,
    days30From: addDays(date, -30),
    days60From: addDays(date, -60),
    days90From: addDays(date, -90),
  };
}

export interface OpenItem {
  contact_id: number | null;
  contact_name: string | null;
  document_id: number;
  invoice_number: string | null;
  date: string;
  due_date: string;
  open_cents: bigint;
}

export type BucketCents = Record<AgingBucket, bigint>;

export interface AgedItem extends OpenItem {
  days_past_due: number;
}

export interface AgedContact {
  contact_id: number | null;
  name: string | null;
  total_cents: bigint;
  buckets: BucketCents;
  items: AgedItem[];
}

const emptyBuckets = (): BucketCents => ({ not_due: 0n, "1_30": 0n, "31_60": 0n, "61_90": 0n, over_90: 0n });

/**
 * Open items grouped per contact (by name, then id) with their aging on `date`; items by due date,
 * date and id. Answers the contacts and the totals over all of them.
 */
export function ageOpenItems(
  items: readonly OpenItem[],
  date: string,
): { contacts: AgedContact[]; total_cents: bigint; buckets: BucketCents } {
  const byContact = new Map<string, AgedContact>();
  const totals = emptyBuckets();
  let total = 0n;
  for (const item of items) {
    const key = String(item.contact_id);
    const contact = byContact.get(key) ?? {
      contact_id: item.contact_id,
      name: item.contact_name,
      total_cents: 0n,
      buckets: emptyBuckets(),
      items: [],
    };
    const daysPastDue = daysBetween(item.due_date, date);
    const bucket = agingBucket(daysPastDue);
    contact.items.push({ ...item, days_past_due: daysPastDue });
    contact.total_cents += item.open_cents;
    contact.buckets[bucket] += item.open_cents;
    totals[bucket] += item.open_cents;
    total += item.open_cents;
    byContact.set(key, contact);
  }
  const contacts = [...byContact.values()].sort(
    (left, right) =>
      (left.name ?? "").localeCompare(right.name ?? "") || (left.contact_id ?? 0) - (right.contact_id ?? 0),
  );
  for (const contact of contacts) {
    contact.items.sort(
      (left, right) =>
        left.due_date.localeCompare(right.due_date) ||
        left.date.localeCompare(right.date) ||
        left.document_id - right.document_id,
    );
  }
  return { contacts, total_cents: total, buckets: totals };
}

/** Deductible amount per business km with a privately owned vehicle (bookkeeping.md 5.1), in euros. */
const MILEAGE_RATES: Readonly<Record<number, string>> = { 2023: "0.21", 2024: "0.23", 2025: "0.23", 2026: "0.25" };

export function mileageRate(year: number): string | null {
  return MILEAGE_RATES[year] ?? null;
}

/** Business km × rate in integer cents, exactly (the rate has at most two decimals). */
export function deductibleCents(businessKm: bigint, rate: string): bigint {
  return BigInt(new Big(businessKm.toString()).times(rate).times(100).round(0, Big.roundHalfUp).toFixed(0));
}

/** A date range cut where the ledger's month totals can serve it: whole months, and the days around them. */
export interface MonthCut {
  /** whole months (`YYYY-MM`, inclusive; absent: open), or null when the range holds none */
  months: { from?: string; till?: string } | null;
  /** the days outside those months, read line by line */
  days: Array<{ from?: string; till?: string }>;
}

/**
 * Months as numbers (year × 12 + month − 1): the month after 9999-12 is a number like any other,
 * where as text (`10000-01`) it would sort before every other month.
 */
const monthIndexOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const LAST_MONTH = monthIndexOf(LAST_DATE);
const monthText = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
const isLastDayOfMonth = (date: string) =>
  Number(date.slice(8, 10)) === daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)));

/** The days of `from`'s month from `from` on, or of `till`'s month up to `till` (supported dates in, out). */
const restOfMonth = (from: string) =>
  `${from.slice(0, 8)}${String(daysInMonth(Number(from.slice(0, 4)), Number(from.slice(5, 7)))).padStart(2, "0")}`;
const startOfMonth = (till: string) => `${till.slice(0, 8)}01`;

export function cutByMonths(range: { from?: string; till?: string }): MonthCut {
  const { from, till } = range;
  const firstWhole = from === undefined ? undefined : monthIndexOf(from) + (from.endsWith("-01") ? 0 : 1);
  const lastWhole = till === undefined ? undefined : monthIndexOf(till) - (isLastDayOfMonth(till) ? 0 : 1);
  const noWholeMonth =
    firstWhole !== undefined && (firstWhole > LAST_MONTH || (lastWhole !== undefined && firstWhole > lastWhole));
  if (noWholeMonth) return { months: null, days: [range] };
  const days: MonthCut["days"] = [];
  if (from !== undefined && firstWhole !== monthIndexOf(from)) days.push({ from, till: restOfMonth(from) });
  if (till !== undefined && lastWhole !== monthIndexOf(till)) days.push({ from: startOfMonth(till), till });
  const months: { from?: string; till?: string } = {};
  if (firstWhole !== undefined) months.from = monthText(firstWhole);
  if (lastWhole !== undefined) months.till = monthText(lastWhole);
  return { months, days };
}

/** The most months a profit and loss breaks down into (ten years), so an answer stays small. */
export const MOST_BREAKDOWN_MONTHS = 120;

/** A calendar month of a report period, cut to the period's own first and last day. */
export interface PeriodMonth {
  month: string;
  from: string;
  till: string;
}

/** How many calendar months `from`…`till` touches. */
export function monthsSpanned(from: string, till: string): number {
  return monthIndexOf(till) - monthIndexOf(from) + 1;
}

/** The calendar months `from`…`till` touches, oldest first, the first and last cut to the period. */
export function periodMonths(from: string, till: string): PeriodMonth[] {
  const months: PeriodMonth[] = [];
  for (let index = monthIndexOf(from); index <= monthIndexOf(till); index++) {
    const month = monthText(index);
    const first = `${month}-01`;
    const last = restOfMonth(first);
    months.push({ month, from: first < from ? from : first, till: last > till ? till : last });
  }
  return months;
}

/** Debits and credits of one account in one month (`YYYY-MM`). */
export interface MonthAccountTotals {
  month: string;
  account_id: number;
  debit_cents: bigint;
  credit_cents: bigint;
}

/**
 * Revenue (credit − debit of the accounts `isRevenue` picks) and costs (debit − credit of those
 * `isCosts` picks) per month of `months`, in their order; a month without lines is zero.
 */
export function monthResults(
  months: readonly PeriodMonth[],
  totals: readonly MonthAccountTotals[],
  isRevenue: (accountId: number) => boolean,
  isCosts: (accountId: number) => boolean,
): Array<PeriodMonth & { revenue_cents: bigint; costs_cents: bigint }> {
  const byMonth = new Map(months.map((month) => [month.month, { ...month, revenue_cents: 0n, costs_cents: 0n }]));
  for (const total of totals) {
    const month = byMonth.get(total.month);
    if (month === undefined) continue;
    if (isRevenue(total.account_id)) month.revenue_cents += total.credit_cents - total.debit_cents;
    else if (isCosts(total.account_id)) month.costs_cents += total.debit_cents - total.credit_cents;
  }
  return [...byMonth.values()];
}
