/**
 * Contract test: every reference operation the app implements is driven with real data of our own
 * and its answer checked against the Rompslomp reference's facts (status, root key, required keys,
 * key order, formats, paging headers), including a triggered 422 wherever the reference documents
 * one; operations not implemented yet are listed as skipped; and every app route under /api/v1 is
 * either a reference operation or a listed Kasboek extension, so a new route cannot land without a
 * contract case here.
 *
 * The facts come from the project's fixture (operations.json), so all of that runs on a bare
 * clone. Only when the reference file itself is present do two more parts run: the cases that send
 * the reference's request examples and compare with its recorded answers, and the check that the
 * fixture is still what extract-operations.ts derives from the reference. Without it they are
 * skipped, and both their names and the suite's log say why.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";

import { pathShape, referenceOperations, toFastifyPath } from "../support/reference.js";
import { conform, harness } from "./context.js";
import { EXPENSE_CASES, EXPENSE_INVALID } from "./expense-cases.js";
import { EXPENSE_RECORDED } from "./expense-recorded.js";
import { extractOperations } from "./extract-operations.js";
import { OAUTH_CASES } from "./oauth-cases.js";
import { QUOTATION_CASES, QUOTATION_INVALID } from "./quotation-cases.js";
import { QUOTATION_RECORDED } from "./quotation-recorded.js";
import { REFERENCE_DATA_CASES, REFERENCE_DATA_INVALID } from "./reference-data-cases.js";
import { REFERENCE_DATA_RECORDED } from "./reference-data-recorded.js";
import { referenceAbsence, referenceAvailable } from "./reference-file.js";
import { RESOURCE_CASES, RESOURCE_INVALID } from "./resource-cases.js";
import { RESOURCE_RECORDED } from "./resource-recorded.js";
import { SALES_INVOICE_CASES, SALES_INVOICE_INVALID } from "./sales-invoice-cases.js";
import { SALES_INVOICE_RECORDED } from "./sales-invoice-recorded.js";

/** Routes the reference lacks that Kasboek adds on purpose. */
const EXTENSIONS = [
  // the API's own OpenAPI document (issue 14), without a token
  "GET /api/v1/openapi",
  "GET /api/v1/openapi.yaml",
  "GET /api/v1/companies/:id",
  "PATCH /api/v1/companies/:id",
  // the list of an invoice's attachments (the reference embeds them in the invoice only)
  "GET /api/v1/companies/:company_id/sales_invoices/:sales_invoice_id/attachments",
  // a quotation's PDF, as invoices have one
  "GET /api/v1/companies/:company_id/quotations/:id/pdf",
  // an expense's attachments (receipts), the same routes as an invoice's; the reference has none
  "POST /api/v1/companies/:company_id/expenses/:expense_id/attachments",
  "GET /api/v1/companies/:company_id/expenses/:expense_id/attachments",
  "GET /api/v1/companies/:company_id/expenses/:expense_id/attachments/:id",
  "DELETE /api/v1/companies/:company_id/expenses/:expense_id/attachments/:id",
  // the books (issue 11): settings, the VAT and ICP returns, and the bookkeeper's reports
  "GET /api/v1/companies/:company_id/bookkeeping_settings",
  "PATCH /api/v1/companies/:company_id/bookkeeping_settings",
  "GET /api/v1/companies/:company_id/vat_returns",
  "POST /api/v1/companies/:company_id/vat_returns",
  "GET /api/v1/companies/:company_id/vat_returns/:period",
  "GET /api/v1/companies/:company_id/vat_returns/:period/lines",
  "GET /api/v1/companies/:company_id/vat_return_periods",
  "GET /api/v1/companies/:company_id/icp_returns/:period",
  "GET /api/v1/companies/:company_id/reports/trial_balance",
  "GET /api/v1/companies/:company_id/reports/profit_and_loss",
  "GET /api/v1/companies/:company_id/reports/balance_sheet",
  "GET /api/v1/companies/:company_id/reports/general_ledger",
  "GET /api/v1/companies/:company_id/reports/receivables",
  "GET /api/v1/companies/:company_id/reports/payables",
  "GET /api/v1/companies/:company_id/reports/mileage",
  "GET /api/v1/companies/:company_id/exports/auditfile", // issue 30: the auditfile (XAF) and the ledger as CSV
  "GET /api/v1/companies/:company_id/exports/general_ledger.csv",
  // bank statements in (issue 29): CAMT.053 and MT940 imported as payments
  "GET /api/v1/companies/:company_id/bank_statements",
  "POST /api/v1/companies/:company_id/bank_statements",
  "GET /api/v1/companies/:company_id/bank_statements/:id",
  "GET /api/v1/companies/:company_id/payments/:id/match_suggestions",
  // one payment split over several documents (issue 30), all or nothing
  "POST /api/v1/companies/:company_id/payments/:id/split",
  // one payment booked straight to a cost account (issue 30): an expense and the link, all or nothing
  "POST /api/v1/companies/:company_id/payments/:id/book",
];

afterAll(() => harness.close());

