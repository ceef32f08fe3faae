/**
 * Sums at any size (issue 26, item 3), through the public API on the run's database: totals past
 * 2^53 cents keep every cent in every report, totals past 2^63 cents neither fail nor round, and
 * what the books cannot hold is refused with a 422 before anything overflows. Ledger entries of
 * 10^16 euros are written straight into the books (test/support/ledger.ts), as no document holds
 * that much; every figure is read through HTTP. Sums within one document: document-sums.test.ts.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, errorOf, newCompany, type TestApp, type TestCompany } from "./support/app.js";
import { companyApi } from "./support/company-api.js";
import { postTestEntry, type TestLine } from "./support/ledger.js";

const BANK = "activa.current_assets.liquid_assets.bank";
const DEBTORS = "activa.current_assets.debtors";
const REVENUE_HIGH = "profit.revenue.high";
const VAT_HIGH = "passiva.current_liabilities.vat_to_pay.high";

/** 4 × 10^18 cents (4 × 10^16 euros): three of them pass 2^63 (about 9.22 × 10^18). */
const HUGE = 4_000_000_000_000_000_000;

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-05-01T10:00:00Z"));
});
afterAll(() => harness.close());

const api = (own: TestCompany) => companyApi(harness.app, own);
const newCustomer = (own: TestCompany) => api(own).customer();

/** Debtors against revenue (box 1a base) on `date`, as a sale of `cents` would post. */
function sale(own: TestCompany, date: string, cents: number, extra: TestLine[] = []): Promise<number> {
  return postTestEntry(harness.deps.db, own.companyId, date, [
    { path: DEBTORS, cents },
    { path: REVENUE_HIGH, cents: -cents, box: "1a", base: cents },
    ...extra,
  ]);
}

describe("eleven invoices of 8,264,462,809,917.33 (the issue's case: 2^53 cents passed)", () => {
  it("add up to the cent in the P&L, the VAT return, the general ledger, the balance sheet and debtors", async () => {
    const own = await newCompany(harness.deps, "Groot BV");
    const client = api(own);
    const customer = await newCustomer(own);
    for (let index = 0; index < 11; index += 1) {
      const made = await client.make("/sales_invoices", {
        sales_invoice: {
          contact_id: customer,
          date: "2026-02-10",
          _publish: true,
          invoice_lines: [{ description: "Werk", price_per_unit: "8264462809917.33", quantity: "1" }],
        },
      });
      expect(made.sales_invoice).toMatchObject({ price_with_vat: "9999999999999.97", vat_amount: "1735537190082.64" });
    }
    expect(await client.read("/reports/profit_and_loss?from=2026-01-01&till=2026-12-31")).toMatchObject({
      profit_and_loss: { total_revenue: "90909090909090.63", result: "90909090909090.63" },
    });
    expect(await client.read("/vat_returns/2026Q1")).toMatchObject({
      vat_return: {
        boxes: {
          "1a": {
            base: "90909090909090.63",
            vat: "19090909090909.04",
            base_filed: "90909090909090.0",
            vat_filed: "19090909090909.0",
          },
          "5a": { vat: "19090909090909.04" },
          "5g": { vat: "19090909090909.04", vat_filed: "19090909090909.0" },
        },
      },
    });
    expect(
      await client.read(`/reports/general_ledger?account_path=${REVENUE_HIGH}&from=2026-01-01&till=2026-12-31`),
    ).toMatchObject({ general_ledger: { total_credit: "90909090909090.63", closing_balance: "-90909090909090.63" } });
    for (const date of ["2026-12-31", "2026-02-10"]) {
      expect(await client.read(`/reports/trial_balance?date=${date}`)).toMatchObject({
        trial_balance: { total_debit: "109999999999999.67", total_credit: "109999999999999.67" },
      });
    }
    expect(await client.read("/reports/balance_sheet?date=2026-12-31")).toMatchObject({
      balance_sheet: {
        result: "90909090909090.63",
        total_assets: "109999999999999.67",
        total_liabilities_and_equity: "109999999999999.67",
      },
    });
    expect(await client.read("/reports/receivables?date=2026-12-31")).toMatchObject({
      receivables: { total: "109999999999999.67", over_90: "109999999999999.67" },
    });
  });

  it("keep an invoice's open amount to the cent when its payments pass 2^53 cents", async () => {
    const own = await newCompany(harness.deps, "Overbetaald BV");
    const client = api(own);
    const payment = { amount: "9999999999999.99", account_path: BANK, paid_at: "2026-02-11" };
    // 9,999,999,999,999.96 less 11 × 9,999,999,999,999.99: an odd number of cents past 2^53, which no float holds
    const made = await client.make<{ sales_invoice: { id: number } }>("/sales_invoices", {
      sales_invoice: {
        contact_id: await newCustomer(own),
        date: "2026-02-10",
        _publish: true,
        invoice_lines: [{ description: "Werk", price_per_unit: "8264462809917.32", quantity: "1" }],
        payments: Array.from({ length: 11 }, () => payment),
      },
    });
    const expected = { open_amount: "-99999999999999.93", payment_status: "overpaid" };
    expect(await client.read(`/sales_invoices/${made.sales_invoice.id}`)).toMatchObject({ sales_invoice: expected });
    const listed = await client.read<{ sales_invoices: unknown[] }>("/sales_invoices?selection=all");
    expect(listed.sales_invoices).toMatchObject([expected]);
    expect(await client.read("/reports/receivables?date=2026-12-31")).toMatchObject({
      receivables: { total: "-99999999999999.93" },
    });
  });
});

