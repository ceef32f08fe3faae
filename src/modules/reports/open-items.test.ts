/**
 * Receivables, payables and mileage through the public API: sales invoices, expenses, payments
 * and rides made as a client would, then aged on exact day boundaries.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";

let harness: TestApp;
const BANK = "activa.current_assets.liquid_assets.bank";
const REPORT_DATE = "2026-04-30";
const line = { description: "Work", price_per_unit: "100", quantity: "1" };

type Document = { id: number; price_with_vat?: string; invoice_number: string | null };

const companyUrl = (own: TestCompany, suffix: string) => `/api/v1/companies/${own.companyId}${suffix}`;

async function post<Body>(own: TestCompany, suffix: string, body: unknown): Promise<Body> {
  const response = await request(harness.app, "POST", companyUrl(own, suffix), own.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return json<Body>(response);
}

async function newContact(own: TestCompany, name: string): Promise<number> {
  return (await post<{ contact: { id: number } }>(own, "/contacts", { contact: { company_name: name } })).contact.id;
}

async function invoice(own: TestCompany, fields: Record<string, unknown>): Promise<Document> {
  const body = { sales_invoice: { invoice_lines: [line], _publish: true, ...fields } };
  return (await post<{ sales_invoice: Document }>(own, "/sales_invoices", body)).sales_invoice;
}

async function report<Body>(own: TestCompany, name: string, query = ""): Promise<Body> {
  const response = await request(harness.app, "GET", companyUrl(own, `/reports/${name}${query}`), own.token);
  expect(response.statusCode, response.body).toBe(200);
  return json<Body>(response);
}

interface Aged {
  date: string;
  contacts: Array<
    Record<string, unknown> & {
      name: string;
      items: Array<{ document_id: number; open_amount: string; days_past_due: number; due_date: string }>;
    }
  >;
  total: string;
  not_due: string;
  "1_30": string;
  "31_60": string;
  "61_90": string;
  over_90: string;
}

/** The report without its contacts: what a summary answers. */
function totalsOf(report: Aged): Omit<Aged, "contacts"> {
  const { contacts: _contacts, ...totals } = report;
  return totals;
}

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-05-01T10:00:00Z"));
});
afterAll(() => harness.close());

describe("receivables", () => {
  it("ages open invoices per contact on exact day boundaries", async () => {
    const own = await newCompany(harness.deps);
    const alfa = await newContact(own, "Alfa BV");
    const beta = await newContact(own, "Beta BV");
    const dueDates: Array<[string, number, string]> = [
      ["2026-04-30", 0, "not_due"],
      ["2026-04-29", 1, "1_30"],
      ["2026-03-31", 30, "1_30"],
      ["2026-03-30", 31, "31_60"],
      ["2026-03-01", 60, "31_60"],
      ["2026-02-28", 61, "61_90"],
      ["2026-01-30", 90, "61_90"],
      ["2026-01-29", 91, "over_90"],
    ];
    const made: Document[] = [];
    for (const [dueDate] of dueDates) {
      made.push(await invoice(own, { contact_id: beta, date: "2026-01-02", due_date: dueDate }));
    }
    const gross = made[0]?.price_with_vat ?? "";
    expect(gross).toBe("121.0");
    // not in the report: a concept, an invoice dated after the report date, a paid invoice
    await post(own, "/sales_invoices", {
      sales_invoice: { contact_id: alfa, invoice_lines: [line], date: "2026-01-02" },
    });
    await invoice(own, { contact_id: alfa, date: "2026-05-01", due_date: "2026-05-31" });
    await invoice(own, {
      contact_id: alfa,
      date: "2026-04-01",
      payments: [{ amount: "121", account_path: BANK, paid_at: "2026-04-15" }],
    });
    // partly paid by the end of the report date (23:00 in Amsterdam); a payment just after midnight is not counted
    const partly = await invoice(own, {
      contact_id: alfa,
      date: "2026-04-10",
      due_date: "2026-04-20",
      payments: [
        { amount: "21", account_path: BANK, paid_at: "2026-04-30T21:00:00Z" },
        { amount: "50", account_path: BANK, paid_at: "2026-04-30T22:30:00Z" },
      ],
    });

    const { receivables } = await report<{ receivables: Aged }>(own, "receivables", `?date=${REPORT_DATE}`);
    expect(receivables).toMatchObject({
      date: REPORT_DATE,
      total: "1068.0",
      not_due: "121.0",
      "1_30": "342.0",
      "31_60": "242.0",
      "61_90": "242.0",
      over_90: "121.0",
    });
    expect(receivables.contacts.map((contact) => contact.name)).toEqual(["Alfa BV", "Beta BV"]);
    expect(receivables.contacts[0]).toMatchObject({
      contact_id: alfa,
      total: "100.0",
      not_due: "0.0",
      "1_30": "100.0",
      items: [
        {
          document_id: partly.id,
          invoice_number: partly.invoice_number,
          date: "2026-04-10",
          due_date: "2026-04-20",
          open_amount: "100.0",
          days_past_due: 10,
        },
      ],
    });
    const betaItems = receivables.contacts[1]?.items ?? [];
    expect(betaItems.map((item) => [item.due_date, item.days_past_due])).toEqual(
      [...dueDates].reverse().map(([dueDate, days]) => [dueDate, days]),
    );
    expect(receivables.contacts[1]).toMatchObject({
      contact_id: beta,
      total: "968.0",
      not_due: "121.0",
      "1_30": "242.0",
      "31_60": "242.0",
      "61_90": "242.0",
      over_90: "121.0",
    });
    // the summary: the same totals on the same day boundaries, summed by the database, no contacts
    const summary = await report<{ receivables: Aged }>(own, "receivables", `?date=${REPORT_DATE}&summary=true`);
    expect(summary.receivables).toEqual({ ...totalsOf(receivables), contacts: [] });
    const before = await report<{ receivables: Aged }>(own, "receivables", "?date=2025-12-31&summary=true");
    expect(before.receivables).toMatchObject({ contacts: [], total: "0.0", over_90: "0.0" });
  });

  it("is empty for a company without invoices, dated today by default", async () => {
    const own = await newCompany(harness.deps);
    const { receivables } = await report<{ receivables: Aged }>(own, "receivables");
    expect(receivables).toEqual({
      date: "2026-05-01",
      contacts: [],
      total: "0.0",
      not_due: "0.0",
      "1_30": "0.0",
      "31_60": "0.0",
      "61_90": "0.0",
      over_90: "0.0",
    });
  });
});

