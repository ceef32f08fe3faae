/**
 * The supported dates (platform/dates.ts: 1900-01-01 to 9999-12-31) at both ends, on every route
 * that takes a date: a query parameter answers 200 on the edges and 400 invalid_parameter_value
 * just outside them; an attribute is stored on the edges and refused with a 422 naming it just
 * outside; and books written on the edge days come back, exactly, in every report.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, errorOf, json, newCompany, request, type TestApp, type TestCompany } from "./support/app.js";

const BANK = "activa.current_assets.liquid_assets.bank";
const CAPITAL = "passiva.equity.capital";
const MISC = "profit.costs.other_costs.misc";

const INSIDE = ["1900-01-01", "1900-01-02", "9999-12-30", "9999-12-31"];
// years 0–99 too: Date.UTC and Intl read them as other years, and PostgreSQL has no year 0
const OUTSIDE = ["1899-12-31", "10000-01-01", "0999-12-31", "0099-06-15", "0001-01-01", "0000-01-01"];

let harness: TestApp;
let company: TestCompany;
let contactId: number;
let vatHighId: number;

const companyUrl = (suffix: string) => `/api/v1/companies/${company.companyId}${suffix}`;
const get = (suffix: string) => request(harness.app, "GET", companyUrl(suffix), company.token);
const post = (suffix: string, body: unknown) => request(harness.app, "POST", companyUrl(suffix), company.token, body);

async function created<Body>(suffix: string, body: unknown): Promise<Body> {
  const response = await post(suffix, body);
  expect(response.statusCode, response.body).toBe(201);
  return json<Body>(response);
}

const line = { description: "Work", price_per_unit: "100", quantity: "1" };
const balanced = (date: string) => ({
  date,
  lines: [
    { account_path: BANK, debit_amount: "1" },
    { account_path: CAPITAL, credit_amount: "1" },
  ],
});

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps, "Rand BV");
  contactId = (await created<{ contact: { id: number } }>("/contacts", { contact: { company_name: "Klant BV" } }))
    .contact.id;
  const vatTypes = json<{ vat_types: Array<{ id: number; name: string }> }>(await get("/vat_types?selection=all"));
  vatHighId = vatTypes.vat_types.find((type) => type.name === "vat_high")?.id ?? -1;
});
afterAll(() => harness.close());

/** Every query parameter that takes a date, as the path with its query for a given date. */
const DATE_PATHS: Array<[string, (date: string) => string]> = [
  ["date", (date) => `/reports/trial_balance?date=${date}`],
  ["date", (date) => `/reports/balance_sheet?date=${date}`],
  ["date", (date) => `/reports/receivables?date=${date}`],
  ["date", (date) => `/reports/payables?date=${date}`],
  ["from", (date) => `/reports/profit_and_loss?from=${date}`],
  ["till", (date) => `/reports/profit_and_loss?till=${date}`],
  ["from", (date) => `/reports/general_ledger?account_path=${BANK}&from=${date}`],
  ["till", (date) => `/reports/general_ledger?account_path=${BANK}&till=${date}`],
  ["since", (date) => `/vat_types?since=${date}`],
  ...["sales_invoices", "quotations", "expenses"].flatMap(
    (list): Array<[string, (date: string) => string]> => [
      ["search[from]", (date) => `/${list}?search[from]=${date}`],
      ["search[till]", (date) => `/${list}?search[till]=${date}`],
    ],
  ),
];
const DATE_PARAMETERS = DATE_PATHS.map(([name, path]) => [path("…"), name, path] as const);

