import { describe, expect, it } from "vitest";
import { englishProblem } from "../../../test/support/english.js";
import type { Problem } from "../../platform/catalogue/keys.js";
import { ValidationErrors } from "../../platform/errors.js";
import { type CompanyWhole, type GivenDetails, normaliseKvkNumber, validateCompany } from "./rules.js";

/** A VAT-liable company with a name and a valid Dutch VAT number: nothing to complain about. */
const WHOLE: CompanyWhole = { name: "Voorbeeld BV", vat_liable: true, vat_number: "NL123456782B01" };

/** The problems as the API names them ("kvk_number must be 8 digits"), in order. */
function problems(given: GivenDetails, whole: CompanyWhole = WHOLE): string[] {
  const named: string[] = [];
  const errors = new (class extends ValidationErrors {
    override add(attribute: string, problem: Problem): void {
      named.push(`${attribute} ${englishProblem(problem)}`);
    }
  })();
  validateCompany(whole, given, errors);
  return named;
}

describe("a company's KvK number", () => {
  it("is 8 digits, a leading zero included", () => {
    expect(problems({ kvk_number: "12345678" })).toEqual([]);
    expect(problems({ kvk_number: "01234567" })).toEqual([]);
  });

  it("is refused with fewer or more digits, or anything but digits", () => {
    for (const kvkNumber of ["1234567", "123456789", "1234567A", "12-345678", "123456780001"]) {
      expect(problems({ kvk_number: kvkNumber }), kvkNumber).toEqual(["kvk_number must be 8 digits"]);
    }
  });

  it("is stored without the spaces people type between its groups; blank is no number", () => {
    expect(normaliseKvkNumber(" 1234 5678 ")).toBe("12345678");
    expect(normaliseKvkNumber("   ")).toBeNull();
    expect(normaliseKvkNumber(null)).toBeNull();
  });
});

describe("a company's own VAT number", () => {
  it("is accepted with the Dutch check digits of either kind, and from another country in its format", () => {
    for (const vatNumber of ["NL123456782B01", "NL000099998B57", "BE0123456789", "DE123456789"]) {
      expect(problems({ vat_number: vatNumber }), vatNumber).toEqual([]);
    }
  });

  it("is refused with Dutch check digits that do not match, or in no country's format", () => {
    expect(problems({ vat_number: "NL123456789B01" })).toEqual([
      "vat_number is not a valid Dutch VAT number (its check digits do not match)",
    ]);
    expect(problems({ vat_number: "DE12345678" })).toEqual([
      "vat_number is not a valid VAT number for DE (expected DE + 9 digits)",
    ]);
    expect(problems({ vat_number: "US123456789" })).toEqual([
      "vat_number must start with the country code of an EU member state, XI, GB, CH or NO",
    ]);
  });

  it("is needed while the company is VAT liable, and may be left out when it is not", () => {
    const withoutNumber = { name: "KOR", vat_number: null };
    expect(problems({ vat_number: null }, { ...withoutNumber, vat_liable: true })).toEqual([
      "vat_number can't be blank when the company is VAT liable",
    ]);
    expect(problems({ vat_number: null }, { ...withoutNumber, vat_liable: false })).toEqual([]);
  });
});

describe("a company's details", () => {
  it("names every malformed detail at once, in the order of the attributes", () => {
    expect(
      problems({
        country_code: "NLD",
        email: "nobody",
        kvk_number: "1234",
        vat_number: "NL123456789B01",
        iban: "NL92ABNA0417164300",
        bic: "ABNA",
      }),
    ).toEqual([
      "country_code must be a two-letter ISO 3166-1 country code",
      "email is not an e-mail address",
      "kvk_number must be 8 digits",
      "vat_number is not a valid Dutch VAT number (its check digits do not match)",
      "iban is not a valid IBAN (its check digits do not match)",
      expect.stringMatching(/^bic is not a valid BIC/),
    ]);
  });

  it("accepts blank details: a company need not have them until it publishes", () => {
    const blank: GivenDetails = { country_code: null, email: "", kvk_number: null, iban: null, bic: null };
    expect(problems({ ...blank, vat_number: null }, { name: "KOR", vat_liable: false, vat_number: null })).toEqual([]);
  });

  it("checks the form only of the details a write gives, so a number stored before its rule does not block others", () => {
    const stored = { ...WHOLE, vat_number: "NL123456789B01" };
    expect(problems({ email: "info@voorbeeld.example" }, stored)).toEqual([]);
    expect(problems({ vat_number: "NL123456789B01" }, stored)).toHaveLength(1);
  });

  it("needs a name", () => {
    expect(problems({}, { ...WHOLE, name: " " })).toEqual(["name can't be blank"]);
  });
});
