/**
 * Contract cases for the current user, companies and reference data (VAT types, accounts,
 * templates), with request bodies of our own, so every answer is checked against the
 * reference's facts without the reference file. The comparisons with the reference's recorded
 * answers (its company example and its chart of accounts) are in reference-data-recorded.ts.
 */
import { expect } from "vitest";
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
} from "./context.js";

export const COMPANIES = "/api/v1/companies";
export const ACCOUNTS = "/api/v1/companies/{company_id}/accounts";
export const ACCOUNT = `${ACCOUNTS}/{id}`;

const OWN_COMPANY = {
  company: {
    name: "Korenschoof Bakery",
    owner_name: "Anne de Vries",
    address: "Molenstraat 8",
    zipcode: "8011 AB",
    city: "Zwolle",
    country_code: "NL",
    kvk_number: "87654321",
    email: "info@korenschoof.example",
    website: "https://korenschoof.example",
    type: "vof",
    vat_liable: true,
    vat_number: "NL123456782B01",
  },
};

/** Every account of the company's chart, each page checked against the reference. */
export async function allAccounts(): Promise<Item[]> {
  const accounts: Item[] = [];
  for (let page = 1; ; page++) {
    const response = await call("GET", `${base}/accounts?per_page=100&page=${page}`);
    const items = itemsOf(conform(`GET ${ACCOUNTS}`, response), "accounts");
    accounts.push(...items);
    if (accounts.length >= Number(response.headers["x-total"]) || items.length < 100) return accounts;
  }
}

const VAT_FACTS: Item = { vat_high: "0.21", vat_low_new: "0.09", vat_zero: "0.0" };

export const REFERENCE_DATA_CASES: SuccessCases = {
  "GET /api/v1/me": async (key) => {
    expect(conform(key, await call("GET", "/api/v1/me"))).toMatchObject({ me: { email: owner.email } });
  },
  "GET /api/v1/companies": async (key) => {
    const companies = itemsOf(conform(key, await call("GET", COMPANIES)), "companies");
    expect(companies.map((company) => company.name)).toContain("Contract Test BV");
  },
  "POST /api/v1/companies": async (key) => {
    const body = conform(key, await call("POST", COMPANIES, OWN_COMPANY));
    expect(body.company).toMatchObject({ ...OWN_COMPANY.company, access_control: { api_accessible: true } });
  },
  "DELETE /api/v1/companies/{id}": async (key) => {
    const company = await created(COMPANIES, OWN_COMPANY, "company");
    conform(key, await call("DELETE", `${COMPANIES}/${company.id}`));
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
  [`GET ${ACCOUNTS}`]: async () => {
    // the paths the other cases book on are in the chart
    const paths = (await allAccounts()).map((account) => account.path);
    expect(paths).toEqual(
      expect.arrayContaining(["activa", "activa.current_assets.liquid_assets.bank", "profit.costs.other_costs.misc"]),
    );
  },
  [`GET ${ACCOUNT}`]: async (key) => {
    const activa = (await allAccounts()).find((account) => account.path === "activa");
    const body = conform(key, await call("GET", `${base}/accounts/${activa?.id}`));
    expect(body.account).toEqual(activa);
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
  "POST /api/v1/companies": () => call("POST", COMPANIES, { company: { name: "" } }),
};
