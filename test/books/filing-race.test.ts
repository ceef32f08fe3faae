/**
 * Filing a return while postings into its period are under way: every posting either lands before
 * the return's sums are taken (and is in them) or is refused — none slips in behind the filing.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../support/app.js";

let harness: TestApp;
let company: TestCompany;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-22T10:00:00Z"));
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

const api = (method: "GET" | "POST", suffix: string, body?: unknown) =>
  request(harness.app, method, `/api/v1/companies/${company.companyId}${suffix}`, company.token, body);

const outputVat = (index: number) => ({
  journal_entry: {
    date: "2026-08-15",
    description: `Correctie ${index}`,
    lines: [
      { account_path: "profit.costs.other_costs.misc", debit_amount: "1.01" },
      { account_path: "passiva.current_liabilities.vat_to_pay.high", credit_amount: "1.01" },
    ],
  },
});

describe("filing while postings run", () => {
  it("includes every posting that got in and refuses the rest", async () => {
    const responses = await Promise.all([
      ...Array.from({ length: 12 }, (_, index) => api("POST", "/journal_entries", outputVat(index))),
      api("POST", "/vat_returns", { vat_return: { period: "2026Q3" } }),
      ...Array.from({ length: 12 }, (_, index) => api("POST", "/journal_entries", outputVat(index + 12))),
    ]);
    const filing = responses[12];
    expect(filing?.statusCode, filing?.body).toBe(201);
    const entries = responses.filter((_, index) => index !== 12);
    expect(entries.every((response) => response.statusCode === 201 || response.statusCode === 422)).toBe(true);
    const accepted = entries.filter((response) => response.statusCode === 201).length;
    const filed = json<{ vat_return: { boxes: { "1a": { vat: string } } } }>(filing ?? { body: "{}" }).vat_return;
    expect(filed.boxes["1a"].vat).toBe((accepted * 1.01).toFixed(2).replace(/0$/, ""));
    const { rows } = await sql<{ vat: number }>`select cast(coalesce(sum(vat_cents), 0) as bigint) as vat
      from ledger_lines where company_id = ${company.companyId} and vat_box = '1a'`.execute(harness.deps.db);
    expect(Number(rows[0]?.vat)).toBe(accepted * 101);
  });
});
