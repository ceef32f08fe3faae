import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowScopes,
  buildTestApp,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
  tokenFor,
} from "../../../test/support/app.js";
import { ALL_SCOPES } from "../../platform/scopes.js";
import { companyDetails } from "./service.js";
import { insertMembership, updateCompany } from "./store.js";

let harness: TestApp;
let owner: TestCompany;

const fullCompany = {
  name: "Sirius Cybernetics",
  owner_name: "Rob S. Lomp",
  address: "Grebbeberglaan 15",
  zipcode: "3527 VX",
  city: "Utrecht",
  country_code: "NL",
  kvk_number: "12345678",
  email: "info@example.org",
  website: "https://example.org",
  type: "bv",
  vat_liable: true,
  vat_number: "NL123456782B01",
};

beforeAll(async () => {
  harness = await buildTestApp();
  owner = await newCompany(harness.deps);
});
afterAll(() => harness.close());

type CompanyBody = { company: Record<string, unknown> & { id: number; access_control: { allowed_scopes: string[] } } };

describe("companies", () => {
  it("creates a company owned by the caller, open to the API with every scope", async () => {
    const response = await request(harness.app, "POST", "/api/v1/companies", owner.token, { company: fullCompany });
    expect(response.statusCode).toBe(201);
    const { company } = json<CompanyBody>(response);
    expect(company).toEqual({
      id: expect.any(Number),
      ...fullCompany,
      access_control: { api_accessible: true, allowed_scopes: [...ALL_SCOPES] },
    });
    const listed = await request(harness.app, "GET", "/api/v1/companies?per_page=100", owner.token);
    expect(json<{ companies: Array<{ id: number }> }>(listed).companies.map((c) => c.id)).toContain(company.id);
    const rides = await request(harness.app, "GET", `/api/v1/companies/${company.id}/rides`, owner.token);
    expect(rides.statusCode).toBe(200);
  });

  it("names every invalid attribute: blank name, unknown type, missing VAT number", async () => {
    const response = await request(harness.app, "POST", "/api/v1/companies", owner.token, {
      company: { name: " ", type: "ltd", vat_liable: true, country_code: "Netherlands" },
    });
    expect(response.statusCode).toBe(422);
    const error = errorOf(response);
    expect(error.type).toBe("client.parameters.validation");
    for (const attribute of ["name", "type", "vat_number", "country_code"]) expect(error.message).toContain(attribute);
  });

  it("requires a VAT number by default (vat_liable defaults to true) and not when not liable", async () => {
    const liable = await request(harness.app, "POST", "/api/v1/companies", owner.token, { company: { name: "A" } });
    expect(liable.statusCode).toBe(422);
    expect(errorOf(liable).message).toContain("vat_number");
    const exempt = await request(harness.app, "POST", "/api/v1/companies", owner.token, {
      company: { name: "A", vat_liable: "false", vat_number: "nl 1234.56.782.b01" },
    });
    expect(exempt.statusCode).toBe(201);
    expect(json<CompanyBody>(exempt).company).toMatchObject({ vat_liable: false, vat_number: "NL123456782B01" });
  });

  it("shows and updates only the supplied fields, validating the result", async () => {
    const url = `/api/v1/companies/${owner.companyId}`;
    const before = json<CompanyBody>(await request(harness.app, "GET", url, owner.token)).company;
    const updated = await request(harness.app, "PATCH", url, owner.token, {
      company: { city: "Amersfoort", type: "vof" },
    });
    expect(updated.statusCode).toBe(200);
    expect(json<CompanyBody>(updated).company).toEqual({ ...before, city: "Amersfoort", type: "vof" });
    const invalid = await request(harness.app, "PATCH", url, owner.token, { company: { vat_number: null } });
    expect(invalid.statusCode).toBe(422);
    expect(errorOf(invalid).message).toContain("vat_number");
    const after = json<CompanyBody>(await request(harness.app, "GET", url, owner.token)).company;
    expect(after.vat_number).toBe(before.vat_number);
  });

  it("stores the bank account normalised and shows it after the reference's fields, only when set", async () => {
    const response = await request(harness.app, "POST", "/api/v1/companies", owner.token, {
      company: { ...fullCompany, iban: " nl91 abna 0417 1643 00 ", bic: "abnanl2a" },
    });
    expect(response.statusCode).toBe(201);
    const { company } = json<CompanyBody>(response);
    expect(company).toMatchObject({ iban: "NL91ABNA0417164300", bic: "ABNANL2A" });
    expect(Object.keys(company).slice(-3)).toEqual(["access_control", "iban", "bic"]);

    const url = `/api/v1/companies/${company.id}`;
    const cleared = await request(harness.app, "PATCH", url, owner.token, { company: { iban: null, bic: "" } });
    expect(cleared.statusCode).toBe(200);
    const shown = json<CompanyBody>(await request(harness.app, "GET", url, owner.token)).company;
    expect(shown).not.toHaveProperty("iban");
    expect(shown).not.toHaveProperty("bic");
    expect(Object.keys(shown).at(-1)).toBe("access_control");
  });

  it("refuses an IBAN with wrong check digits or length and a malformed BIC, naming each", async () => {
    const create = await request(harness.app, "POST", "/api/v1/companies", owner.token, {
      company: { ...fullCompany, iban: "NL92ABNA0417164300", bic: "ABNA-NL" },
    });
    expect(create.statusCode).toBe(422);
    expect(errorOf(create)).toEqual({
      type: "client.parameters.validation",
      message: expect.stringMatching(
        /iban is not a valid IBAN \(its check digits do not match\).*bic is not a valid BIC/,
      ),
    });

    const url = `/api/v1/companies/${owner.companyId}`;
    const before = json<CompanyBody>(await request(harness.app, "GET", url, owner.token)).company;
    const update = await request(harness.app, "PATCH", url, owner.token, {
      company: { iban: "DE8937040044053201300" },
    });
    expect(update.statusCode).toBe(422);
    expect(errorOf(update).message).toContain("iban is not a valid IBAN for DE (expected 22 characters, got 21)");
    expect(json<CompanyBody>(await request(harness.app, "GET", url, owner.token)).company).toEqual(before);
  });

  it("refuses a malformed KvK number, VAT number, IBAN and BIC on update, naming each, and keeps the company", async () => {
    const url = `/api/v1/companies/${owner.companyId}`;
    const before = json<CompanyBody>(await request(harness.app, "GET", url, owner.token)).company;
    const response = await request(harness.app, "PATCH", url, owner.token, {
      company: { kvk_number: "1234567", vat_number: "NL123456789B01", iban: "NL91ABNA04171643OO", bic: "ABNAXX2A" },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({
      type: "client.parameters.validation",
      message:
        "Company is invalid: kvk_number must be 8 digits; " +
        "vat_number is not a valid Dutch VAT number (its check digits do not match); " +
        "iban is not a valid IBAN (the account number is not in the format of its country); " +
        "bic is not a valid BIC (letters 5 and 6 are not a country code)",
    });
    expect(json<CompanyBody>(await request(harness.app, "GET", url, owner.token)).company).toEqual(before);
  });

  it("refuses a malformed KvK or VAT number when a company is created", async () => {
    const response = await request(harness.app, "POST", "/api/v1/companies", owner.token, {
      company: { ...fullCompany, kvk_number: "KvK 12345678", vat_number: "DE12345678" },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toBe(
      "Company is invalid: kvk_number must be 8 digits; " +
        "vat_number is not a valid VAT number for DE (expected DE + 9 digits)",
    );
  });

  it("stores a good KvK and VAT number as typed in groups, without the spaces and dots, and clears them", async () => {
    const own = await newCompany(harness.deps);
    const url = `/api/v1/companies/${own.companyId}`;
    const updated = await request(harness.app, "PATCH", url, own.token, {
      company: { kvk_number: " 0123 4567 ", vat_number: "nl 0000.99998.b57", iban: "BE68 5390 0754 7034" },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const expected = { kvk_number: "01234567", vat_number: "NL000099998B57", iban: "BE68539007547034" };
    expect(json<CompanyBody>(updated).company).toMatchObject(expected);
    expect(json<CompanyBody>(await request(harness.app, "GET", url, own.token)).company).toMatchObject(expected);

    const cleared = await request(harness.app, "PATCH", url, own.token, {
      company: { kvk_number: "", vat_liable: false, vat_number: " " },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(json<CompanyBody>(cleared).company).toMatchObject({ kvk_number: null, vat_number: null });
  });

  it("lets a company whose KvK or VAT number was stored before the rules change its other details", async () => {
    const own = await newCompany(harness.deps);
    await updateCompany(harness.deps.db, own.companyId, { kvk_number: "KvK 1234", vat_number: "NL123456789B01" });
    const url = `/api/v1/companies/${own.companyId}`;
    const response = await request(harness.app, "PATCH", url, own.token, { company: { city: "Zwolle" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<CompanyBody>(response).company).toMatchObject({
      city: "Zwolle",
      kvk_number: "KvK 1234",
      vat_number: "NL123456789B01",
    });
    const resent = await request(harness.app, "PATCH", url, own.token, { company: { kvk_number: "KvK 1234" } });
    expect(resent.statusCode).toBe(422);
    expect(errorOf(resent).message).toBe("Company is invalid: kvk_number must be 8 digits");
  });

  it("gives documents every seller detail a Dutch invoice prints, the bank account included", async () => {
    const own = await newCompany(harness.deps);
    const url = `/api/v1/companies/${own.companyId}`;
    await request(harness.app, "PATCH", url, own.token, {
      company: { ...fullCompany, iban: "GB82 WEST 1234 5698 7654 32", bic: "NWBKGB2LXXX" },
    });
    expect(await companyDetails(harness.deps.db, own.companyId)).toMatchObject({
      name: "Sirius Cybernetics",
      address: "Grebbeberglaan 15",
      zipcode: "3527 VX",
      city: "Utrecht",
      country_code: "NL",
      kvk_number: "12345678",
      vat_liable: true,
      vat_number: "NL123456782B01",
      email: "info@example.org",
      website: "https://example.org",
      iban: "GB82WEST12345698765432",
      bic: "NWBKGB2LXXX",
    });
    await request(harness.app, "PATCH", url, own.token, { company: { vat_liable: false } });
    expect(await companyDetails(harness.deps.db, own.companyId)).toMatchObject({ vat_liable: false });
  });

  it("reports the scopes the caller may use there: allowed by the company and held by the token", async () => {
    const own = await newCompany(harness.deps);
    await allowScopes(harness.deps, own.companyId, ["public", "manage:rides", "read:accounts"]);
    const token = await tokenFor(harness.deps, own.userId, ["public", "manage:rides", "manage:contacts"]);
    const response = await request(harness.app, "GET", `/api/v1/companies/${own.companyId}`, token);
    expect(json<CompanyBody>(response).company.access_control).toEqual({
      api_accessible: true,
      allowed_scopes: ["public", "manage:rides"],
    });
  });

  it("lets only the owner delete a company, and deleting removes its data", async () => {
    const own = await newCompany(harness.deps);
    const url = `/api/v1/companies/${own.companyId}`;
    await request(harness.app, "POST", `${url}/rides`, own.token, { ride: { km_end: 1, date: "2024-01-01" } });
    const member = await newCompany(harness.deps);
    await insertMembership(harness.deps.db, {
      company_id: own.companyId,
      user_id: member.userId,
      role: "member",
      created_at: new Date().toISOString(),
    });
    const byMember = await request(harness.app, "DELETE", url, member.token);
    expect(byMember.statusCode).toBe(403);
    expect(errorOf(byMember).type).toBe("client.authorization.access_denied");

    const byOwner = await request(harness.app, "DELETE", url, own.token);
    expect(byOwner.statusCode).toBe(204);
    expect(byOwner.body).toBe("");
    const gone = await request(harness.app, "GET", url, own.token);
    expect(gone.statusCode).toBe(403);
    const listed = await request(harness.app, "GET", "/api/v1/companies", own.token);
    expect(json<{ companies: unknown[] }>(listed).companies).toEqual([]);
  });

  it("lists only the caller's companies, with paging headers", async () => {
    const own = await newCompany(harness.deps);
    const response = await request(harness.app, "GET", "/api/v1/companies", own.token);
    expect(json<{ companies: Array<{ id: number }> }>(response).companies.map((c) => c.id)).toEqual([own.companyId]);
    expect(response.headers).toMatchObject({ "x-page": "1", "x-per-page": "40", "x-total": "1" });
  });
});
