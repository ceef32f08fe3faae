/**
 * What the web app's VAT return page asks besides the return (issue 30): the periods a company
 * can choose from, in its own return length, filed ones as filed; and the lines of a box whose
 * document had no counterparty country (a customer abroad without a country counts as Dutch, so
 * its reverse-charged supply lands in 1e where 3b was meant).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
} from "../../../test/support/app.js";
import { postTestEntry } from "../../../test/support/ledger.js";
import { listPeriods, periodContaining, periodsBetween, timingOf } from "./periods.js";

type Period = { period: string; from: string; till: string; state: string; timing: string };
type Line = { box: string; source_type: string; source_id: number; base: string | null };

let harness: TestApp;

// 2026-11-22 in Amsterdam: the fourth quarter is running
beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-22T10:00:00Z"));
});
afterAll(() => harness.close());

const api = (owner: TestCompany, method: "GET" | "POST" | "PATCH", suffix: string, body?: unknown) =>
  request(harness.app, method, `/api/v1/companies/${owner.companyId}${suffix}`, owner.token, body);

const periodsOf = async (owner: TestCompany, query = "") => {
  const response = await api(owner, "GET", `/vat_return_periods${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { response, periods: json<{ vat_return_periods: Period[] }>(response).vat_return_periods };
};

/** A sale of 100.00 at 21 % dated `date`, written straight into the books. */
const sale = (owner: TestCompany, date: string) =>
  postTestEntry(harness.deps.db, owner.companyId, date, [
    { path: "activa.current_assets.debtors", cents: 12100 },
    { path: "profit.revenue.other", cents: -10000, box: "1a", base: 10000 },
    { path: "passiva.current_liabilities.vat_to_pay.high", cents: -2100, box: "1a", vat: 2100 },
  ]);

