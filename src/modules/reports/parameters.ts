/**
 * The query parameters of the reports. Fastify validates each with the schemas below (a value of
 * the wrong form is a 400 invalid_parameter_value naming the parameter); what a schema cannot
 * say, one parameter against another, is read here. Defaults that depend on today are the
 * service's. Unknown keys are ignored.
 */
import { FIRST_DATE, LAST_DATE } from "../../platform/dates.js";
import { invalidParameter } from "../../platform/errors.js";
import { listQuery } from "../../platform/list-query.js";
import { MAX_QUERY_TEXT_LENGTH } from "../../platform/params.js";
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
export const OPEN_ITEMS_QUERY = listQuery({
  paged: false,
  extra: {
    date: dateParameter("The report's date (default: today)"),
    summary: {
      type: "boolean",
      description:
        "true: only the total and the aging buckets, with contacts left empty (summed by the database, quick at any number of open items)",
    },
  },
});
export const PROFIT_AND_LOSS_QUERY = listQuery({
  paged: false,
  extra: {
    ...PERIOD,
    breakdown: {
      type: "string",
      enum: ["month"],
      description: "month: also the totals of each calendar month of the period (`months`), as one chart needs them",
    },
  },
});
export const GENERAL_LEDGER_QUERY = listQuery({
  extra: {
    account_id: { type: "integer", minimum: 1, description: "The account, by id (this or account_path)" },
    account_path: {
      type: "string",
      maxLength: MAX_QUERY_TEXT_LENGTH,
      description: "The account, by path (this or account_id)",
    },
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

/** A report's query as its schema leaves it. */
export interface ReportQuery {
  date?: string;
  from?: string;
  till?: string;
  year?: number;
  account_id?: number;
  account_path?: string;
  breakdown?: "month";
  summary?: boolean;
}

/** `?date=`: absent means today. */
export function readReportDate(query: unknown): string | undefined {
  return (query as ReportQuery).date;
}

/** `?from=&till=`: either may be absent; `till` may not be before `from`. */
export function readReportPeriod(query: unknown): { from?: string; till?: string } {
  const { from, till } = query as ReportQuery;
  if (from !== undefined && till !== undefined && till < from) throw invalidParameter("till", { key: "notBeforeFrom" });
  return { from, till };
}

/** `?breakdown=month`: whether the totals per month are asked for. */
export function readMonthBreakdown(query: unknown): boolean {
  return (query as ReportQuery).breakdown === "month";
}

/** `?date=&summary=` of receivables and payables. */
export function readOpenItemsQuery(query: unknown): { date?: string; summary: boolean } {
  const { date, summary } = query as ReportQuery;
  return { ...(date === undefined ? {} : { date }), summary: summary === true };
}

/** `?year=`: a year of the supported dates; absent means this year. */
export function readReportYear(query: unknown): number | undefined {
  return (query as ReportQuery).year;
}

export type AccountSelector = { account_id: number } | { account_path: string };

/** `?account_id=` or `?account_path=` (the id wins when both are given); one is required. */
export function readAccountSelector(query: unknown): AccountSelector {
  const { account_id: id, account_path: path } = query as ReportQuery;
  if (id !== undefined) return { account_id: id };
  if (path !== undefined && path.trim() !== "") return { account_path: path.trim() };
  throw invalidParameter("account_id or account_path", { key: "missingOrEmpty" });
}
