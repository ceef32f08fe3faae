/**
 * Company details through the command line: what `kasboek bootstrap` and `kasboek companies update`
 * store (as the API stores them) and refuse (naming the option, storing nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, request, type TestApp } from "./support/app.js";
import { bootstrap, DETAIL_OPTIONS, email, kasboek, VAT_NUMBER } from "./support/cli.js";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

type ShownCompany = Record<string, unknown>;

async function shownCompany(companyId: number, token: string): Promise<ShownCompany> {
  const response = await request(harness.app, "GET", `/api/v1/companies/${companyId}`, token);
  expect(response.statusCode).toBe(200);
  return json<{ company: ShownCompany }>(response).company;
}

describe("kasboek company details", () => {
  it("bootstrap makes a complete company from the detail options, stored as the API stores them", async () => {
    const complete = await kasboek(
      "bootstrap",
      "--email",
      email(),
      "--company",
      "Voorbeeld BV",
      "--kvk",
      "12345678",
      "--vat-number",
      "nl 1234.56.782.b01",
      "--address",
      "Voorbeeldstraat 1",
      "--zipcode",
      "1234 AB",
      "--city",
      "Utrecht",
      "--iban",
      "nl91 abna 0417 1643 00",
      "--bic",
      "abnanl2a",
      "--email-address",
      "facturen@voorbeeld.example",
      "--website",
      "https://voorbeeld.example",
      "--json",
    );
    expect(complete.code, complete.stderr).toBe(0);
    const boot = JSON.parse(complete.stdout) as { company_id: number; token: string };
    expect(await shownCompany(boot.company_id, boot.token)).toMatchObject({
      name: "Voorbeeld BV",
      address: "Voorbeeldstraat 1",
      zipcode: "1234 AB",
      city: "Utrecht",
      country_code: "NL",
      kvk_number: "12345678",
      email: "facturen@voorbeeld.example",
      website: "https://voorbeeld.example",
      vat_liable: true,
      vat_number: "NL123456782B01",
      iban: "NL91ABNA0417164300",
      bic: "ABNANL2A",
    });

    const kor = await kasboek("bootstrap", "--email", email(), "--company", "KOR", "--vat-liable", "false", "--json");
    expect(kor.code, kor.stderr).toBe(0);
    const small = JSON.parse(kor.stdout) as { company_id: number; token: string };
    const shown = await shownCompany(small.company_id, small.token);
    expect(shown).toMatchObject({ vat_liable: false, vat_number: null, country_code: "NL" });
    expect(shown).not.toHaveProperty("iban");
  });

  it("bootstrap refuses missing or invalid details, naming the option, and stores nothing", async () => {
    const address = email();
    const base = ["bootstrap", "--email", address, "--company", "C"];
    const [noVatNumber, badIban, badBic, badLiable, badCountry, badKvk, badVatNumber] = await Promise.all([
      kasboek(...base),
      kasboek(...base, "--vat-number", VAT_NUMBER, "--iban", "NL92 ABNA 0417 1643 00"),
      kasboek(...base, "--vat-number", VAT_NUMBER, "--bic", "ABN"),
      kasboek(...base, "--vat-liable", "maybe"),
      kasboek(...base, "--vat-number", VAT_NUMBER, "--country", "Nederland"),
      kasboek(...base, "--vat-number", VAT_NUMBER, "--kvk", "1234567"),
      kasboek(...base, "--vat-number", "NL123456789B01", "--kvk", "12345678"),
    ]);
    for (const result of [noVatNumber, badIban, badBic, badLiable, badCountry, badKvk, badVatNumber]) {
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain("Usage: kasboek bootstrap");
    }
    expect(noVatNumber.stderr).toContain("--vat-number can't be blank when the company is VAT liable");
    expect(noVatNumber.stderr).toContain("--vat-liable false");
    expect(badIban.stderr).toContain("--iban is not a valid IBAN (its check digits do not match)");
    expect(badBic.stderr).toContain("--bic is not a valid BIC");
    expect(badLiable.stderr).toContain("--vat-liable must be true or false");
    expect(badCountry.stderr).toContain("--country is too long");
    expect(badKvk.stderr).toContain("Company is invalid: --kvk must be 8 digits\n");
    expect(badVatNumber.stderr).toContain(
      "Company is invalid: --vat-number is not a valid Dutch VAT number (its check digits do not match)\n",
    );
    const user = await kasboek("tokens", "list", "--email", address);
    expect(user.code).toBe(1);
    expect(user.stderr).toContain("No user with e-mail");
  });

  it("companies update changes the details given, keeps the rest, and refuses invalid ones", async () => {
    const boot = await bootstrap(email());
    const id = String(boot.company_id);
    const updated = await kasboek(
      "companies",
      "update",
      id,
      "--iban",
      "DE89 3704 0044 0532 0130 00",
      "--bic",
      "deutdeff500",
      "--city",
      "Amsterdam",
      "--json",
    );
    expect(updated.code, updated.stderr).toBe(0);
    const printed = JSON.parse(updated.stdout) as { company_id: number; access_control: unknown; company: unknown };
    expect(printed).toMatchObject({
      company_id: boot.company_id,
      access_control: { api_accessible: true },
      company: { iban: "DE89370400440532013000", bic: "DEUTDEFF500", city: "Amsterdam" },
    });
    const after = await shownCompany(boot.company_id, boot.token);
    expect(after).toMatchObject({
      name: "C",
      city: "Amsterdam",
      vat_liable: true,
      vat_number: VAT_NUMBER,
      iban: "DE89370400440532013000",
      bic: "DEUTDEFF500",
    });

    const [badIban, clearedVatNumber, nothing, badNumbers] = await Promise.all([
      kasboek("companies", "update", id, "--iban", "NL91ABNA041716430", "--api-accessible", "false"),
      kasboek("companies", "update", id, "--vat-number", ""),
      kasboek("companies", "update", id),
      kasboek("companies", "update", id, "--kvk", "1234 567A", "--vat-number", "NL12345678B01", "--city", "Zwolle"),
    ]);
    expect(badIban.code).toBe(1);
    expect(badIban.stderr).toContain("--iban is not a valid IBAN for NL (expected 18 characters, got 17)");
    expect(badNumbers.code).toBe(1);
    expect(badNumbers.stdout).toBe("");
    expect(badNumbers.stderr).toContain(
      "Company is invalid: --kvk must be 8 digits; " +
        "--vat-number is not a valid VAT number for NL (expected NL + 9 digits + B + 2 digits)\n",
    );
    expect(clearedVatNumber.code).toBe(1);
    expect(clearedVatNumber.stderr).toContain("--vat-number can't be blank when the company is VAT liable");
    expect(nothing.code).toBe(1);
    for (const option of ["--api-accessible", "--allowed-scopes", ...DETAIL_OPTIONS]) {
      expect(nothing.stderr).toContain(option);
    }
    // refused as a whole: neither the details nor the access control changed
    expect(await shownCompany(boot.company_id, boot.token)).toEqual(after);

    const kor = await kasboek("companies", "update", id, "--vat-liable", "false", "--vat-number", "", "--bic", "");
    expect(kor.code, kor.stderr).toBe(0);
    expect(kor.stdout).toContain("Details: vat_liable=false, vat_number=null, bic=null");
    const small = await shownCompany(boot.company_id, boot.token);
    expect(small).toMatchObject({ vat_liable: false, vat_number: null, iban: "DE89370400440532013000" });
    expect(small).not.toHaveProperty("bic");
  });
});
