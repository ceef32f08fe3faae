/**
 * Profit and loss per month (`breakdown=month`, for the web app's dashboard chart): every month the
 * period touches, the first and last cut to the period, months without movements at zero, and the
 * months adding up to the period's own totals, whether a month is read from the month totals or
 * from the lines; too long a breakdown is refused before anything is read.
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

let harness: TestApp;
let company: TestCompany;

const BANK = "activa.current_assets.liquid_assets.bank";
const REVENUE_HIGH = "profit.revenue.high";
const REVENUE_LOW = "profit.revenue.low";
const HOUSING = "profit.costs.housing";
const MISC = "profit.costs.other_costs.misc";

interface Month {
  month: string;
  from: string;
  till: string;
  total_revenue: string;
  total_costs: string;
  result: string;
}

interface ProfitAndLoss {
  from: string;
  till: string;
  total_revenue: string;
  total_costs: string;
  result: string;
  months?: Month[];
}

async function post(date: string, lines: Array<[string, number]>): Promise<void> {
  await postTestEntry(
    harness.deps.db,
    company.companyId,
    date,
    lines.map(([path, cents]) => ({ path, cents })),
  );
}

async function profitAndLoss(query: string): Promise<ProfitAndLoss> {
  const response = await request(
    harness.app,
    "GET",
    `/api/v1/companies/${company.companyId}/reports/profit_and_loss${query}`,
    company.token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<{ profit_and_loss: ProfitAndLoss }>(response).profit_and_loss;
}

/** [month, revenue, costs, result] of each month, to compare at a glance. */
const figures = (months: readonly Month[] | undefined) =>
  (months ?? []).map((month) => [month.month, month.total_revenue, month.total_costs, month.result]);

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-05-01T10:00:00Z"));
  company = await newCompany(harness.deps);
  await post("2025-12-20", [
    [BANK, 40_000],
    [REVENUE_HIGH, -40_000],
  ]);
  await post("2026-01-10", [
    [BANK, 100_000],
    [REVENUE_HIGH, -100_000],
  ]);
  await post("2026-01-31", [
    [HOUSING, 20_000],
    [BANK, -20_000],
  ]);
  await post("2026-02-15", [
    [BANK, 50_000],
    [REVENUE_LOW, -50_000],
  ]);
  await post("2026-02-16", [
    [MISC, 10_000],
    [BANK, -10_000],
  ]);
  // a correction: revenue debited, so the month's revenue is what is left
  await post("2026-03-01", [
    [BANK, 30_000],
    [REVENUE_HIGH, -35_000],
    [MISC, 5_000],
  ]);
  await post("2026-05-03", [
    [MISC, 5_050],
    [BANK, -5_050],
  ]);
});
afterAll(() => harness.close());

describe("profit and loss per month", () => {
  it("gives every month of a year, at zero where nothing moved, adding up to the year's totals", async () => {
    const year = await profitAndLoss("?from=2026-01-01&till=2026-12-31&breakdown=month");
    expect(year).toMatchObject({ total_revenue: "1850.0", total_costs: "400.5", result: "1449.5" });
    expect(year.months?.[0]).toEqual({
      month: "2026-01",
      from: "2026-01-01",
      till: "2026-01-31",
      total_revenue: "1000.0",
      total_costs: "200.0",
      result: "800.0",
    });
    expect(figures(year.months)).toEqual([
      ["2026-01", "1000.0", "200.0", "800.0"],
      ["2026-02", "500.0", "100.0", "400.0"],
      ["2026-03", "350.0", "50.0", "300.0"],
      ["2026-04", "0.0", "0.0", "0.0"],
      ["2026-05", "0.0", "50.5", "-50.5"],
      ...["06", "07", "08", "09", "10", "11", "12"].map((month) => [`2026-${month}`, "0.0", "0.0", "0.0"]),
    ]);
    expect(year.months?.at(-1)).toMatchObject({ from: "2026-12-01", till: "2026-12-31" });
  });

  it("cuts the first and last month to the period, reading their days from the lines", async () => {
    const cut = await profitAndLoss("?from=2026-01-15&till=2026-05-02&breakdown=month");
    expect(cut).toMatchObject({ total_revenue: "850.0", total_costs: "350.0", result: "500.0" });
    expect(cut.months?.map((month) => [month.from, month.till])).toEqual([
      ["2026-01-15", "2026-01-31"],
      ["2026-02-01", "2026-02-28"],
      ["2026-03-01", "2026-03-31"],
      ["2026-04-01", "2026-04-30"],
      ["2026-05-01", "2026-05-02"],
    ]);
    expect(figures(cut.months)).toEqual([
      ["2026-01", "0.0", "200.0", "-200.0"],
      ["2026-02", "500.0", "100.0", "400.0"],
      ["2026-03", "350.0", "50.0", "300.0"],
      ["2026-04", "0.0", "0.0", "0.0"],
      ["2026-05", "0.0", "0.0", "0.0"],
    ]);
  });

  it("splits days that hold no whole month by the month of their date, across a year's end", async () => {
    const turn = await profitAndLoss("?from=2025-12-15&till=2026-01-20&breakdown=month");
    expect(figures(turn.months)).toEqual([
      ["2025-12", "400.0", "0.0", "400.0"],
      ["2026-01", "1000.0", "0.0", "1000.0"],
    ]);
    const inside = await profitAndLoss("?from=2026-02-10&till=2026-02-15&breakdown=month");
    expect(inside.months).toEqual([
      {
        month: "2026-02",
        from: "2026-02-10",
        till: "2026-02-15",
        total_revenue: "500.0",
        total_costs: "0.0",
        result: "500.0",
      },
    ]);
  });

  it("answers months at zero for a period without postings, and no months unless asked", async () => {
    const future = await profitAndLoss("?from=2027-01-01&till=2027-03-31&breakdown=month");
    expect(future).toMatchObject({ total_revenue: "0.0", total_costs: "0.0", result: "0.0" });
    expect(figures(future.months)).toEqual([
      ["2027-01", "0.0", "0.0", "0.0"],
      ["2027-02", "0.0", "0.0", "0.0"],
      ["2027-03", "0.0", "0.0", "0.0"],
    ]);
    const plain = await profitAndLoss("?from=2026-01-01&till=2026-12-31");
    expect(Object.keys(plain)).toEqual(["from", "till", "revenue", "costs", "total_revenue", "total_costs", "result"]);
    // the default period (this year) breaks down too
    expect((await profitAndLoss("?breakdown=month")).months).toHaveLength(12);
  });

  it("refuses an unknown breakdown and one of more than ten years", async () => {
    const url = (query: string) => `/api/v1/companies/${company.companyId}/reports/profit_and_loss${query}`;
    const unknown = await request(harness.app, "GET", url("?breakdown=week"), company.token);
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).type).toBe("client.parameters.invalid_parameter_value");
    expect(errorOf(unknown).message).toContain("breakdown");
    const tooLong = await request(
      harness.app,
      "GET",
      url("?from=2016-01-01&till=2026-01-31&breakdown=month"),
      company.token,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong)).toEqual({
      type: "client.parameters.invalid_parameter_value",
      message: expect.stringContaining("at most 120"),
    });
    const tenYears = await profitAndLoss("?from=2016-02-01&till=2026-01-31&breakdown=month");
    expect(tenYears.months).toHaveLength(120);
  });
});
