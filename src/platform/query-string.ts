/**
 * Rails-style query strings, read by `qs`: `search[q]=x`, `search[paths][]=a&search[paths][]=b`,
 * also with the brackets percent-encoded (`search%5Bq%5D=x`). Fastify's router calls
 * `parseQueryString` for every request (http.ts), so it never throws. Invariants: a repeated plain
 * key keeps its last value, as Rails does; a stray '%' is kept literally; objects have no
 * prototype and `__proto__` keys are dropped, so no name reaches Object.prototype; at most
 * QUERY_PARAMETER_LIMIT parameters are read (the rest are ignored) and nesting deeper than
 * QUERY_DEPTH_LIMIT brackets is kept as one literal key, so a hostile query costs little. Every
 * key is kept here; the route's schema drops the keys it does not declare (validation.ts), so a
 * handler never sees them.
 */
import { parse } from "qs";

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type Query = { [key: string]: QueryValue };

/** Far beyond any query the API documents, which nests two deep (`search[paths][]`). */
export const QUERY_DEPTH_LIMIT = 5;
export const QUERY_PARAMETER_LIMIT = 1000;

const OPTIONS = {
  depth: QUERY_DEPTH_LIMIT,
  parameterLimit: QUERY_PARAMETER_LIMIT,
  // a list as long as the parameters allow stays a list (qs makes a longer one an object)
  arrayLimit: QUERY_PARAMETER_LIMIT,
  duplicates: "last",
  plainObjects: true,
  allowPrototypes: false,
} as const;

export function parseQueryString(queryString: string): Query {
  // qs's values are strings, lists and records of them, which is what a Query is
  return parse(queryString, OPTIONS) as Query;
}
