import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { accountIdsByPath } from "./service.js";

let harness: TestApp;
let company: TestCompany;
beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

interface Account {
  id: number;
  name: string;
  path_name: string;
  path: string;
  reference: string;
  type: string | null;
  parent_id: number | null;
}
const url = () => `/api/v1/companies/${company.companyId}/accounts`;

async function accounts(query = ""): Promise<Account[]> {
  const response = await request(harness.app, "GET", `${url()}?per_page=100${query}`, company.token);
  expect(response.statusCode).toBe(200);
  return json<{ accounts: Account[] }>(response).accounts;
}

describe("accounts", () => {
  it("seeds a chart with every path and reference the reference API uses", async () => {
    const all = [...(await accounts()), ...(await accounts("&page=2"))];
    const byPath = new Map(all.map((account) => [account.path, account]));
    const expected: Array<[string, string, string | null]> = [
      ["activa", "B1", "balance"],
      ["activa.current_assets.liquid_assets.bank", "B1.2.1.1", "balance"],
      ["profit.costs.other_costs.misc", "P1.5.8", "costs"],
      ["profit.costs.selling.promotional_gifts", "P1.4.3", "costs"],
      ["profit.costs.payment_differences", "P1.10", "costs"],
      ["profit.revenue", "P2", "revenue"],
      ["profit.revenue.payment_differences", "P2.2", "revenue"],
      ["vat_to_pay_revenue.vat_private_use", "H1.6", null],
      ["vat_to_pay_revenue_reverse_charged_in_eu.vat_low_new", "H2.2", null],
      ["vat_to_pay_revenue_outside_eu.vat_low", "H3.2", null],
      ["vat_reverse_charged_revenue_outside_eu", "H6", null],
    ];
    for (const [path, reference, type] of expected) {
      expect(byPath.get(path), path).toMatchObject({ reference, type });
    }
    const misc = byPath.get("profit.costs.other_costs.misc");
    const otherCosts = byPath.get("profit.costs.other_costs");
    expect(misc?.parent_id).toBe(otherCosts?.id);
    expect(misc?.path_name).toBe(`Kosten • ${otherCosts?.name} • ${misc?.name}`);
    expect(byPath.get("activa")?.path_name).toBe(byPath.get("activa")?.name);
    expect(byPath.get("activa")?.parent_id).toBeNull();
  });

  it("filters by selection and by paths", async () => {
    const payment = await accounts("&selection=payment");
    expect(payment.map((account) => account.path)).toEqual([
      "activa.current_assets.liquid_assets.bank",
      "activa.current_assets.liquid_assets.cash",
    ]);
    expect((await accounts("&selection=revenue")).every((account) => account.type === "revenue")).toBe(true);
    expect((await accounts("&selection=costs")).every((account) => account.type === "costs")).toBe(true);
    const ledger = await accounts("&selection=ledger");
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.every((account) => account.type !== null)).toBe(true);
    const picked = await accounts("&search[paths][]=profit.costs.other_costs.misc&search[paths][]=activa");
    expect(picked.map((account) => account.path)).toEqual(["activa", "profit.costs.other_costs.misc"]);
  });

  it("shows one account and keeps other companies' accounts out of reach", async () => {
    const [first] = await accounts();
    const shown = await request(harness.app, "GET", `${url()}/${first?.id}`, company.token);
    expect(json(shown)).toEqual({ account: first });
    const other = await newCompany(harness.deps);
    const foreign = await request(
      harness.app,
      "GET",
      `/api/v1/companies/${other.companyId}/accounts/${first?.id}`,
      other.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toMatchObject({ error: { type: "client.not_found.resource" } });
  });

  it("resolves the paths a posting names to this company's account ids, and no others", async () => {
    const chart = await accounts(
      "&search[paths][]=activa.current_assets.liquid_assets.bank&search[paths][]=profit.revenue.other",
    );
    const other = await newCompany(harness.deps);
    const paths = [
      "profit.revenue.other",
      "activa.current_assets.liquid_assets.bank",
      "profit.revenue.other",
      "no.such",
    ];
    const ids = await accountIdsByPath(harness.deps.db, company.companyId, paths);
    expect(ids).toEqual(new Map(chart.map((account) => [account.path, account.id])));
    const otherIds = await accountIdsByPath(harness.deps.db, other.companyId, paths);
    expect([...otherIds.values()].some((id) => ids.get("profit.revenue.other") === id)).toBe(false);
    expect(await accountIdsByPath(harness.deps.db, company.companyId, [])).toEqual(new Map());
  });
});
