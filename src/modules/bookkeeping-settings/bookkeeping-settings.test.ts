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
import { columnsOf, settingsOf } from "./rules.js";

let harness: TestApp;
let company: TestCompany;

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

type SettingsBody = { bookkeeping_settings: { vat_return_rounding: string; vat_period: string; kor: boolean } };
const url = (owner: TestCompany) => `/api/v1/companies/${owner.companyId}/bookkeeping_settings`;
const patch = (owner: TestCompany, body: unknown) => request(harness.app, "PATCH", url(owner), owner.token, body);

describe("bookkeeping settings rules", () => {
  it("reads kor as the company not being VAT liable, and writes it back that way", () => {
    expect(settingsOf({ vat_return_rounding: "arithmetic", vat_period: "month", vat_liable: 0 })).toEqual({
      vat_return_rounding: "arithmetic",
      vat_period: "month",
      kor: true,
    });
    expect(columnsOf({ kor: false })).toEqual({ vat_liable: 1 });
    expect(columnsOf({ kor: true, vat_period: "year" })).toEqual({ vat_period: "year", vat_liable: 0 });
    expect(columnsOf({})).toEqual({});
  });
});

describe("bookkeeping settings", () => {
  it("answers the defaults: favour, quarter, no KOR", async () => {
    const response = await request(harness.app, "GET", url(company), company.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe(
      '{"bookkeeping_settings":{"vat_return_rounding":"favour","vat_period":"quarter","kor":false}}',
    );
  });

  it("changes only what is sent", async () => {
    const owner = await newCompany(harness.deps);
    const rounding = await patch(owner, { bookkeeping_settings: { vat_return_rounding: "arithmetic" } });
    expect(rounding.statusCode, rounding.body).toBe(200);
    expect(json<SettingsBody>(rounding).bookkeeping_settings).toEqual({
      vat_return_rounding: "arithmetic",
      vat_period: "quarter",
      kor: false,
    });
    const period = await patch(owner, { bookkeeping_settings: { vat_period: "month", kor: "true" } });
    expect(json<SettingsBody>(period).bookkeeping_settings).toEqual({
      vat_return_rounding: "arithmetic",
      vat_period: "month",
      kor: true,
    });
    const shown = await request(harness.app, "GET", url(owner), owner.token);
    expect(json<SettingsBody>(shown).bookkeeping_settings.kor).toBe(true);
  });

  it("keeps kor and the company's vat_liable one flag", async () => {
    const owner = await newCompany(harness.deps);
    await patch(owner, { bookkeeping_settings: { kor: true } });
    const companyUrl = `/api/v1/companies/${owner.companyId}`;
    const shown = await request(harness.app, "GET", companyUrl, owner.token);
    expect(json<{ company: { vat_liable: boolean } }>(shown).company.vat_liable).toBe(false);
    await request(harness.app, "PATCH", companyUrl, owner.token, { company: { vat_liable: true } });
    const settings = await request(harness.app, "GET", url(owner), owner.token);
    expect(json<SettingsBody>(settings).bookkeeping_settings.kor).toBe(false);
  });

  it("names every invalid setting in one 422", async () => {
    const response = await patch(company, {
      bookkeeping_settings: { vat_return_rounding: "up", vat_period: "week", kor: "maybe" },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({
      type: "client.parameters.validation",
      message:
        "Bookkeeping settings is invalid: vat_return_rounding must be one of: favour, arithmetic; " +
        "vat_period must be one of: quarter, month, year; kor must be true or false",
    });
    const blank = await patch(company, { bookkeeping_settings: { vat_period: null, kor: "" } });
    expect(errorOf(blank).message).toBe(
      "Bookkeeping settings is invalid: vat_period can't be blank; kor can't be blank",
    );
    const shown = await request(harness.app, "GET", url(company), company.token);
    expect(json<SettingsBody>(shown).bookkeeping_settings).toEqual({
      vat_return_rounding: "favour",
      vat_period: "quarter",
      kor: false,
    });
  });

  it("answers 400 for a missing wrapper or an unknown key", async () => {
    const missing = await patch(company, { vat_period: "month" });
    expect([missing.statusCode, errorOf(missing).type]).toEqual([400, "client.parameters.missing_parameter"]);
    const unknown = await patch(company, { bookkeeping_settings: { vat_period: "month", kasstelsel: true } });
    expect([unknown.statusCode, errorOf(unknown).type]).toEqual([400, "client.parameters.unpermitted_parameters"]);
    expect(errorOf(unknown).message).toContain("kasstelsel");
  });

  it("needs manage:companies and membership of the company", async () => {
    const other = await newCompany(harness.deps);
    for (const method of ["GET", "PATCH"] as const) {
      const body = method === "PATCH" ? { bookkeeping_settings: { kor: true } } : undefined;
      const foreign = await request(harness.app, method, url(company), other.token, body);
      expect(foreign.statusCode, method).toBe(403);
      expect(errorOf(foreign).type).toBe("client.authorization.access_denied");
    }
    const reader = await tokenFor(harness.deps, company.userId, ["read:reports"]);
    const scoped = await request(harness.app, "GET", url(company), reader);
    expect([scoped.statusCode, errorOf(scoped).type]).toEqual([403, "client.authorization.invalid_scope"]);
    const shown = await request(harness.app, "GET", url(company), company.token);
    expect(json<SettingsBody>(shown).bookkeeping_settings.kor).toBe(false);
  });
});
