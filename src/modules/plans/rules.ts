/**
 * What a plan allows, as pure rules: which limit applies to which kind of new row, whether one
 * more row fits under it, the month a quota counts, and how an operator writes plan names and
 * limits on the command line.
 *
 * Invariants:
 * - a NULL limit is unlimited; a limit of N allows N rows and refuses the (N+1)th;
 * - a cap (rows that exist) refuses with 402 client.subscription_limit_reached; a quota (rows
 *   created this calendar month, in the company's time zone) with 422 client.quota_reached;
 * - `LIMITS` is the one table of which column limits which resource; the catalogue says how
 *   a refusal reads (platform/catalogue, key `planLimit`).
 * Pure code: the current time and the time zone are passed in.
 */
import { dateInTimeZone, parseDateTime } from "../../platform/dates.js";
import type { ErrorType } from "../../platform/errors.js";

/** The plan of a new company, and of every company that existed before plans. */
export const DEFAULT_PLAN = "pro";

export type LimitColumn =
  | "max_contacts"
  | "max_products"
  | "max_companies_per_user"
  | "max_sales_invoices_per_month"
  | "max_quotations_per_month";

export type PlanLimits = Record<LimitColumn, number | null>;

/** The kinds of new rows a plan limits. */
export type CappedResource = "contacts" | "products" | "companies" | "sales_invoices" | "quotations";

interface Limit {
  column: LimitColumn;
  /** a cap counts every existing row; a monthly quota the rows created this calendar month */
  kind: "cap" | "monthly_quota";
}

export const LIMITS: Readonly<Record<CappedResource, Limit>> = {
  contacts: { column: "max_contacts", kind: "cap" },
  products: { column: "max_products", kind: "cap" },
  companies: { column: "max_companies_per_user", kind: "cap" },
  sales_invoices: { column: "max_sales_invoices_per_month", kind: "monthly_quota" },
  quotations: { column: "max_quotations_per_month", kind: "monthly_quota" },
};

export const LIMIT_COLUMNS: readonly LimitColumn[] = Object.values(LIMITS).map((limit) => limit.column);

export interface Refusal {
  type: Extract<ErrorType, "client.subscription_limit_reached" | "client.quota_reached">;
  most: number;
}

/** Why one more `resource` row does not fit when `existing` already count against the limit; null when it fits. */
export function refusalOf(limits: PlanLimits, resource: CappedResource, existing: number): Refusal | null {
  const limit = LIMITS[resource];
  const most = limits[limit.column];
  if (most === null || existing < most) return null;
  const type = limit.kind === "cap" ? "client.subscription_limit_reached" : "client.quota_reached";
  return { type, most };
}

/**
 * The instant (ISO UTC) the calendar month of `now` began in `timeZone`: a quota counts the rows
 * created from then on, so an invoice made on the 31st at 23:30 in Amsterdam counts in that month.
 */
export function monthStart(now: Date, timeZone: string): string {
  const firstDay = `${dateInTimeZone(now, timeZone).slice(0, 8)}01`;
  const start = parseDateTime(firstDay, timeZone);
  if (start === null) throw new Error(`no start of the month for ${firstDay} in ${timeZone}`);
  return start;
}

const PLAN_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PLAN_NAME_MAX_LENGTH = 40;

/** A plan name is a lowercase slug (`basic`, `pro-plus`), typed by operators and stored as the key. */
export function isPlanName(text: string): boolean {
  return text.length <= PLAN_NAME_MAX_LENGTH && PLAN_NAME.test(text);
}

/** The largest limit an operator can write: far above any real count, and exact in every driver. */
const LIMIT_MAXIMUM = 1_000_000_000;

/** A limit as an operator writes it: a whole number from 0, or `unlimited` (NULL). */
export function parseLimit(text: string): { ok: true; value: number | null } | { ok: false } {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === "unlimited") return { ok: true, value: null };
  if (!/^\d{1,10}$/.test(trimmed) || Number(trimmed) > LIMIT_MAXIMUM) return { ok: false };
  return { ok: true, value: Number(trimmed) };
}

/** A limit as the command line shows it. */
export function formatLimit(value: number | null): string {
  return value === null ? "unlimited" : String(value);
}
