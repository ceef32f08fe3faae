/**
 * Trial balance, profit and loss and balance sheet over a hand-made set of entries written straight
 * into the ledger (so these tests need no document to post), on the run's database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { postTestEntry } from "../../../test/support/ledger.js";
import { companyChart } from "../accounts/service.js";

let harness: TestApp;
let company: TestCompany;
let accountIds: Map<string, number>;

const BANK = "activa.current_assets.liquid_assets.bank";
const DEBTORS = "activa.current_assets.debtors";
const VAT_TO_CLAIM = "activa.current_assets.vat_to_claim";
const CAPITAL = "passiva.equity.capital";
const VAT_HIGH = "passiva.current_liabilities.vat_to_pay.high";
const REVENUE_HIGH = "profit.revenue.high";
const MISC = "profit.costs.other_costs.misc";
const HOUSING = "profit.costs.housing";

/** Posts one balanced entry: [path, signed cents] with debits positive. */
async function post(date: string, lines: Array<[string, number]>): Promise<void> {
  await postTestEntry(
    harness.deps.db,
    company.companyId,
    date,
    lines.map(([path, cents]) => ({ path, cents })),
  );
}

const reportUrl = (name: string, query = "", own: TestCompany = company) =>
  `/api/v1/companies/${own.companyId}/reports/${name}${query}`;

async function report<Body>(name: string, query = ""): Promise<Body> {
  const response = await request(harness.app, "GET", reportUrl(name, query), company.token);
  expect(response.statusCode, response.body).toBe(200);
  return json<Body>(response);
}

interface Node {
  account_id: number | null;
  path: string | null;
  name: string;
  amount: string;
  accounts: Node[];
}

/** path (or name, for report lines) → amount, over the whole tree. */
function flatten(node: Node): Record<string, string> {
  return Object.assign(
    { [node.path ?? node.name]: node.amount },
    ...node.accounts.map((child) => flatten(child)),
  ) as Record<string, string>;
}

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-05-01T10:00:00Z"));
  company = await newCompany(harness.deps);
  accountIds = new Map(
    (await companyChart(harness.deps.db, company.companyId)).map((account) => [account.path, account.id]),
  );
  await post("2025-06-01", [
    [BANK, 1_000_000],
    [CAPITAL, -1_000_000],
  ]);
  await post("2025-11-15", [
    [DEBTORS, 121_000],
    [REVENUE_HIGH, -100_000],
    [VAT_HIGH, -21_000],
  ]);
  await post("2025-12-01", [
    [MISC, 20_000],
    [VAT_TO_CLAIM, 4_200],
    [BANK, -24_200],
  ]);
  await post("2026-02-10", [
    [BANK, 60_500],
    [REVENUE_HIGH, -50_000],
    [VAT_HIGH, -10_500],
  ]);
  await post("2026-03-05", [
    [HOUSING, 30_000],
    [BANK, -30_000],
  ]);
  await post("2026-03-20", [
    [BANK, 121_000],
    [DEBTORS, -121_000],
  ]);
  await post("2026-04-01", [
    [HOUSING, 5_000],
    [BANK, -5_000],
  ]);
});
afterAll(() => harness.close());

describe("trial balance", () => {
  it("sums every line up to the date per account, ordered by path, with equal totals", async () => {
    const { trial_balance } = await report<{
      trial_balance: {
        date: string;
        accounts: Array<{ account_id: number; path: string; debit: string; credit: string; balance: string }>;
        total_debit: string;
        total_credit: string;
      };
    }>("trial_balance", "?date=2026-03-31");
    expect(trial_balance.date).toBe("2026-03-31");
    expect(trial_balance.accounts.map((row) => row.path)).toEqual([
      DEBTORS,
      BANK,
      VAT_TO_CLAIM,
      VAT_HIGH,
      CAPITAL,
      HOUSING,
      MISC,
      REVENUE_HIGH,
    ]);
    expect(trial_balance.accounts.find((row) => row.path === BANK)).toEqual({
      account_id: accountIds.get(BANK),
      path: BANK,
      name: "Bank",
      debit: "11815.0",
      credit: "542.0",
      balance: "11273.0",
    });
    expect(trial_balance.accounts.find((row) => row.path === DEBTORS)?.balance).toBe("0.0");
    expect(trial_balance.accounts.find((row) => row.path === REVENUE_HIGH)?.balance).toBe("-1500.0");
    expect(trial_balance.total_debit).toBe("13567.0");
    expect(trial_balance.total_credit).toBe(trial_balance.total_debit);
  });

  it("takes today in the company's time zone when no date is given, and nothing before the first entry", async () => {
    const today = await report<{ trial_balance: { date: string; total_debit: string } }>("trial_balance");
    expect(today.trial_balance).toMatchObject({ date: "2026-05-01", total_debit: "13617.0" });
    const before = await report<{ trial_balance: { accounts: unknown[]; total_debit: string } }>(
      "trial_balance",
      "?date=2025-05-31",
    );
    expect(before.trial_balance).toMatchObject({ accounts: [], total_debit: "0.0" });
  });
});