describe("payables", () => {
  it("ages published expenses by their date, counting payments out (negative) made by the report date", async () => {
    const own = await newCompany(harness.deps);
    const supplier = await newContact(own, "Leverancier BV");
    const accounts = json<{ accounts: Array<{ id: number; path: string }> }>(
      await request(harness.app, "GET", companyUrl(own, "/accounts?per_page=100"), own.token),
    ).accounts;
    const misc = accounts.find((account) => account.path === "profit.costs.other_costs.misc")?.id;
    const expense = async (date: string, state = "published") =>
      (
        await post<{ expense: Document }>(own, "/expenses", {
          expense: { type_account_id: misc, contact_id: supplier, date, state, invoice_lines: [line] },
        })
      ).expense;
    const today = await expense(REPORT_DATE);
    const old = await expense("2026-01-29");
    await expense("2026-01-15", "concept");
    await expense("2026-05-01");
    const paidAt = async (expenseId: number, amount: string, paid: string) => {
      const payment = await post<{ payment: { id: number } }>(own, "/payments", {
        payment: { amount, account_path: BANK, paid_at: paid },
      });
      await sql`update payments set document_type = 'expense', document_id = ${expenseId} where id = ${payment.payment.id}`.execute(
        harness.deps.db,
      );
    };
    await paidAt(old.id, "-21", "2026-03-01");
    await paidAt(old.id, "-100", "2026-05-01T08:00:00Z");

    const { payables } = await report<{ payables: Aged }>(own, "payables", `?date=${REPORT_DATE}`);
    expect(payables).toMatchObject({ total: "221.0", not_due: "121.0", over_90: "100.0", "1_30": "0.0" });
    expect(payables.contacts).toHaveLength(1);
    expect(payables.contacts[0]?.name).toBe("Leverancier BV");
    expect(payables.contacts[0]?.items.map((item) => [item.document_id, item.open_amount, item.days_past_due])).toEqual(
      [
        [old.id, "100.0", 91],
        [today.id, "121.0", 0],
      ],
    );
    const later = await report<{ payables: Aged }>(own, "payables", "?date=2026-05-01");
    expect(later.payables).toMatchObject({ total: "242.0" });
    for (const [date, full] of [
      [REPORT_DATE, payables],
      ["2026-05-01", later.payables],
    ] as const) {
      const summary = await report<{ payables: Aged }>(own, "payables", `?date=${date}&summary=1`);
      expect(summary.payables).toEqual({ ...totalsOf(full), contacts: [] });
    }
  });
});

describe("mileage", () => {
  const ride = (own: TestCompany, fields: Record<string, unknown>) => post(own, "/rides", { ride: fields });

  it("sums business and private km of the year and deducts business km at the year's rate, to the cent", async () => {
    const own = await newCompany(harness.deps);
    await ride(own, { km_start: 10_000, km_end: 11_000, private: false, date: "2026-01-05" });
    await ride(own, { km_start: 11_000, km_end: 11_234, date: "2026-12-31" });
    await ride(own, { km_start: 11_234, km_end: 11_334, private: true, date: "2026-06-01" });
    await ride(own, { km_start: 9_000, km_end: 10_000, private: false, date: "2025-12-31" });
    const { mileage } = await report<{ mileage: Record<string, unknown> }>(own, "mileage", "?year=2026");
    expect(mileage).toEqual({
      year: 2026,
      business_km: 1234,
      private_km: 100,
      rate: "0.25",
      deductible_amount: "308.5",
    });
    const previous = await report<{ mileage: Record<string, unknown> }>(own, "mileage", "?year=2025");
    expect(previous.mileage).toEqual({
      year: 2025,
      business_km: 1000,
      private_km: 0,
      rate: "0.23",
      deductible_amount: "230.0",
    });
    const current = await report<{ mileage: Record<string, unknown> }>(own, "mileage");
    expect(current.mileage).toMatchObject({ year: 2026, business_km: 1234 });
  });

  it("refuses a year without a known rate with 400 naming year", async () => {
    const own = await newCompany(harness.deps);
    const response = await request(harness.app, "GET", companyUrl(own, "/reports/mileage?year=2022"), own.token);
    expect(response.statusCode).toBe(400);
    expect(json<{ error: unknown }>(response).error).toEqual({
      type: "client.parameters.invalid_parameter_value",
      message: "Parameter year has no known mileage rate",
    });
  });
});
