/**
 * The `X-Total` of every list stays the exact number of matching rows while rows come and go:
 * an unfiltered list reads the count the triggers keep (migration 0028, db/row-counts.ts), a
 * filtered one counts its rows, and both agree with the table at every step, a failed write
 * included. Another company's rows never count.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTED_TABLES } from "../src/db/migrations/0028_create_row_counts.js";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "./support/app.js";

let harness: TestApp;
let company: TestCompany;
let other: TestCompany;
const BANK = "activa.current_assets.liquid_assets.bank";
const url = (owner: TestCompany, path: string) => `/api/v1/companies/${owner.companyId}/${path}`;
const LIST_OF_TABLE: Record<(typeof COUNTED_TABLES)[number], string> = {
  contacts: "contacts",
  products: "products",
  sales_invoices: "sales_invoices",
  quotations: "quotations",
  expenses: "expenses",
  journal_entries: "journal_entries",
  hours: "hours",
  rides: "rides",
  payments: "payments?selection=all",
};

async function post(owner: TestCompany, path: string, body: unknown): Promise<number> {
  const response = await request(harness.app, "POST", url(owner, path), owner.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return Object.values(json<Record<string, { id: number }>>(response))[0]?.id ?? 0;
}

async function listedTotal(path: string): Promise<number> {
  const response = await request(harness.app, "GET", url(company, path), company.token);
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.headers["x-total"]);
}

async function rowsInTable(table: string): Promise<number> {
  const { rows } = await sql<{ total: number | string }>`select count(*) as total from ${sql.table(table)}
    where company_id = ${company.companyId}`.execute(harness.deps.db);
  return Number(rows[0]?.total);
}

async function expectTotalsExact(): Promise<void> {
  for (const table of COUNTED_TABLES) {
    expect(await listedTotal(LIST_OF_TABLE[table]), table).toBe(await rowsInTable(table));
  }
}

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
  other = await newCompany(harness.deps);
});
afterAll(() => harness.close());

describe("X-Total", () => {
  it("is exact for every list as rows are created, refused and deleted", async () => {
    await expectTotalsExact();
    const contactId = await post(company, "contacts", { contact: { company_name: "Teller BV" } });
    await post(company, "contacts", { contact: { company_name: "Tweede BV", is_supplier: true } });
    await post(other, "contacts", { contact: { company_name: "Elders BV" } });
    const productId = await post(company, "products", {
      product: { invoice_line: { description: "Uur", price_per_unit: "80" } },
    });
    await post(company, "rides", { ride: { date: "2024-01-01", km_start: 0, km_end: 12 } });
    await post(company, "payments", { payment: { amount: "10", account_path: BANK, paid_at: "2024-03-01" } });
    await post(company, "sales_invoices", {
      sales_invoice: { contact_id: contactId, invoice_lines: [{ description: "Werk", price_per_unit: "10" }] },
    });
    const refused = await request(harness.app, "POST", url(company, "contacts"), company.token, {
      contact: { email: "no address" },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await expectTotalsExact();
    expect(await listedTotal("contacts")).toBe(2);
    expect(await listedTotal("contacts?selection=suppliers")).toBe(1);
    expect(await listedTotal("contacts?search[q]=teller")).toBe(1);
    expect(await listedTotal("payments")).toBe(1);

    await request(harness.app, "DELETE", url(company, `products/${productId}`), company.token);
    await expectTotalsExact();
    expect(await listedTotal("products")).toBe(0);
  });

  it("reads an unfiltered list's total from the kept count, not by counting rows", async () => {
    const own = await newCompany(harness.deps);
    await post(own, "contacts", { contact: { company_name: "Een BV" } });
    // a count made wrong by hand shows through the unfiltered list only: that is the one read
    await sql`update row_counts set total = 41 where company_id = ${own.companyId} and table_name = 'contacts'`.execute(
      harness.deps.db,
    );
    const total = async (path: string) =>
      Number((await request(harness.app, "GET", url(own, path), own.token)).headers["x-total"]);
    expect(await total("contacts")).toBe(41);
    expect(await total("contacts?selection=customers")).toBe(1);
  });
});
