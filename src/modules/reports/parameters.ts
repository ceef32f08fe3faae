/**
 * The query parameters of the reports, checked for form only (400 invalid_parameter_value naming
 * the parameter); defaults that depend on today are the service's. Unknown keys are ignored.
 */
import { FIRST_DATE, LAST_DATE } from "../../platform/dates.js";
import { invalidParameter } from "../../platform/errors.js";
import { listQuery } from "../../platform/list-query.js";
import { queryText, readDateParameter } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { dateParameter } from "../../platform/route-docs.js";

const FIRST_YEAR = Number(FIRST_DATE.slice(0, 4));
const LAST_YEAR = Number(LAST_DATE.slice(0, 4));

// What each reader below reads, for the OpenAPI document: declared beside the reader.
const PERIOD = {
  from: dateParameter("The first day (default: the start of this year)"),
  till: dateParameter("The last day (default: today)"),
};
export const REPORT_DATE_QUERY = listQuery({
  paged: false,
  extra: { date: dateParameter("The report's date (default: today)") },
});
export const REPORT_PERIOD_QUERY = listQuery({ paged: false, extra: PERIOD });
export const GENERAL_LEDGER_QUERY = listQuery({
  extra: {
    account_id: { type: "integer", minimum: 1, description: "The account, by id (this or account_path)" },
    account_path: { type: "string", description: "The account, by path (this or account_id)" },
    ...PERIOD,
  },
});
export const MILEAGE_QUERY = listQuery({
  paged: false,
  extra: {
    year: {
      type: "integer",
      minimum: FIRST_YEAR,
      maximum: LAST_YEAR,
      description: "The calendar year (default: this year)",
    },
  },
});

/** `?date=`: absent means today. */
export function readReportDate(query: Query): string | undefined {
  return readDateParameter("date", query.date);
}

/** `?from=&till=`: either may be absent; `till` may not be before `from`. */
export function readReportPeriod(query: Query): { from?: string; till?: string } {
  const from = readDateParameter("from", query.from);
  const till = readDateParameter("till", query.till);
  if (from !== undefined && till !== undefined && till < from) throw invalidParameter("till", { key: "notBeforeFrom" });
  return { from, till };
}

/** `?year=`: four digits, a year of the supported dates; absent means this year. */
export function readReportYear(query: Query): number | undefined {
  const raw = query.year;
  if (raw === undefined || raw === "") return undefined;
  if (typeof raw !== "string" || !/^\d{4}$/.test(raw.trim())) throw invalidParameter("year", { key: "yearFormat" });
  const year = Number(raw.trim());
  if (year < FIRST_YEAR || year > LAST_YEAR)
    throw invalidParameter("year", { key: "between", minimum: FIRST_YEAR, maximum: LAST_YEAR });
  return year;
}

export type AccountSelector = { account_id: number } | { account_path: string };

/** `?account_id=` or `?account_path=` (the id wins when both are given); one is required. */
export function readAccountSelector(query: Query): AccountSelector {
  const id = query.account_id;
  if (id !== undefined && id !== "") {
    if (typeof id !== "string" || !/^\s*\d{1,15}\s*$/.test(id))
      throw invalidParameter("account_id", { key: "wholeNumber" });
    return { account_id: Number(id) };
  }
  const path = query.account_path;
  if (path !== undefined && path !== "") {
    if (typeof path !== "string") throw invalidParameter("account_path", { key: "singleValue" });
    return { account_path: queryText("account_path", path).trim() };
  }
  throw invalidParameter("account_id or account_path", { key: "missingOrEmpty" });
}