describe("profit and loss", () => {
  it("groups revenue and costs by the chart's tree, with totals and the result", async () => {
    const { profit_and_loss } = await report<{
      profit_and_loss: { from: string; till: string; revenue: Node; costs: Node; result: string } & Record<
        string,
        unknown
      >;
    }>("profit_and_loss", "?from=2025-01-01&till=2025-12-31");
    expect(profit_and_loss).toMatchObject({
      from: "2025-01-01",
      till: "2025-12-31",
      total_revenue: "1000.0",
      total_costs: "200.0",
      result: "800.0",
    });
    expect(profit_and_loss.costs).toEqual({
      account_id: accountIds.get("profit.costs"),
      path: "profit.costs",
      name: "Kosten",
      amount: "200.0",
      accounts: [
        {
          account_id: accountIds.get("profit.costs.other_costs"),
          path: "profit.costs.other_costs",
          name: "Algemene kosten",
          amount: "200.0",
          accounts: [
            {
              account_id: accountIds.get(MISC),
              path: MISC,
              name: "Overige algemene kosten",
              amount: "200.0",
              accounts: [],
            },
          ],
        },
      ],
    });
    expect(flatten(profit_and_loss.revenue)).toEqual({ "profit.revenue": "1000.0", [REVENUE_HIGH]: "1000.0" });
  });

  it("defaults to the calendar year and keeps the chart's order of accounts", async () => {
    const { profit_and_loss } = await report<{ profit_and_loss: Record<string, unknown> & { costs: Node } }>(
      "profit_and_loss",
    );
    expect(profit_and_loss).toMatchObject({
      from: "2026-01-01",
      till: "2026-12-31",
      total_revenue: "500.0",
      total_costs: "350.0",
      result: "150.0",
    });
    const till = await report<{ profit_and_loss: Record<string, unknown> }>("profit_and_loss", "?till=2026-03-31");
    expect(till.profit_and_loss).toMatchObject({ from: "2026-01-01", result: "200.0" });
  });

  it("answers empty trees with zero amounts for a period without movements", async () => {
    const { profit_and_loss } = await report<{ profit_and_loss: { revenue: Node; result: string } }>(
      "profit_and_loss",
      "?from=2024-01-01&till=2024-12-31",
    );
    expect(profit_and_loss.revenue).toMatchObject({ path: "profit.revenue", amount: "0.0", accounts: [] });
    expect(profit_and_loss.result).toBe("0.0");
  });
});

describe("balance sheet", () => {
  it("balances: assets equal liabilities plus equity with this and earlier years' results", async () => {
    const { balance_sheet } = await report<{
      balance_sheet: { assets: Node; liabilities_and_equity: Node } & Record<string, unknown>;
    }>("balance_sheet", "?date=2026-03-31");
    expect(balance_sheet).toMatchObject({
      date: "2026-03-31",
      result: "200.0",
      retained_result: "800.0",
      total_assets: "11315.0",
      total_liabilities_and_equity: "11315.0",
    });
    expect(flatten(balance_sheet.assets)).toEqual({
      activa: "11315.0",
      "activa.current_assets": "11315.0",
      "activa.current_assets.liquid_assets": "11273.0",
      [BANK]: "11273.0",
      [DEBTORS]: "0.0",
      [VAT_TO_CLAIM]: "42.0",
    });
    expect(flatten(balance_sheet.liabilities_and_equity)).toEqual({
      passiva: "11315.0",
      "passiva.equity": "11000.0",
      [CAPITAL]: "10000.0",
      "Resultaat voorgaande boekjaren": "800.0",
      "Resultaat lopend boekjaar": "200.0",
      "passiva.current_liabilities": "315.0",
      "passiva.current_liabilities.vat_to_pay": "315.0",
      [VAT_HIGH]: "315.0",
    });
    const equity = balance_sheet.liabilities_and_equity.accounts[0];
    expect(equity?.accounts.slice(1)).toEqual([
      { account_id: null, path: null, name: "Resultaat voorgaande boekjaren", amount: "800.0", accounts: [] },
      { account_id: null, path: null, name: "Resultaat lopend boekjaar", amount: "200.0", accounts: [] },
    ]);
  });

  it("balances on every date, and shows no earlier result in the first year", async () => {
    for (const date of ["2025-06-01", "2025-11-30", "2025-12-31", "2026-01-01", "2026-12-31"]) {
      const { balance_sheet } = await report<{ balance_sheet: Record<string, string> }>(
        "balance_sheet",
        `?date=${date}`,
      );
      expect(balance_sheet.total_assets, date).toBe(balance_sheet.total_liabilities_and_equity);
    }
    const first = await report<{ balance_sheet: { liabilities_and_equity: Node; retained_result: string } }>(
      "balance_sheet",
      "?date=2025-12-31",
    );
    expect(first.balance_sheet.retained_result).toBe("0.0");
    expect(Object.keys(flatten(first.balance_sheet.liabilities_and_equity))).not.toContain(
      "Resultaat voorgaande boekjaren",
    );
  });
});
