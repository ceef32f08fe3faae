/**
 * Query parameters of list endpoints: paging (spec 4.1), `selection` and `search[...]` filters.
 * A value that cannot be used is a 400 invalid_parameter_value naming the parameter; keys a
 * route does not read are ignored.
 */
import type { Resource } from "./catalogue/keys.js";
import { isSupportedDate, isValidDate, OUTSIDE_SUPPORTED_DATES } from "./dates.js";
import { invalidParameter, notFound } from "./errors.js";
import type { Query, QueryValue } from "./query-string.js";
import { unstorableTextProblem } from "./text.js";

export interface Paging {
  page: number;
  perPage: number;
}

export const DEFAULT_PER_PAGE = 40;
export const MAX_PER_PAGE = 100;
/**
 * The largest id a parameter may name: ids are bigint on PostgreSQL and handled as JavaScript
 * numbers, so anything above Number.MAX_SAFE_INTEGER can name no row and would not even bind.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * The longest search text: far beyond any name or number searched for, and far below the 50,000
 * bytes at which SQLite refuses a LIKE pattern.
 */
export const MAX_QUERY_TEXT_LENGTH = 1000;

/**
 * A text value of the query as routes may use it. Text a database cannot keep as sent (a NUL,
 * a lone surrogate: text.ts) is refused here, where every search text passes, rather than
 * failing or being changed in SQL.
 */
export function queryText(name: string, value: string): string {
  const unstorable = unstorableTextProblem(value);
  if (unstorable !== null) throw invalidParameter(name, unstorable);
  if (value.length > MAX_QUERY_TEXT_LENGTH) {
    throw invalidParameter(name, { key: "maxCharacters", most: MAX_QUERY_TEXT_LENGTH });
  }
  return value;
}

function integerParameter(query: Query, name: string, fallback: number, minimum: number, maximum: number): number {
  const raw = query[name];
  if (raw === undefined || raw === "") return fallback;
  if (typeof raw !== "string" || !/^\s*\d+\s*$/.test(raw)) throw invalidParameter(name, { key: "wholeNumber" });
  const value = Number(raw);
  if (value < minimum || value > maximum) {
    throw invalidParameter(name, { key: "between", minimum, maximum });
  }
  return value;
}

export function readPaging(query: Query): Paging {
  return {
    page: integerParameter(query, "page", 1, 1, Number.MAX_SAFE_INTEGER),
    perPage: integerParameter(query, "per_page", DEFAULT_PER_PAGE, 0, MAX_PER_PAGE),
  };
}

export function readSelection<Selection extends string>(
  query: Query,
  allowed: readonly Selection[],
  fallback: Selection,
): Selection {
  const raw = query.selection;
  if (raw === undefined || raw === "") return fallback;
  if (typeof raw !== "string" || !allowed.includes(raw as Selection)) {
    throw invalidParameter("selection", { key: "oneOf", values: allowed });
  }
  return raw as Selection;
}

function searchValue(query: Query, key: string): QueryValue | undefined {
  const search = query.search;
  if (search === undefined) return undefined;
  if (typeof search !== "object" || Array.isArray(search)) {
    throw invalidParameter("search", { key: "searchFormat" });
  }
  return search[key];
}

export function readSearchString(query: Query, key: string): string | undefined {
  const value = searchValue(query, key);
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw invalidParameter(`search[${key}]`, { key: "singleValue" });
  return queryText(`search[${key}]`, value);
}

export function readSearchList(query: Query, key: string): string[] | undefined {
  const value = searchValue(query, key);
  if (value === undefined) return undefined;
  if (typeof value === "string") return [queryText(`search[${key}][]`, value)];
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    return value.map((item) => queryText(`search[${key}][]`, item as string));
  }
  throw invalidParameter(`search[${key}][]`, { key: "listOfValues" });
}

export function readSearchInteger(query: Query, key: string): number | undefined {
  const value = readSearchString(query, key);
  if (value === undefined) return undefined;
  if (!/^\s*\d+\s*$/.test(value)) throw invalidParameter(`search[${key}]`, { key: "wholeNumber" });
  // compared as text first: a number of 400 digits must not become a float to be compared
  const digits = value.trim().replace(/^0+(?=\d)/, "");
  const minimum = 0;
  const maximum = MAX_ID;
  if (digits.length > String(maximum).length || Number(digits) > maximum) {
    throw invalidParameter(`search[${key}]`, { key: "between", minimum, maximum });
  }
  return Number(digits);
}

/** A date parameter: absent or empty is undefined; a date outside the supported ones is refused too. */
export function readDateParameter(name: string, value: QueryValue | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string" || !isValidDate(value.trim())) throw invalidParameter(name, { key: "dateFormat" });
  const date = value.trim();
  if (!isSupportedDate(date)) throw invalidParameter(name, OUTSIDE_SUPPORTED_DATES);
  return date;
}

export function readSearchDate(query: Query, key: string): string | undefined {
  return readDateParameter(`search[${key}]`, searchValue(query, key));
}

/** A resource id from the path; anything that is not a positive whole number is simply not found. */
export function readPathId(params: unknown, resource: Resource, name = "id"): number {
  const raw = (params as Record<string, unknown> | undefined)?.[name];
  if (typeof raw !== "string" || !/^\d{1,15}$/.test(raw)) throw notFound(resource);
  return Number(raw);
}