describe("a date in the query", () => {
  it.each(DATE_PARAMETERS)("%s answers on both ends of the supported dates", async (_label, _name, path) => {
    for (const date of INSIDE) {
      const response = await get(path(date));
      expect(response.statusCode, `${path(date)}: ${response.body}`).toBe(200);
    }
  });

  it.each(DATE_PARAMETERS)("%s is refused just outside them, naming %s", async (_label, name, path) => {
    for (const date of OUTSIDE) {
      const response = await get(path(date));
      expect(response.statusCode, `${path(date)}: ${response.body}`).toBe(400);
      expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
      expect(errorOf(response).message).toContain(`Parameter ${name} must be`);
    }
  });

  it("works over the whole range at once", async () => {
    for (const path of [
      `/reports/profit_and_loss?from=1900-01-01&till=9999-12-31`,
      `/reports/general_ledger?account_path=${BANK}&from=1900-01-01&till=9999-12-31`,
      `/sales_invoices?search[from]=1900-01-01&search[till]=9999-12-31`,
    ]) {
      expect((await get(path)).statusCode, path).toBe(200);
    }
  });

  it("takes the periods and years of the supported dates, and refuses those outside", async () => {
    const periods = ["1900Q1", "1900-01", "1900", "9999Q4", "9999-12", "9999"];
    for (const period of periods) {
      for (const path of [`/vat_returns/${period}`, `/vat_returns/${period}/lines?box=1a`, `/icp_returns/${period}`]) {
        const response = await get(path);
        expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      }
    }
    for (const period of ["1899Q4", "1899-12", "1899", "0999"]) {
      for (const path of [`/vat_returns/${period}`, `/vat_returns/${period}/lines?box=1a`, `/icp_returns/${period}`]) {
        const response = await get(path);
        expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
        expect(errorOf(response).message).toContain("Parameter period must be");
      }
    }
    const filed = await post("/vat_returns", { vat_return: { period: "1899Q4" } });
    expect(filed.statusCode).toBe(422);
    expect(errorOf(filed).message).toContain("period must be between 1900-01-01 and 9999-12-31");
    for (const year of ["1899", "0999"]) {
      const response = await get(`/reports/mileage?year=${year}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe("Parameter year must be between 1900 and 9999");
    }
    // a supported year without a known mileage rate is refused for that, not for its date
    const noRate = await get("/reports/mileage?year=9999");
    expect(errorOf(noRate).message).toBe("Parameter year has no known mileage rate");
  });
});

/** Every attribute that takes a date or date-time, as a body to create with it. */
const DATE_ATTRIBUTES: Array<[string, string, (date: string) => Record<string, unknown>]> = [
  ["rides", "date", (date) => ({ ride: { date, km_end: 10 } })],
  ["hours", "date", (date) => ({ hour: { date, duration: 1 } })],
  ["hours", "started_at", (date) => ({ hour: { started_at: `${date}T10:00:00`, duration: 1 } })],
  ["hours", "ended_at", (date) => ({ hour: { started_at: "9999-12-30T10:00:00", ended_at: `${date}T11:00:00` } })],
  ["journal_entries", "date", (date) => ({ journal_entry: balanced(date) })],
  ["quotations", "date", (date) => ({ quotation: { date, contact_id: contactId, invoice_lines: [line] } })],
  ["payments", "paid_at", (date) => ({ payment: { amount: "1", account_path: BANK, paid_at: date } })],
  [
    "sales_invoices",
    "delivery_date",
    (date) => ({ sales_invoice: { contact_id: contactId, delivery_date: date, invoice_lines: [line] } }),
  ],
];

describe("a date in a body", () => {
  it.each(DATE_ATTRIBUTES)("%s %s is stored on both ends of the supported dates", async (resource, name, body) => {
    // the end of an hour must come after its start, which is on 9999-12-30 for ended_at
    const inside = name === "ended_at" ? ["9999-12-30", "9999-12-31"] : INSIDE;
    for (const date of inside) {
      const response = await post(`/${resource}`, body(date));
      expect(response.statusCode, `${resource} ${name} ${date}: ${response.body}`).toBe(201);
    }
  });

  it.each(DATE_ATTRIBUTES)("%s %s is refused just outside them, naming it", async (resource, name, body) => {
    for (const date of OUTSIDE) {
      const response = await post(`/${resource}`, body(date));
      expect(response.statusCode, `${resource} ${name} ${date}: ${response.body}`).toBe(422);
      expect(errorOf(response).type).toBe("client.parameters.validation");
      expect(errorOf(response).message).toMatch(new RegExp(`: (.*; )?${name.replace(/[[\]]/g, "\\$&")} `));
    }
  });

  it("refuses a date-time that falls after the last supported date in the company's time zone", async () => {
    // 23:30 in New York on the last day is 04:30 the next day in UTC, where instants are stored
    const outside = ["9999-12-31T23:30:00-05:00", "9999-12-31T23:30:00Z", "1899-12-31T23:00:00+01:00"];
    for (const paidAt of [...outside, "0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "0099-06-15T12:00:00Z"]) {
      const response = await post("/payments", { payment: { amount: "1", account_path: BANK, paid_at: paidAt } });
      expect(response.statusCode, paidAt).toBe(422);
      expect(errorOf(response).message).toContain("paid_at must be between 1900-01-01 and 9999-12-31");
    }
    const late = await post("/hours", { hour: { started_at: "9999-12-31T22:00:00", duration: 3 } });
    expect(late.statusCode).toBe(422);
    expect(errorOf(late).message).toContain("duration must end by 9999-12-31 (counted from started_at)");
  });
});

describe("books on the edge days", () => {
  it("come back exactly in every report", async () => {
    const own = await newCompany(harness.deps, "Randboeken BV");
    const mine = (suffix: string) => `/api/v1/companies/${own.companyId}${suffix}`;
    const make = async (suffix: string, body: unknown) => {
      const response = await request(harness.app, "POST", mine(suffix), own.token, body);
      expect(response.statusCode, `${suffix}: ${response.body}`).toBe(201);
      return json<Record<string, Record<string, unknown>>>(response);
    };
    const read = async <Body>(suffix: string): Promise<Body> => {
      const response = await request(harness.app, "GET", mine(suffix), own.token);
      expect(response.statusCode, `${suffix}: ${response.body}`).toBe(200);
      return json<Body>(response);
    };
    const customer = (await make("/contacts", { contact: { company_name: "Klant BV" } })).contact?.id;
    const chart = await read<{ accounts: Array<{ id: number; path: string }> }>("/accounts?per_page=100");
    const ownMisc = chart.accounts.find((account) => account.path === MISC)?.id;
    await make("/journal_entries", {
      journal_entry: {
        date: "1900-01-01",
        lines: [
          { account_path: BANK, debit_amount: "1000" },
          { account_path: CAPITAL, credit_amount: "1000" },
        ],
      },
    });
    await make("/journal_entries", {
      journal_entry: {
        date: "9999-12-31",
        lines: [
          { account_path: MISC, debit_amount: "50" },
          { account_path: BANK, credit_amount: "50" },
        ],
      },
    });
    // no due date given: 30 days later is past the last date, so it is due on the last date
    const invoice = await make("/sales_invoices", {
      sales_invoice: {
        contact_id: customer,
        date: "9999-12-31",
        invoice_lines: [line],
        _publish: true,
        payments: [{ amount: "21", account_path: BANK, paid_at: "9999-12-31T23:59:59" }],
      },
    });
    expect(invoice.sales_invoice).toMatchObject({ date: "9999-12-31", due_date: "9999-12-31", open_amount: "100.0" });
    await make("/expenses", {
      expense: {
        date: "9999-12-31",
        state: "published",
        type_account_id: ownMisc,
        contact_id: customer,
        invoice_lines: [{ description: "Paper", price_per_unit: "100", vat_rate: "0.21", vat_type_id: vatHighId }],
      },
    });

    type Totals = { total_debit: string; total_credit: string };
    expect(await read<{ trial_balance: Totals }>("/reports/trial_balance?date=9999-12-31")).toMatchObject({
      trial_balance: { total_debit: "1313.0", total_credit: "1313.0" },
    });
    for (const date of ["1900-01-01", "9999-12-30"]) {
      expect(await read<{ trial_balance: Totals }>(`/reports/trial_balance?date=${date}`)).toMatchObject({
        trial_balance: { total_debit: "1000.0", total_credit: "1000.0" },
      });
    }
    expect(await read("/reports/balance_sheet?date=9999-12-31")).toMatchObject({
      balance_sheet: { result: "-50.0", total_assets: "1092.0", total_liabilities_and_equity: "1092.0" },
    });
    expect(await read("/reports/balance_sheet?date=1900-01-01")).toMatchObject({
      balance_sheet: { result: "0.0", total_assets: "1000.0", total_liabilities_and_equity: "1000.0" },
    });
    expect(await read("/reports/profit_and_loss?from=1900-01-01&till=9999-12-31")).toMatchObject({
      profit_and_loss: { total_revenue: "100.0", total_costs: "150.0", result: "-50.0" },
    });
    expect(await read("/reports/profit_and_loss?till=1900-12-31")).toMatchObject({
      profit_and_loss: { from: "1900-01-01", result: "0.0" },
    });
    expect(await read(`/reports/general_ledger?account_path=${BANK}&from=9999-12-31&till=9999-12-31`)).toMatchObject({
      general_ledger: { opening_balance: "1000.0", closing_balance: "971.0" },
    });
    expect(await read(`/reports/general_ledger?account_path=${BANK}&from=1900-01-01&till=1900-01-01`)).toMatchObject({
      general_ledger: { opening_balance: "0.0", closing_balance: "1000.0" },
    });
    // the payment at 23:59:59 on the last day counts on that day
    expect(await read("/reports/receivables?date=9999-12-31")).toMatchObject({
      receivables: { date: "9999-12-31", total: "100.0", not_due: "100.0" },
    });
    expect(await read("/reports/receivables?date=9999-12-30")).toMatchObject({ receivables: { total: "0.0" } });
    expect(await read("/reports/payables?date=9999-12-31")).toMatchObject({ payables: { total: "121.0" } });
    expect(await read("/vat_returns/9999Q4")).toMatchObject({
      vat_return: { from: "9999-10-01", till: "9999-12-31", boxes: { "1a": { base: "100.0", vat: "21.0" } } },
    });
    const listed = await request(harness.app, "GET", mine("/sales_invoices?search[from]=9999-12-31"), own.token);
    expect(listed.headers["x-total"]).toBe("1");
    const early = await request(harness.app, "GET", mine("/sales_invoices?search[till]=1900-01-01"), own.token);
    expect(early.headers["x-total"]).toBe("0");
  });
});
