/**
 * Every table that holds a company's data carries `company_id NOT NULL` (docs/architecture.md,
 * Storage). Global tables are listed here by name, so a new table must either be tenant data or be
 * deliberately declared global.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./support/app.js";

const GLOBAL_TABLES = new Set([
  "users",
  "api_tokens",
  "companies",
  "vat_types",
  // what a subscription allows; companies point at one
  "plans",
  // sign-in and OAuth belong to users and applications, not to one company
  "login_throttles",
  "instance_settings",
  "oauth_clients",
  "oauth_grants",
  "oauth_codes",
  "oauth_refresh_tokens",
  // a token's retried requests, whichever company they named
  "idempotency_records",
  // SQLite's full-text mirrors of contacts, products, sales invoices, expenses and expense lines for
  // search[q] (rowid = the row's id, so reached only through the company's own rows) and FTS5's own
  // tables behind them
  ...["contacts", "products", "sales_invoices", "expenses", "expense_lines"].flatMap((table) =>
    ["", "_data", "_idx", "_docsize", "_config"].map((part) => `${table}_search${part}`),
  ),
  "kysely_migration",
  "kysely_migration_lock",
]);

let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

it("gives every tenant table a NOT NULL company_id", async () => {
  const tables = await harness.deps.db.introspection.getTables({ withInternalKyselyTables: true });
  // the schema was read: global and tenant tables both there (SQLite's mirrors are absent on PostgreSQL)
  expect(tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(["users", "companies", "contacts", "sales_invoices", "expenses", "payments"]),
  );
  const offenders = tables
    .filter((table) => !GLOBAL_TABLES.has(table.name))
    .filter((table) => !table.columns.some((column) => column.name === "company_id" && !column.isNullable))
    .map((table) => table.name);
  expect(offenders).toEqual([]);
});
