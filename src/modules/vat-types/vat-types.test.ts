import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";

let harness: TestApp;
let company: TestCompany;
beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-22T10:00:00Z"));
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

type VatTypeList = { vat_types: Array<{ id: number; name: string; friendly_name: string; value: string | null }> };
const url = () => `/api/v1/companies/${company.companyId}/vat_types`;

describe("VAT types", () => {
  it("lists the types valid today, high first, with exact decimal rates", async () => {
    const response = await request(harness.app, "GET", url(), company.token);
    expect(response.statusCode).toBe(200);
    const { vat_types } = json<VatTypeList>(response);
    expect(vat_types.map((vatType) => [vatType.name, vatType.value])).toEqual([
      ["vat_high", "0.21"],
      ["vat_low_new", "0.09"],
      ["vat_zero", "0.0"],
      ["vat_none", "0.0"],
      ["vat_reverse_charged", "0.0"],
      ["vat_custom", null],
    ]);
    expect(Object.keys(vat_types[0] ?? {})).toEqual(["id", "name", "friendly_name", "value"]);
    expect(response.headers["x-total"]).toBe("6");
  });

  it("includes the old low rate for dates it was still valid, with since and selection=all", async () => {
    const response = await request(harness.app, "GET", `${url()}?since=2018-06-01&selection=all`, company.token);
    const names = json<VatTypeList>(response).vat_types.map((vatType) => vatType.name);
    expect(names).toContain("vat_low");
    expect(names).toHaveLength(7);
  });

  it("rejects a malformed since and an unknown selection", async () => {
    for (const query of ["since=yesterday", "since=2024-13-01", "selection=some"]) {
      const response = await request(harness.app, "GET", `${url()}?${query}`, company.token);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("shows one VAT type, and 404 for an unknown id", async () => {
    const { vat_types } = json<VatTypeList>(await request(harness.app, "GET", url(), company.token));
    const high = vat_types[0];
    const response = await request(harness.app, "GET", `${url()}/${high?.id}`, company.token);
    expect(json(response)).toEqual({ vat_type: high });
    const missing = await request(harness.app, "GET", `${url()}/999999`, company.token);
    expect(missing.statusCode).toBe(404);
  });
});
