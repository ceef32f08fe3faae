/**
 * A company's books as a whole: nothing posts into a period a filed return locked (the request is
 * refused and writes nothing), and a company with books can still be deleted, its books with it.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertLock } from "../../src/modules/ledger/store.js";
import { buildTestApp, errorOf, json, newCompany, request, type TestApp } from "../support/app.js";

let harness: TestApp;
const BANK = "activa.current_assets.liquid_assets.bank";

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-22T10:00:00Z"));
});
afterAll(() => harness.close());

describe("a locked period", () => {
  it("refuses anything that would post into it, naming date, and writes nothing", async () => {
    const own = await newCompany(harness.deps, "Locked BV");
    const payment = json<{ payment: { id: number } }>(
      await request(harness.app, "POST", `/api/v1/companies/${own.companyId}/payments`, own.token, {
        payment: { amount: "5", account_path: BANK, paid_at: "2026-05-10" },
      }),
    ).payment;
    await insertLock(harness.deps.db, {
      company_id: own.companyId,
      from_date: "2026-04-01",
      till_date: "2026-06-30",
      reason: "vat_return 2026Q2",
    });
    const ownApi = (method: "POST" | "PATCH" | "DELETE", suffix: string, body?: unknown) =>
      request(harness.app, method, `/api/v1/companies/${own.companyId}${suffix}`, own.token, body);
    const refusals = [
      await ownApi("POST", "/payments", { payment: { amount: "5", account_path: BANK, paid_at: "2026-06-30" } }),
      await ownApi("PATCH", `/payments/${payment.id}`, { payment: { amount: "6" } }),
      await ownApi("DELETE", `/payments/${payment.id}`),
      await ownApi("POST", "/journal_entries", {
        journal_entry: {
          date: "2026-04-01",
          lines: [
            { account_path: BANK, debit_amount: "1" },
            { account_path: "passiva.equity.private_deposits", credit_amount: "1" },
          ],
        },
      }),
      await ownApi("POST", "/sales_invoices", {
        sales_invoice: {
          date: "2026-06-15",
          _publish: true,
          contact: { company_name: "X" },
          invoice_lines: [{ price_per_unit: "1" }],
        },
      }),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(422);
      expect(errorOf(response).type).toBe("client.parameters.validation");
      expect(errorOf(response).message).toMatch(
        /date falls in a period whose VAT return is filed \(2026-04-01 to 2026-06-30\)/,
      );
    }
    const { rows } = await sql<{ count: number }>`select count(*) as count from ledger_entries
      where company_id = ${own.companyId}`.execute(harness.deps.db);
    expect(Number(rows[0]?.count)).toBe(1);
    const invoices = await sql<{ count: number }>`select count(*) as count from sales_invoices
      where company_id = ${own.companyId}`.execute(harness.deps.db);
    expect(Number(invoices.rows[0]?.count)).toBe(0);
  });
});

describe("a company with books", () => {
  it("can still be deleted by its owner, its books with it", async () => {
    const own = await newCompany(harness.deps, "Short-lived BV");
    const ownApi = (method: "POST" | "DELETE", suffix: string, body?: unknown) =>
      request(harness.app, method, `/api/v1/companies/${own.companyId}${suffix}`, own.token, body);
    const payment = await ownApi("POST", "/payments", {
      payment: { amount: "5", account_path: BANK, paid_at: "2026-05-10" },
    });
    expect(payment.statusCode).toBe(201);
    const deleted = await request(harness.app, "DELETE", `/api/v1/companies/${own.companyId}`, own.token);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const { rows } = await sql<{ count: number }>`select count(*) as count from ledger_lines
      where company_id = ${own.companyId}`.execute(harness.deps.db);
    expect(Number(rows[0]?.count)).toBe(0);
  });
});