/** One case per implemented reference operation: real requests, each answer checked. */
const SUCCESS = {
  ...REFERENCE_DATA_CASES,
  ...RESOURCE_CASES,
  ...SALES_INVOICE_CASES,
  ...QUOTATION_CASES,
  ...EXPENSE_CASES,
  ...OAUTH_CASES,
};
/** A request that triggers the documented 422, for every implemented operation documenting one. */
const INVALID = {
  ...REFERENCE_DATA_INVALID,
  ...RESOURCE_INVALID,
  ...SALES_INVOICE_INVALID,
  ...QUOTATION_INVALID,
  ...EXPENSE_INVALID,
};

/** The same operations driven by the reference's own request examples, compared with its recorded answers. */
const RECORDED = {
  ...REFERENCE_DATA_RECORDED,
  ...RESOURCE_RECORDED,
  ...SALES_INVOICE_RECORDED,
  ...QUOTATION_RECORDED,
  ...EXPENSE_RECORDED,
};
/** Appended to the names of the tests that need the reference, when it is absent. */
const unlessAbsent = referenceAvailable ? "" : ` (skipped: ${referenceAbsence})`;
if (!referenceAvailable) {
  // skipped tests are only counted in the default output; this line says which and why
  console.warn(
    `contract: ${Object.keys(RECORDED).length} comparisons with the reference's recorded examples and the ` +
      `operations.json drift check are skipped: ${referenceAbsence}. The conformance checks run on operations.json.`,
  );
}

/** The app's routes (HEAD excluded), read from `printRoutes`: `METHOD /path` with `:param`s. */
function appRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    if (line.trim() === "") continue;
    const match = /^([│├└─\s]*)(\S+)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    const prefix = match?.[1] ?? "";
    if (!match || prefix.length % 4 !== 0) throw new Error(`unreadable printRoutes line: ${line}`);
    segments.length = prefix.length / 4 - 1;
    segments.push(match[2] ?? "");
    const methods = (match[3] ?? "").split(", ").filter((method) => method !== "" && method !== "HEAD");
    for (const method of methods) routes.push(`${method} ${segments.join("")}`);
  }
  return routes;
}

const shapeKey = (route: string) => {
  const [method = "", path = ""] = route.split(" ");
  return `${method} ${pathShape(path)}`;
};
const implemented = (method: string, path: string) => harness.app.hasRoute({ method, url: toFastifyPath(path) });
const operations = referenceOperations();
const apiRoutes = appRoutes(harness.app).filter((route) => route.split(" ")[1]?.startsWith("/api/v1"));

describe("the app's routes against the reference", () => {
  it("reads every route of the router from printRoutes", () => {
    expect(apiRoutes).toContain("GET /api/v1/me");
    for (const route of apiRoutes) {
      const [method = "", path = ""] = route.split(" ");
      expect(harness.app.hasRoute({ method, url: path.replace(/:[^/]+/g, ":p") }), route).toBe(true);
    }
  });

  it("has a reference operation or a listed extension for every route under /api/v1", () => {
    const known = new Set([...operations.map((o) => shapeKey(`${o.method} ${o.path}`)), ...EXTENSIONS.map(shapeKey)]);
    expect(apiRoutes.filter((route) => !known.has(shapeKey(route)))).toEqual([]);
    expect(EXTENSIONS.filter((extension) => !apiRoutes.map(shapeKey).includes(shapeKey(extension)))).toEqual([]);
  });

  it("has contract cases only for reference operations", () => {
    const keys = new Set(operations.map((o) => `${o.method} ${o.path}`));
    const cases = [...Object.keys(SUCCESS), ...Object.keys(INVALID), ...Object.keys(RECORDED)];
    expect(cases.filter((key) => !keys.has(key))).toEqual([]);
  });
});

describe("the project's fixture of the reference (operations.json)", () => {
  it.skipIf(!referenceAvailable)(`is what extract-operations.ts derives from the reference${unlessAbsent}`, () => {
    // compared as JSON text so that key order (the reference's field order) counts too
    expect(JSON.stringify(operations, null, 1)).toBe(JSON.stringify(extractOperations(), null, 1));
  });
});

describe("implemented operations answer as the reference documents", () => {
  for (const operation of operations.filter((o) => implemented(o.method, o.path))) {
    const key = `${operation.method} ${operation.path}`;
    it(key, async () => {
      const success = SUCCESS[key];
      if (!success) throw new Error(`the app implements ${key}: add its contract case to SUCCESS`);
      await success(key);
    });
    if (operation.responses["422"] === undefined) continue;
    it(`${key} → 422`, async () => {
      const invalid = INVALID[key];
      if (!invalid) throw new Error(`the reference documents a 422 for ${key}: add a request triggering it to INVALID`);
      conform(key, await invalid(), 422);
    });
  }
});

describe("implemented operations match the reference's recorded examples", () => {
  for (const [key, recorded] of Object.entries(RECORDED)) {
    it.skipIf(!referenceAvailable)(`${key} matches the reference's recorded example${unlessAbsent}`, () =>
      recorded(key),
    );
  }
});

const notImplemented = operations.filter((o) => !implemented(o.method, o.path));
// Only while there are some: an empty suite is an error to vitest.
if (notImplemented.length > 0) {
  describe("reference operations not implemented yet", () => {
    for (const operation of notImplemented) {
      it.skip(`${operation.method} ${operation.path}`, () => {});
    }
  });
}