describe("GET /companies/{id}/vat_return_periods", () => {
  it("lists nothing while no posting counts in a return", async () => {
    const owner = await newCompany(harness.deps);
    const { response, periods } = await periodsOf(owner);
    expect(periods).toEqual([]);
    expect(response.headers["x-total"]).toBe("0");
  });

  it("lists the quarters from the first posting to today's, newest first, filed ones as filed", async () => {
    const owner = await newCompany(harness.deps);
    await sale(owner, "2026-02-10");
    await sale(owner, "2026-08-05");
    const filing = await api(owner, "POST", "/vat_returns", { vat_return: { period: "2026Q1" } });
    expect(filing.statusCode, filing.body).toBe(201);
    const { response, periods } = await periodsOf(owner);
    expect(periods).toEqual([
      { period: "2026Q4", from: "2026-10-01", till: "2026-12-31", state: "open", timing: "current" },
      { period: "2026Q3", from: "2026-07-01", till: "2026-09-30", state: "open", timing: "past" },
      { period: "2026Q2", from: "2026-04-01", till: "2026-06-30", state: "open", timing: "past" },
      { period: "2026Q1", from: "2026-01-01", till: "2026-03-31", state: "filed", timing: "past" },
    ]);
    expect([response.headers["x-total"], response.headers["x-page"]]).toEqual(["4", "1"]);
    const second = await periodsOf(owner, "?per_page=3&page=2");
    expect(second.periods.map((period) => period.period)).toEqual(["2026Q1"]);
    expect(second.response.headers["x-total"]).toBe("4");
  });

  it("follows the company's return length, keeps a filed quarter whole, and reaches a posting in the future", async () => {
    const owner = await newCompany(harness.deps);
    await sale(owner, "2026-07-20");
    expect((await api(owner, "POST", "/vat_returns", { vat_return: { period: "2026Q3" } })).statusCode).toBe(201);
    await sale(owner, "2027-01-04");
    const patched = await api(owner, "PATCH", "/bookkeeping_settings", {
      bookkeeping_settings: { vat_period: "month" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const { periods } = await periodsOf(owner);
    expect(periods.map((period) => [period.period, period.state, period.timing])).toEqual([
      ["2027-01", "open", "future"],
      ["2026-12", "open", "future"],
      ["2026-11", "open", "current"],
      ["2026-10", "open", "past"],
      ["2026Q3", "filed", "past"],
    ]);
  });

  it("is another company's to read only with its own token", async () => {
    const owner = await newCompany(harness.deps);
    const other = await newCompany(harness.deps);
    const response = await request(
      harness.app,
      "GET",
      `/api/v1/companies/${owner.companyId}/vat_return_periods`,
      other.token,
    );
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).type).toBe("client.authorization.access_denied");
  });
});

describe("GET …/vat_returns/{period}/lines?selection=without_country", () => {
  let owner: TestCompany;
  let vatTypes: Map<string, number>;

  async function customer(fields: Record<string, unknown>): Promise<number> {
    const response = await api(owner, "POST", "/contacts", { contact: fields });
    expect(response.statusCode, response.body).toBe(201);
    return json<{ contact: { id: number } }>(response).contact.id;
  }

  async function publish(contactId: number, date: string, price: string, vatType: string): Promise<number> {
    const response = await api(owner, "POST", "/sales_invoices", {
      sales_invoice: {
        contact_id: contactId,
        date,
        sale_type: "service",
        _publish: true,
        invoice_lines: [{ price_per_unit: price, vat_type_id: vatTypes.get(vatType) }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return json<{ sales_invoice: { id: number } }>(response).sales_invoice.id;
  }

  beforeAll(async () => {
    owner = await newCompany(harness.deps);
    const types = json<{ vat_types: Array<{ id: number; name: string }> }>(
      await api(owner, "GET", "/vat_types?selection=all"),
    );
    vatTypes = new Map(types.vat_types.map((type) => [type.name, type.id]));
  });

  it("lists only the document lines whose counterparty had no country", async () => {
    // no country, and a VAT number that names no member state (a DE… one would place it in Germany)
    const nowhere = await customer({ company_name: "Kunde AG", vat_number: "CHE123456789MWST" });
    const dutch = await customer({ company_name: "Bouw BV", country_code: "NL", vat_number: "NL123456789B01" });
    const german = await customer({ company_name: "Firma AG", country_code: "DE", vat_number: "DE987654321" });
    const stray = await publish(nowhere, "2026-08-10", "400", "vat_reverse_charged");
    await publish(dutch, "2026-08-11", "250", "vat_reverse_charged");
    await publish(german, "2026-08-12", "300", "vat_reverse_charged");

    const all = await api(owner, "GET", "/vat_returns/2026Q3/lines?box=1e");
    expect(all.headers["x-total"]).toBe("2");
    const response = await api(owner, "GET", "/vat_returns/2026Q3/lines?box=1e&selection=without_country");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["x-total"]).toBe("1");
    expect(json<{ vat_return_lines: Line[] }>(response).vat_return_lines).toEqual([
      expect.objectContaining({ box: "1e", source_type: "sales_invoice", source_id: stray, base: "400.0" }),
    ]);
    const abroad = await api(owner, "GET", "/vat_returns/2026Q3/lines?box=3b&selection=without_country");
    expect(abroad.headers["x-total"]).toBe("0");
    const everything = await api(owner, "GET", "/vat_returns/2026Q3/lines?box=3b&selection=all");
    expect(everything.headers["x-total"]).toBe("1");
  });

  it("answers 400 for another selection", async () => {
    const response = await api(owner, "GET", "/vat_returns/2026Q3/lines?box=1e&selection=abroad");
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
  });
});

describe("period rules", () => {
  it("finds the month, quarter and year a date lies in", () => {
    expect(periodContaining("2026-11-22", "quarter")).toEqual({
      period: "2026Q4",
      from: "2026-10-01",
      till: "2026-12-31",
    });
    expect(periodContaining("2024-02-29", "month")).toEqual({
      period: "2024-02",
      from: "2024-02-01",
      till: "2024-02-29",
    });
    expect(periodContaining("2026-01-01", "year")).toEqual({ period: "2026", from: "2026-01-01", till: "2026-12-31" });
  });

  it("steps over year ends and stops at the last supported year", () => {
    expect(periodsBetween("2025-11-30", "2026-02-01", "quarter").map((period) => period.period)).toEqual([
      "2025Q4",
      "2026Q1",
    ]);
    expect(periodsBetween("9999-11-01", "9999-12-31", "month").map((period) => period.period)).toEqual([
      "9999-11",
      "9999-12",
    ]);
  });

  it("places a period against today", () => {
    const quarter = periodContaining("2026-08-01", "quarter");
    expect([timingOf(quarter, "2026-10-01"), timingOf(quarter, "2026-09-30"), timingOf(quarter, "2026-06-30")]).toEqual(
      ["past", "current", "future"],
    );
  });

  it("leaves out a period sharing a day with a filed return of another length", () => {
    const filedMonth = periodContaining("2026-08-15", "month");
    const listed = listPeriods({ first: "2026-07-01", last: "2026-07-01" }, [filedMonth], "quarter", "2026-12-01");
    expect(listed.map((period) => [period.period, period.state])).toEqual([
      ["2026Q4", "open"],
      ["2026-08", "filed"],
    ]);
  });
});
