/**
 * Pure rules of the bookkeeper's reports: the chart's tree with amounts per node, the report
 * period's defaults, aging of open items, and the mileage rate per year (docs/bookkeeping.md 5.1);
 * the month arithmetic is in month-rules.ts.
 * Amounts are integer cents, as bigint: a report adds up any number of postings, past the 2^53
 * cents a number holds exactly. No database, no clock (today is always passed in).
 */
import Big from "big.js";
import { addDays } from "../../platform/dates.js";

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

/** Deductible amount per business km with a privately owned vehicle (docs/bookkeeping.md 5.1), in euros. */
const MILEAGE_RATES: Readonly<Record<number, string>> = { 2023: "0.21", 2024: "0.23", 2025: "0.23", 2026: "0.25" };

export function mileageRate(year: number): string | null {
  return MILEAGE_RATES[year] ?? null;
}

/** Business km × rate in integer cents, exactly (the rate has at most two decimals). */
export function deductibleCents(businessKm: bigint, rate: string): bigint {
  return BigInt(new Big(businessKm.toString()).times(rate).times(100).round(0, Big.roundHalfUp).toFixed(0));
}
