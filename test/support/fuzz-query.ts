/**
 * For the fuzz test: query strings mixing the keys routes read (with valid and bad values) with
 * odd keys, values and encodings. Reports that need parameters usually get valid ones first, so
 * their code past validation is reached too.
 */
import fc from "fast-check";
import type { FuzzWorld } from "./fuzz-app.js";
import { isoDate } from "./fuzz-fields.js";
import { ownRef, type Pools } from "./fuzz-model.js";
import { percentEncode } from "./fuzz-path.js";
import type { CollectedRoute } from "./fuzz-routes.js";
import { oddString, pick } from "./fuzz-values.js";

const SELECTIONS = [
  "all",
  "customers",
  "suppliers",
  "business",
  "published",
  "concept",
  "unpaid",
  "expired",
  "overpaid",
  "imported",
  "credit_invoices",
  "debt_collector",
  "questionable_or_unpayable",
  "approved",
  "stopped",
  "invoiced",
  "investments",
  "unbooked",
  "booked",
  "manual",
  "all_in_current_bookyear",
  "duplicate_bank_mutations",
  "ALL",
  "none",
];

/** Text around the limits databases put on patterns and parameters (SQLite's LIKE: 50,000 bytes). */
const longText = fc
  .constantFrom(1_000, 49_999, 50_001, 70_000)
  .map((length) => "a%_".repeat(Math.ceil(length / 3)).slice(0, length));

export function queryPairs(world: FuzzWorld, pools: Pools): fc.Arbitrary<Array<[string, string]>> {
  const date = fc.oneof(isoDate, fc.constantFrom("2024-02-29", "2023-02-29", "2024-13-01", "x", "2024-01-01T00:00:00"));
  const ids = [...(world.a.ids.accounts ?? []), ...(world.b.ids.accounts ?? []), ...(world.a.ids.contacts ?? [])];
  const known: Array<[string, fc.Arbitrary<string>]> = [
    [
      "page",
      fc.constantFrom("1", "2", "0", "-1", "x", "1.5", "9007199254740991", "9007199254740993", "9".repeat(30), " 2 "),
    ],
    ["per_page", fc.constantFrom("0", "1", "40", "100", "101", "-5", "1e2", "")],
    ["selection", fc.constantFrom(...SELECTIONS)],
    ["since", date],
    ["date", date],
    ["from", date],
    ["till", date],
    ["year", fc.constantFrom("2024", "2023", "24", "20245", "abcd", "0000", "9999")],
    ["account_id", fc.oneof(pick(ids, 1).map(String), fc.constantFrom("0", "-1", "9".repeat(20), "x"))],
    ["account_path", pick(pools.a.accountPaths, "1000")],
    ["box", fc.constantFrom("1a", "1b", "2a", "3b", "4a", "5b", "x", "1A", "")],
    ["search[q]", fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 10 }) }, longText)],
    ["search[contact_person_email_address]", fc.constant("rob@example.org")],
    ["search[from]", date],
    ["search[till]", date],
    [
      "search[contact_id]",
      fc.oneof(pick(world.a.ids.contacts ?? [], 1).map(String), fc.constantFrom("9".repeat(20), "-1")),
    ],
    ["search[api_reference]", fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 10 }) }, longText)],
    ["search[paths][]", pick(pools.a.accountPaths, "1000")],
    ["search[product_codes][]", fc.constantFrom("A-P1", "B-P1", "x")],
    ["search", fc.constantFrom("x", "")],
    ["search[]", fc.constant("x")],
    ["page[]", fc.constant("1")],
    ["per_page[x]", fc.constant("1")],
    ["selection[]", fc.constant("all")],
    ["search[q][a]", fc.constant("x")],
    ["search[paths]", fc.constant("x")],
  ];
  const pair: fc.Arbitrary<[string, string]> = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.oneof(...known.map(([key, value]) => value.map((text) => [key, text] as [string, string]))),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(fc.constantFrom(...known.map(([key]) => key)), oddString) as fc.Arbitrary<[string, string]>,
    },
    { weight: 1, arbitrary: fc.tuple(oddString, oddString) as fc.Arbitrary<[string, string]> },
  );
  return fc.array(pair, { maxLength: 4 });
}

/** The query string of `pairs` in one of the encodings clients use, or a raw malformed one. */
export function queryText(pairs: fc.Arbitrary<Array<[string, string]>>): fc.Arbitrary<string> {
  const encoded = fc.tuple(pairs, fc.constantFrom("full", "brackets", "raw")).map(([list, mode]) =>
    list
      .map(([key, value]) => {
        const name =
          mode === "full" ? percentEncode(key) : percentEncode(key).replace(/%5B/g, "[").replace(/%5D/g, "]");
        const text = mode === "raw" ? value.replace(/[&#\s]/g, (char) => percentEncode(char)) : percentEncode(value);
        return `${name}=${mode === "raw" ? percentEncode(text).replace(/%25/g, "%") : text}`;
      })
      .join("&"),
  );
  return fc.oneof(
    { weight: 10, arbitrary: encoded },
    {
      weight: 1,
      arbitrary: fc.constantFrom("%", "a=%ZZ", "a=%ED%A0%80", "&&&", "=", "a", "a=1&a=2&a[]=3", "search[q]=%00"),
    },
  );
}

/**
 * The query of an API request: for the reports that need parameters, valid ones first (changed
 * by the random pairs after them, which win in Rails nesting only for repeated list keys).
 */
export function routeQuery(world: FuzzWorld, pools: Pools, route: CollectedRoute): fc.Arbitrary<string> {
  const random = fc.oneof(
    { weight: 1, arbitrary: fc.constant("") },
    { weight: 2, arbitrary: queryText(queryPairs(world, pools)) },
  );
  let needed: fc.Arbitrary<string> | null = null;
  if (route.url.endsWith("/general_ledger")) {
    needed = fc.oneof(
      pick(pools.a.accountPaths, "1000").map((path) => `account_path=${percentEncode(path)}`),
      ownRef("accounts").map((id) => `account_id=${id}`),
    );
  } else if (route.url.endsWith("/lines")) {
    needed = fc.constantFrom("box=1a", "box=1b", "box=1e", "box=2a", "box=3b", "box=4a", "box=5b", "box=5a");
  } else if (route.url.includes("/reports/")) {
    needed = fc.constantFrom("from=2024-01-01&till=2024-12-31", "date=2024-03-31", "year=2024", "from=2024-04-01");
  }
  if (needed === null) return random;
  return fc
    .tuple(fc.oneof({ weight: 4, arbitrary: needed }, fc.constant("")), random)
    .map(([first, rest]) => [first, rest].filter((part) => part !== "").join("&"));
}
