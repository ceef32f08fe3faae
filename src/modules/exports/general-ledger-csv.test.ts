/**
 * The general ledger as CSV for Dutch Excel, on the demo company's year: its form (BOM, `;`,
 * decimal commas, quoting, formulas defused), and its debits and credits per account summing to
 * the trial balance over the same dates. Bad dates and a token without read:reports are refused.
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
import { DemoClock } from "../../cli/demo-books.js";
import { seededRandom } from "../../cli/demo-calendar.js";
import { planDemoYear } from "../../cli/demo-plan.js";
import { writeDemoYear } from "../../cli/demo-write.js";
import { ALL_SCOPES } from "../../platform/scopes.js";

let harness: TestApp;
let owner: TestCompany;
let demoId: number;

const url = (query: string, companyId = demoId) => `/api/v1/companies/${companyId}/exports/general_ledger.csv${query}`;

/** RFC 4180 with `;`: the rows of a CSV text, quotes undone. */
function rowsOf(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ";") {
      row.push(field);
      field = "";
    } else if (character === "\r" && text[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index++;
    } else field += character;
  }
  return rows;
}

/** Cents of "1234,56" (the CSV) or "1234.5" (the API). */
function cents(decimal: string): bigint {
  const [whole = "0", fraction = ""] = decimal.replace("-", "").split(/[.,]/);
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
  return decimal.startsWith("-") ? -value : value;
}

async function csv(query: string): Promise<{ header: string[]; rows: string[][] }> {
  const response = await request(harness.app, "GET", url(query), owner.token);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.body.startsWith("\uFEFF")).toBe(true);
  const [header = [], ...rows] = rowsOf(response.body.slice(1));
  return { header, rows };
}

/** debit and credit per account reference of the CSV's rows. */
function perAccount(rows: string[][]): Map<string, { debit: bigint; credit: bigint }> {
  const sums = new Map<string, { debit: bigint; credit: bigint }>();
  for (const row of rows) {
    const [, , , , , , account = "", , , debit = "", credit = ""] = row;
    const sum = sums.get(account) ?? { debit: 0n, credit: 0n };
    sums.set(account, { debit: sum.debit + cents(debit), credit: sum.credit + cents(credit) });
  }
  return sums;
}

interface TrialBalanceRow {
  path: string;
  debit: string;
  credit: string;
}

async function trialBalance(date: string): Promise<Map<string, TrialBalanceRow>> {
  const response = await request(
    harness.app,
    "GET",
    `/api/v1/companies/${demoId}/reports/trial_balance?date=${date}`,
    owner.token,
  );
  const rows = json<{ trial_balance: { accounts: TrialBalanceRow[] } }>(response).trial_balance.accounts;
  return new Map(rows.map((row) => [row.path, row]));
}

let referenceOf: Map<string, string>;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-10-01T10:00:00Z"));
  owner = await newCompany(harness.deps);
  const clock = new DemoClock();
  demoId = await writeDemoYear(
    { ...harness.deps, now: clock.now },
    clock,
    owner.userId,
    planDemoYear("2026-09-30", seededRandom(1)),
  );
  const entry = await request(harness.app, "POST", `/api/v1/companies/${demoId}/journal_entries`, owner.token, {
    journal_entry: {
      date: "2026-09-30",
      description: '=HYPERLINK("x"); kantoor "Noord"',
      lines: [
        { account_path: "profit.costs.other_costs.misc", debit_amount: "12.34" },
        { account_path: "activa.current_assets.liquid_assets.bank", credit_amount: "12.34" },
      ],
    },
  });
  expect(entry.statusCode, entry.body).toBe(201);
  const chart = await request(harness.app, "GET", `/api/v1/companies/${demoId}/accounts?per_page=100`, owner.token);
  referenceOf = new Map(
    json<{ accounts: Array<{ path: string; reference: string }> }>(chart).accounts.map((a) => [a.path, a.reference]),
  );
}, 120_000);
afterAll(() => harness.close());

describe("the general ledger as CSV", () => {
  it("is a UTF-8 CSV attachment for Dutch Excel: BOM, semicolons, decimal commas, one row per ledger line", async () => {
    const response = await request(harness.app, "GET", url("?from=2026-01-01&till=2026-09-30"), owner.token);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="general-ledger-${demoId}-2026-01-01-2026-09-30.csv"`,
    );
    const { header, rows } = await csv("?from=2026-01-01&till=2026-09-30");
    expect(header).toEqual([
      "Datum",
      "Boeking",
      "Dagboek",
      "Brontype",
      "Bron-id",
      "Document",
      "Rekening",
      "Rekeningnaam",
      "Omschrijving",
      "Debet",
      "Credit",
    ]);
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(row).toHaveLength(11);
      expect(row[0]).toMatch(/^2026-0[1-9]-\d{2}$/);
      expect(row[9]).toMatch(/^\d+,\d{2}$/);
      expect(row[10]).toMatch(/^\d+,\d{2}$/);
    }
    expect(new Set(rows.map((row) => row[2]))).toEqual(new Set(["VRK", "INK", "BNK", "MEM"]));
    const tricky = rows.find((row) => row[8]?.includes("HYPERLINK"));
    expect(tricky?.[8]).toBe(`'=HYPERLINK("x"); kantoor "Noord"`);
    expect(tricky?.[9] === "12,34" || tricky?.[10] === "12,34").toBe(true);
  });

  it("sums per account to the trial balance over the same dates", async () => {
    const [before, through] = await Promise.all([trialBalance("2025-12-31"), trialBalance("2026-09-30")]);
    const sums = perAccount((await csv("?from=2026-01-01&till=2026-09-30")).rows);
    let accounts = 0;
    for (const [accountPath, row] of through) {
      const earlier = before.get(accountPath);
      const debit = cents(row.debit) - (earlier === undefined ? 0n : cents(earlier.debit));
      const credit = cents(row.credit) - (earlier === undefined ? 0n : cents(earlier.credit));
      const inCsv = sums.get(referenceOf.get(accountPath) ?? "") ?? { debit: 0n, credit: 0n };
      expect(inCsv, accountPath).toEqual({ debit, credit });
      if (debit !== 0n || credit !== 0n) accounts++;
    }
    expect(sums.size).toBe(accounts);
    // from the first posting on, the sums are the trial balance itself
    const all = perAccount((await csv("?from=2000-01-01&till=2026-09-30")).rows);
    for (const [accountPath, row] of through) {
      expect(all.get(referenceOf.get(accountPath) ?? ""), accountPath).toEqual({
        debit: cents(row.debit),
        credit: cents(row.credit),
      });
    }
  });

  it("is only its header for a period without postings", async () => {
    const { rows } = await csv("?from=2031-01-01&till=2031-12-31");
    expect(rows).toEqual([]);
  });

  it.each([
    ["?from=2026-05-01&till=2026-04-30", "till"],
    ["?from=2026-13-01", "from"],
    ["?till=yesterday", "till"],
  ])("%s → 400 naming %s", async (query, parameter) => {
    const response = await request(harness.app, "GET", url(query), owner.token);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
    expect(errorOf(response).message).toContain(parameter);
  });

  it("refuses a token without read:reports (403 invalid_scope)", async () => {
    const token = await tokenFor(
      harness.deps,
      owner.userId,
      ALL_SCOPES.filter((scope) => scope !== "read:reports"),
    );
    const response = await request(harness.app, "GET", url("?from=2026-01-01"), token);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).type).toBe("client.authorization.invalid_scope");
  });
});
