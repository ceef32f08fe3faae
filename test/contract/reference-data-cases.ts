/**
 * Contract cases for the current user, companies and reference data (VAT types, accounts,
 * templates).
 */
import { expect } from "vitest";
import { referenceOperation, responseExample } from "../support/reference.js";
import {
  base,
  call,
  conform,
  created,
  type InvalidCases,
  type Item,
  itemsOf,
  owner,
  type SuccessCases,
  withoutId,
} from "./context.js";

const createCompany = () =>
  created("/api/v1/companies", referenceOperation("POST", "/api/v1/companies").requestExample, "company");

async function allAccounts(): Promise<Item[]> {
  const accounts: Item[] = [];
  for (let page = 1; ; page++) {
    const response = await call("GET", `${base}/accounts?per_page=100&page=${page}`);
    const items = itemsOf(conform("GET /api/v1/companies/{company_id}/accounts", response), "accounts");
    accounts.push(...items);
    if (accounts.length >= Number(response.headers["x-total"]) || items.length < 100) return accounts;
  }
}

/**
 * Where the app's chart departs from the accounts the reference shows: same path, reference and
 * type, and the same parent (by path) wherever the example names it. Names are ours.
 */
function chartMismatches(ours: Item[], example: Item[]): string[] {
  const ourPaths = new Map(ours.map((account) => [account.id, account.path]));
  const examplePaths = new Map(example.map((account) => [account.id, account.path]));
  const byPath = new Map(ours.map((account) => [account.path, account]));
  return example.flatMap((account) => {
    const mine = byPath.get(account.path);
    if (!mine) return [`${account.path}: missing`];
    const problems: string[] = [];
    for (const field of ["reference", "type"]) {
      if (mine[field] !== account[field]) {
        problems.push(`${account.path}: ${field} ${mine[field]}, reference ${account[field]}`);
      }
    }
    const parent = account.parent_id === null ? null : examplePaths.get(account.parent_id);
    const myParent = mine.parent_id === null ? null : ourPaths.get(mine.parent_id);
    if (parent !== undefined && myParent !== parent) {
      problems.push(`${account.path}: parent ${myParent}, reference ${parent}`);
    }
    return problems;
  });
}

const VAT_FACTS: Item = { vat_high: "0.21", vat_low_new: "0.09", vat_zero: "0.0" };

export const REFERENCE_DATA_CASES: SuccessCases = {
  "GET /api/v1/me": async (key) => {
    expect(conform(key, await call("GET", "/api/v1/me"))).toMatchObject({ me: { email: owner.email } });
  },
  "GET /api/v1/companies": async (key) => {
    const companies = itemsOf(conform(key, await call("GET", "/api/v1/companies")), "companies");
    expect(companies.map((company) => company.name)).toContain("Contract Test BV");
  },
  "POST /api/v1/companies": async (key) => {
    const example = referenceOperation("POST", "/api/v1/companies").requestExample as { company: Item };
    const body = conform(key, await call("POST", "/api/v1/companies", example));
    expect(body.company).toMatchObject({ ...example.company, access_control: { api_accessible: true } });
  },
  "DELETE /api/v1/companies/{id}": async (key) => {
    const company = await createCompany();
    conform(key, await call("DELETE", `/api/v1/companies/${company.id}`));
  },
  "GET /api/v1/companies/{company_id}/vat_types": async (key) => {
    const vatTypes = itemsOf(conform(key, await call("GET", `${base}/vat_types`)), "vat_types");
    for (const [name, value] of Object.entries(VAT_FACTS)) {
      expect(
        vatTypes.find((vatType) => vatType.name === name),
        name,
      ).toMatchObject({ value });
    }
  },
  "GET /api/v1/companies/{company_id}/vat_types/{id}": async (key) => {
    const list = JSON.parse((await call("GET", `${base}/vat_types`)).body) as { vat_types: Item[] };
    const high = list.vat_types.find((vatType) => vatType.name === "vat_high");
    expect(high, "vat_high in the list").toBeDefined();
    const body = conform(key, await call("GET", `${base}/vat_types/${high?.id}`));
    expect(body.vat_type).toMatchObject({ name: "vat_high", value: "0.21" });
  },
  "GET /api/v1/companies/{company_id}/accounts": async () => {
    const example = responseExample("GET", "/api/v1/companies/{company_id}/accounts", 200) as { accounts: Item[] };
    expect(chartMismatches(await allAccounts(), example.accounts)).toEqual([]);
  },
  "GET /api/v1/companies/{company_id}/accounts/{id}": async (key) => {
    const example = responseExample("GET", "/api/v1/companies/{company_id}/accounts/{id}", 200) as { account: Item };
    const activa = (await allAccounts()).find((account) => account.path === "activa");
    const body = conform(key, await call("GET", `${base}/accounts/${activa?.id}`));
    const { name: _name, path_name: _pathName, ...facts } = withoutId(example.account);
    expect(body.account).toMatchObject(facts);
  },
  "GET /api/v1/companies/{company_id}/templates": async (key) => {
    const templates = itemsOf(conform(key, await call("GET", `${base}/templates`)), "templates");
    expect(templates.some((template) => template.is_default === true)).toBe(true);
  },
  "GET /api/v1/companies/{company_id}/templates/{id}": async (key) => {
    const list = JSON.parse((await call("GET", `${base}/templates`)).body) as { templates: Item[] };
    conform(key, await call("GET", `${base}/templates/${list.templates[0]?.id}`));
  },
};

export const REFERENCE_DATA_INVALID: InvalidCases = {
  "POST /api/v1/companies": () => call("POST", "/api/v1/companies", { company: { name: "" } }),
};
