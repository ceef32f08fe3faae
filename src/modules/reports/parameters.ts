/**
 * The query parameters of the reports, checked for form only (400 invalid_parameter_value naming
 * the parameter); defaults that depend on today are the service's. Unknown keys are ignored.
 */
import { invalidParameter } from "../../platform/errors.js";
import { queryText, readDateParameter } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";

/** `?date=`: absent means today. */
export function readReportDate(query: Query): string | undefined {
  return readDateParameter("date", query.date);
}

/** `?from=&till=`: either may be absent; `till` may not be before `from`. */
export function readReportPeriod(query: Query): { from?: string; till?: string } {
  const from = readDateParameter("from", query.from);
  const till = readDateParameter("till", query.till);
  if (from !== undefined && till !== undefined && till < from)
    throw invalidParameter("till", "must not be before from");
  return { from, till };
}

/** `?year=`: four digits; absent means this year. */
export function readReportYear(query: Query): number | undefined {
  const raw = query.year;
  if (raw === undefined || raw === "") return undefined;
  if (typeof raw !== "string" || !/^\d{4}$/.test(raw.trim())) throw invalidParameter("year", "must be a year (YYYY)");
  return Number(raw.trim());
}

export type AccountSelector = { account_id: number } | { account_path: string };

/** `?account_id=` or `?account_path=` (the id wins when both are given); one is required. */
export function readAccountSelector(query: Query): AccountSelector {
  const id = query.account_id;
  if (id !== undefined && id !== "") {
    if (typeof id !== "string" || !/^\s*\d{1,15}\s*$/.test(id))
      throw invalidParameter("account_id", "must be a whole number");
    return { account_id: Number(id) };
  }
  const path = query.account_path;
  if (path !== undefined && path !== "") {
    if (typeof path !== "string") throw invalidParameter("account_path", "must be a single value");
    return { account_path: queryText("account_path", path).trim() };
  }
  throw invalidParameter("account_id or account_path", "is missing or empty");
}