describe("books past 2^63 cents", () => {
  it("answer every report exactly, whole months and cut days alike", async () => {
    const own = await newCompany(harness.deps, "Reus BV");
    const client = api(own);
    await sale(own, "2026-01-15", HUGE);
    await sale(own, "2026-02-15", HUGE);
    await sale(own, "2026-03-15", HUGE);
    await sale(own, "2026-03-20", 1);
    await sale(own, "2026-04-10", 2);

    for (const date of ["2026-03-31", "2026-03-25"]) {
      expect(await client.read(`/reports/trial_balance?date=${date}`)).toMatchObject({
        trial_balance: { total_debit: "120000000000000000.01", total_credit: "120000000000000000.01" },
      });
    }
    expect(await client.read("/reports/trial_balance?date=2026-04-30")).toMatchObject({
      trial_balance: { total_debit: "120000000000000000.03" },
    });
    expect(await client.read("/reports/balance_sheet?date=2026-04-30")).toMatchObject({
      balance_sheet: {
        result: "120000000000000000.03",
        total_assets: "120000000000000000.03",
        total_liabilities_and_equity: "120000000000000000.03",
      },
    });
    expect(await client.read("/reports/profit_and_loss")).toMatchObject({
      profit_and_loss: { total_revenue: "120000000000000000.03" },
    });
    expect(
      await client.read(`/reports/general_ledger?account_path=${DEBTORS}&from=2026-04-01&till=2026-04-30`),
    ).toMatchObject({
      general_ledger: { opening_balance: "120000000000000000.01", closing_balance: "120000000000000000.03" },
    });
    // the fourth line's running balance adds up the three lines before its page
    const fourth = await client.read(
      `/reports/general_ledger?account_path=${DEBTORS}&from=2026-01-01&till=2026-12-31&per_page=1&page=4`,
    );
    expect(fourth).toMatchObject({
      general_ledger: {
        total_debit: "120000000000000000.03",
        movements: [{ debit: "0.01", balance: "120000000000000000.01" }],
      },
    });
    expect(await client.read("/vat_returns/2026Q1")).toMatchObject({
      vat_return: { boxes: { "1a": { base: "120000000000000000.01", base_filed: "120000000000000000.0" } } },
    });
  });

  it("give the ICP return the exact sum of its customers", async () => {
    const own = await newCompany(harness.deps, "Export BV");
    const client = api(own);
    const supply = (date: string, cents: number) =>
      postTestEntry(harness.deps.db, own.companyId, date, [
        { path: DEBTORS, cents },
        { path: "profit.revenue.other", cents: -cents, box: "3b", base: cents, icpKind: "supplies" },
      ]);
    for (const date of ["2026-01-15", "2026-02-15", "2026-03-15"]) await supply(date, HUGE);
    await supply("2026-03-20", 199);
    expect(await client.read("/icp_returns/2026Q1")).toMatchObject({
      icp_return: { total: "120000000000000001.0", supplies: [{ amount: "120000000000000001.0" }] },
    });
  });

  it("refuse to settle a VAT return whose amounts a ledger line cannot hold, naming the period", async () => {
    const own = await newCompany(harness.deps, "Btw BV");
    const client = api(own);
    for (const date of ["2026-01-15", "2026-02-15", "2026-03-15"]) {
      await postTestEntry(harness.deps.db, own.companyId, date, [
        { path: DEBTORS, cents: HUGE },
        { path: VAT_HIGH, cents: -HUGE, box: "1a", vat: HUGE },
      ]);
    }
    expect(await client.read("/vat_returns/2026Q1")).toMatchObject({
      vat_return: { boxes: { "1a": { vat: "120000000000000000.0" }, "5g": { vat: "120000000000000000.0" } } },
    });
    const filed = await client.send("POST", "/vat_returns", { vat_return: { period: "2026Q1" } });
    expect(filed.statusCode, filed.body).toBe(422);
    expect(errorOf(filed)).toEqual({
      type: "client.parameters.validation",
      message:
        "VAT return is invalid: period has amounts too large to settle in one entry (each at most 90071992547409.91)",
    });
    expect(await client.read("/vat_returns/2026Q1")).toMatchObject({ vat_return: { state: "open" } });
  });
});

