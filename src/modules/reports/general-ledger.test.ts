/**
 * The general ledger (opening balance, paged movements with running balances, closing balance),
 * the reports' parameter errors and their access rules, over entries written straight into the
 * ledger (two-line entries: one debit, one credit).
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
  tokenFor,
} from "../../../test/support/app.js";
import { postTestEntry } from "../../../test/support/ledger.js";
import { companyChart } from "../accounts/service.js";

let harness: TestApp;
let company: TestCompany;
let accountIds: Map<string, number>;

const BANK = "activa.current_assets.liquid_assets.bank";

/** Posts `cents` from `debitPath` to `creditPath` on `date`. */
async function post(date: string, debitPath: string, creditPath: string, cents: number): Promise<void> {
  await postTestEntry(harness.deps.db, company.companyId, date, [
    { path: debitPath, cents },
    { path: creditPath, cents: -cents },
  ]);
}

const reportUrl = (name: string, query = "") => `/api/v1/companies/${company.companyId}/reports/${name}${query}`;

async function report<Body>(name: string, query = ""): Promise<Body> {
  const response = await request(harness.app, "GET", reportUrl(name, query), company.token);
  expect(response.statusCode, response.body).toBe(200);
  return json<Body>(response);
}

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-05-01T10:00:00Z"));
  company = await newCompany(harness.deps);
  accountIds = new Map(
    (await companyChart(harness.deps.db, company.companyId)).map((account) => [account.path, account.id]),
  );
  await post("2025-06-01", BANK, "passiva.equity.capital", 1_000_000);
  await post("2025-12-01", "profit.costs.other_costs.misc", BANK, 24_200);
  await post("2026-02-10", BANK, "profit.revenue.high", 60_500);
  await post("2026-03-05", "profit.costs.housing", BANK, 30_000);
  await post("2026-03-20", BANK, "activa.current_assets.debtors", 121_000);
  await post("2026-04-01", "profit.costs.housing", BANK, 5_000);
});
afterAll(() => harness.close());

describe("general ledger", () => {
  type Ledger = {
    general_ledger: Record<string, unknown> & {
      movements: Array<Record<string, unknown>>;
    };
  };

  it("gives the opening balance, the period's movements with running balances, and the closing balance", async () => {
    const { general_ledger } = await report<Ledger>("general_ledger", `?account_path=${BANK}`);
    expect(general_ledger).toMatchObject({
      account_id: accountIds.get(BANK),
      path: BANK,
      name: "Bank",
      from: "2026-01-01",
      till: "2026-12-31",
      opening_balance: "9758.0",
      total_debit: "1815.0",
      total_credit: "350.0",
      closing_balance: "11223.0",
    });
    expect(general_ledger.movements.map((line) => [line.date, line.debit, line.credit, line.balance])).toEqual([
      ["2026-02-10", "605.0", "0.0", "10363.0"],
      ["2026-03-05", "0.0", "300.0", "10063.0"],
      ["2026-03-20", "1210.0", "0.0", "11273.0"],
      ["2026-04-01", "0.0", "50.0", "11223.0"],
    ]);
    expect(general_ledger.movements[0]).toMatchObject({
      description: "entry of 2026-02-10",
      source_type: "journal_entry",
      contact_id: null,
    });
  });

  it("pages the movements with X-Total and keeps running balances across pages", async () => {
    const response = await request(
      harness.app,
      "GET",
      reportUrl(
        "general_ledger",
        `?account_id=${accountIds.get(BANK)}&from=2025-01-01&till=2026-12-31&per_page=2&page=2`,
      ),
      company.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers).toMatchObject({ "x-page": "2", "x-per-page": "2", "x-total": "6" });
    const { general_ledger } = json<Ledger>(response);
    expect(general_ledger.opening_balance).toBe("0.0");
    expect(general_ledger.closing_balance).toBe("11223.0");
    expect(general_ledger.movements.map((line) => [line.date, line.balance])).toEqual([
      ["2026-02-10", "10363.0"],
      ["2026-03-05", "10063.0"],
    ]);
  });

  it("answers 404 for an account the company does not have, and 400 without an account", async () => {
    const other = await newCompany(harness.deps);
    const foreign = (await companyChart(harness.deps.db, other.companyId))[0]?.id;
    for (const query of [`?account_id=${foreign}`, "?account_path=activa.nothing"]) {
      const response = await request(harness.app, "GET", reportUrl("general_ledger", query), company.token);
      expect(response.statusCode, query).toBe(404);
      expect(errorOf(response)).toEqual({ type: "client.not_found.resource", message: "Account not found" });
    }
    const missing = await request(harness.app, "GET", reportUrl("general_ledger"), company.token);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).type).toBe("client.parameters.invalid_parameter_value");
  });
});

describe("parameters and access", () => {
  it("refuses malformed dates, periods and ids with 400 invalid_parameter_value naming the parameter", async () => {
    const cases: Array<[string, string]> = [
      ["trial_balance?date=2026-02-30", "date"],
      ["trial_balance?date=yesterday", "date"],
      ["balance_sheet?date=2026-1-1", "date"],
      ["profit_and_loss?from=2026-13-01", "from"],
      ["profit_and_loss?from=2026-03-01&till=2026-02-28", "till"],
      [`general_ledger?account_path=${BANK}&till=31-12-2026`, "till"],
      ["general_ledger?account_id=abc", "account_id"],
      ["receivables?date=2026-04-31", "date"],
      ["payables?date=x", "date"],
      ["mileage?year=26", "year"],
    ];
    for (const [path, parameter] of cases) {
      const response = await request(harness.app, "GET", reportUrl(path), company.token);
      expect(response.statusCode, path).toBe(400);
      const error = errorOf(response);
      expect(error.type, path).toBe("client.parameters.invalid_parameter_value");
      expect(error.message, path).toContain(`Parameter ${parameter} `);
    }
  });

  it("refuses another company's token as every company route does, and a token without read:reports", async () => {
    const stranger = await newCompany(harness.deps);
    for (const name of ["trial_balance", "profit_and_loss", "balance_sheet", "receivables", "payables", "mileage"]) {
      const response = await request(harness.app, "GET", reportUrl(name), stranger.token);
      expect(response.statusCode, name).toBe(403);
      expect(errorOf(response).type).toBe("client.authorization.access_denied");
    }
    const narrow = await tokenFor(harness.deps, company.userId, ["read:accounts"]);
    const response = await request(harness.app, "GET", reportUrl("trial_balance"), narrow);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).type).toBe("client.authorization.invalid_scope");
    const none = await request(harness.app, "GET", reportUrl("trial_balance"), null);
    expect(none.statusCode).toBe(401);
  });
});
