import { describe, expect, it } from "vitest";
import { inEnglish } from "../../test/support/english.js";
import { checkBic, checkIban, normaliseBic, normaliseIban } from "./iban.js";

const VALID_IBANS: ReadonlyArray<[country: string, iban: string]> = [
  ["Netherlands", "NL91ABNA0417164300"],
  ["Germany", "DE89370400440532013000"],
  ["United Kingdom", "GB82WEST12345698765432"],
  ["Belgium", "BE71096123456769"],
  ["Norway (the shortest)", "NO9386011117947"],
  ["Malta (letters inside)", "MT84MALT011000012345MTLCAST001S"],
  ["France (a letter in the account)", "FR1420041010050500013M02606"],
];

describe("IBAN", () => {
  it.each(VALID_IBANS)("accepts a valid IBAN of %s", (_country, iban) => {
    expect(inEnglish(checkIban(iban))).toEqual({ ok: true });
  });

  it("normalises what people type: groups of four, lower case, surrounding space", () => {
    expect(normaliseIban(" nl91 abna 0417 1643 00 ")).toBe("NL91ABNA0417164300");
    expect(normaliseIban("DE89\t3704 0044 0532 0130 00")).toBe("DE89370400440532013000");
    expect(normaliseIban("   ")).toBeNull();
    expect(normaliseIban(null)).toBeNull();
  });

  it("refuses wrong check digits, naming them", () => {
    for (const iban of ["NL92ABNA0417164300", "DE88370400440532013000", "BE72096123456769"]) {
      expect(inEnglish(checkIban(iban))).toEqual({
        ok: false,
        problem: "is not a valid IBAN (its check digits do not match)",
      });
    }
  });

  it("refuses a typing error in the account number (one digit changed or two swapped)", () => {
    expect(inEnglish(checkIban("NL91ABNA0417164301")).ok).toBe(false);
    expect(inEnglish(checkIban("NL91ABNA0471164300")).ok).toBe(false);
  });

  it("refuses check digits 01 and 99, which mod 97 cannot tell from 98 and 02", () => {
    expect(inEnglish(checkIban("NL98ABNA0417164368")).ok).toBe(true);
    expect(inEnglish(checkIban("NL02ABNA0417164350")).ok).toBe(true);
    for (const iban of ["NL01ABNA0417164368", "NL99ABNA0417164350"]) {
      expect(inEnglish(checkIban(iban)), iban).toMatchObject({
        ok: false,
        problem: expect.stringMatching(/check digits/),
      });
    }
  });

  it("refuses the wrong length for the country, saying which length it expects", () => {
    expect(inEnglish(checkIban("NL91ABNA041716430"))).toEqual({
      ok: false,
      problem: "is not a valid IBAN for NL (expected 18 characters, got 17)",
    });
    expect(inEnglish(checkIban("DE8937040044053201300012"))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/22/),
    });
    expect(inEnglish(checkIban("BE7109612345676"))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/BE.*16/),
    });
  });

  it("refuses an account number not in its country's format, the right length or not", () => {
    // an O for a 0 in a Dutch account number: the length is right, the format (4 letters, 10 digits) not
    expect(inEnglish(checkIban("NL91ABNA04171643OO"))).toEqual({
      ok: false,
      problem: "is not a valid IBAN (the account number is not in the format of its country)",
    });
  });

  it("refuses an account number whose national check digits do not match, as Belgium has them", () => {
    // BE68 5390 0754 7034 is the registry's example; the IBAN's own check digits are made to match
    expect(checkIban("BE68539007547034")).toEqual({ ok: true });
    expect(inEnglish(checkIban("BE41539007547035"))).toEqual({
      ok: false,
      problem: "is not a valid IBAN (the account number's check digits do not match)",
    });
  });

  it("refuses an unknown country, a missing country and characters other than letters and digits", () => {
    expect(inEnglish(checkIban("US12345678901234567890"))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/country/),
    });
    expect(inEnglish(checkIban("1291ABNA0417164300"))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/country/),
    });
    expect(inEnglish(checkIban("NL91-ABNA-0417164300"))).toEqual({
      ok: false,
      problem: "may contain only letters and digits",
    });
  });
});

describe("BIC", () => {
  it("accepts 8 and 11 characters: bank, country, location and optional branch", () => {
    for (const bic of ["ABNANL2A", "RABONL2U", "INGBNL2A", "DEUTDEFF", "DEUTDEFF500", "NWBKGB2LXXX"]) {
      expect(inEnglish(checkBic(bic)), bic).toEqual({ ok: true });
    }
  });

  it("normalises to upper case without spaces", () => {
    expect(normaliseBic(" abna nl 2a ")).toBe("ABNANL2A");
    expect(normaliseBic("")).toBeNull();
  });

  it("refuses a country code that is no country, saying so", () => {
    expect(inEnglish(checkBic("ABNAXX2A"))).toEqual({
      ok: false,
      problem: "is not a valid BIC (letters 5 and 6 are not a country code)",
    });
  });

  it("refuses other lengths, digits in the bank or country code, and other characters", () => {
    for (const bic of ["ABNANL2", "ABNANL2A1", "ABNANL2AXXXX", "AB1ANL2A", "ABNAN12A", "ABNANL2-"]) {
      expect(inEnglish(checkBic(bic)), bic).toMatchObject({
        ok: false,
        problem: expect.stringMatching(/^is not a valid BIC/),
      });
    }
  });
});