describe("what the books cannot hold", () => {
  it("is refused with a 422 naming the date before an account's month passes 2^63 - 1 cents", async () => {
    const own = await newCompany(harness.deps, "Vol BV");
    const client = api(own);
    await sale(own, "2026-02-01", 9_223_000_000_000_000_000);
    const customer = await newCustomer(own);
    const invoice = (date: string) =>
      client.send("POST", "/sales_invoices", {
        sales_invoice: {
          contact_id: customer,
          date,
          _publish: true,
          invoice_lines: [{ description: "Werk", price_per_unit: "8264462809917.33", quantity: "1" }],
        },
      });
    const full = await invoice("2026-02-10");
    expect(full.statusCode, full.body).toBe(422);
    expect(errorOf(full).type).toBe("client.parameters.validation");
    expect(errorOf(full).message).toContain(
      "date cannot take more on account activa.current_assets.debtors in 2026-02",
    );
    const nextMonth = await invoice("2026-03-10");
    expect(nextMonth.statusCode, nextMonth.body).toBe(201);
    expect(await client.read("/reports/trial_balance?date=2026-03-31")).toMatchObject({
      trial_balance: { total_debit: "92239999999999999.97", total_credit: "92239999999999999.97" },
    });
  });

  it("takes at most 1000 payments on one document", async () => {
    const own = await newCompany(harness.deps, "Termijnen BV");
    const client = api(own);
    const payment = { amount: "1", account_path: BANK, paid_at: "2026-02-11" };
    const made = await client.make<{ sales_invoice: { id: number } }>("/sales_invoices", {
      sales_invoice: {
        contact_id: await newCustomer(own),
        date: "2026-02-10",
        _publish: true,
        invoice_lines: [{ description: "Werk", price_per_unit: "10000", quantity: "1" }],
        payments: [payment],
      },
    });
    // 998 more linked straight in the table: posting 998 through the API took half a minute on PostgreSQL
    const [first] = await sql<Record<string, unknown>>`select * from payments
      where company_id = ${own.companyId} and document_id = ${made.sales_invoice.id}`
      .execute(harness.deps.db)
      .then((result) => result.rows);
    const { id: _id, ...copy } = first ?? {};
    await harness.deps.db
      .withTables<{ payments: Record<string, unknown> }>()
      .insertInto("payments")
      .values(Array.from({ length: 998 }, () => copy))
      .execute();
    const path = `/sales_invoices/${made.sales_invoice.id}`;
    const tooMany = await client.send("PATCH", path, { sales_invoice: { payments: [payment, payment] } });
    expect(tooMany.statusCode, tooMany.body).toBe(422);
    expect(errorOf(tooMany).message).toBe(
      "Sales invoice is invalid: payments are too many: a document takes at most 1000 payments",
    );
    expect(await client.read(path)).toMatchObject({ sales_invoice: { open_amount: "11101.0" } });
  });
});

describe("kilometres", () => {
  it("deduct to the cent past 2^53 cents, and are refused past what a JSON number states", async () => {
    const own = await newCompany(harness.deps, "Rijder BV");
    const client = api(own);
    await client.make("/rides", { ride: { date: "2026-03-01", km_end: Number.MAX_SAFE_INTEGER } });
    expect(await client.read("/reports/mileage?year=2026")).toMatchObject({
      mileage: { business_km: Number.MAX_SAFE_INTEGER, rate: "0.25", deductible_amount: "2251799813685247.75" },
    });
    await client.make("/rides", { ride: { date: "2026-03-02", km_end: 1 } });
    const tooFar = await client.send("GET", "/reports/mileage?year=2026");
    expect(tooFar.statusCode, tooFar.body).toBe(400);
    expect(errorOf(tooFar).message).toBe(
      "Parameter year has more kilometres than a report can state (at most 9007199254740991)",
    );
  });
});
