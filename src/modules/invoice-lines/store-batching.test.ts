/**
 * Line inserts are batched: more rows than one statement may bind (PostgreSQL 65,535
 * parameters, SQLite 32,766) still go in, on both databases.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { findLinesOfDocuments, insertLines } from "./store.js";

let harness: TestApp;
let company: TestCompany;

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

it("inserts 4,000 lines (72,000 values) in batches", async () => {
  const created = await request(
    harness.app,
    "POST",
    `/api/v1/companies/${company.companyId}/sales_invoices`,
    company.token,
    {
      sales_invoice: { invoice_lines: [{ description: "Werk", price_per_unit: "10" }] },
    },
  );
  expect(created.statusCode, created.body).toBe(201);
  const documentId = json<{ sales_invoice: { id: number } }>(created).sales_invoice.id;
  const [stored] = await findLinesOfDocuments(harness.deps.db, company.companyId, "sales_invoice", [documentId]);
  if (stored === undefined) throw new Error("the invoice has no line");
  const { id: _id, company_id: _company, document_type: _type, document_id: _document, ...values } = stored;
  const document = { type: "sales_invoice", id: documentId };
  await insertLines(
    harness.deps.db,
    company.companyId,
    document,
    Array.from({ length: 4000 }, () => values),
  );
  const lines = await findLinesOfDocuments(harness.deps.db, company.companyId, "sales_invoice", [documentId]);
  expect(lines).toHaveLength(4001);
});
