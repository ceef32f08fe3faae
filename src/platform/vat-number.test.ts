import { describe, expect, it } from "vitest";
import { englishProblem } from "../../test/support/english.js";
import { checkVatNumber, passesElevenTest, passesMod97Test } from "./vat-number.js";

const VALID: ReadonlyArray<[country: string, number: string]> = [
  ["Austria", "ATU13585627"],
  ["Belgium", "BE0417497106"],
  ["Belgium, new series", "BE1001234567"],
  ["Bulgaria, 9 digits", "BG175074752"],
  ["Bulgaria, 10 digits", "BG7523169263"],
  ["Cyprus", "CY10259033P"],
  ["Czechia, 8 digits", "CZ25123891"],
  ["Czechia, 10 digits", "CZ7103192745"],
  ["Germany", "DE136695976"],
  ["Denmark", "DK13585628"],
  ["Estonia", "EE100931558"],
  ["Greece", "EL094259216"],
  ["Spain, company", "ESA28015865"],
  ["Spain, person", "ES12345678Z"],
  ["Spain, letter both ends", "ESX1234567L"],
  ["Finland", "FI20774740"],
  ["France, numeric key", "FR40303265045"],
  ["France, letter key", "FRK7399859412"],
  ["Croatia", "HR33392005961"],
  ["Hungary", "HU12892312"],
  ["Ireland, one letter", "IE6388047V"],
  ["Ireland, two letters", "IE3668997OH"],
  ["Ireland, old style", "IE8Z49289F"],
  ["Italy", "IT00743110157"],
  ["Lithuania, 9 digits", "LT119511515"],
  ["Lithuania, 12 digits", "LT100001919017"],
  ["Luxembourg", "LU15027442"],
  ["Latvia", "LV40003521600"],
  ["Malta", "MT11679112"],
  ["Netherlands, eleven-test", "NL004495445B01"],
  ["Netherlands, eleven-test", "NL123456782B01"],
  ["Netherlands, mod-97 (sole proprietor)", "NL000099998B57"],
  ["Poland", "PL5260250274"],
  ["Portugal", "PT501964843"],
  ["Romania, short", "RO18547290"],
  ["Romania, 2 digits", "RO12"],
  ["Sweden", "SE556188840401"],
  ["Slovenia", "SI50223054"],
  ["Slovakia", "SK2020317068"],
  ["Northern Ireland", "XI980780684"],
  ["United Kingdom", "GB980780684"],
  ["United Kingdom, branch", "GB980780684001"],
  ["United Kingdom, government", "GBGD001"],
  ["United Kingdom, health authority", "GBHA599"],
  ["Switzerland, German", "CHE116281710MWST"],
  ["Switzerland, French", "CHE116281710TVA"],
  ["Switzerland, Italian", "CHE116281710IVA"],
  ["Norway", "NO974760673MVA"],
];

const INVALID: ReadonlyArray<[reason: string, number: string, problem: RegExp]> = [
  ["Austria without U", "AT13585627", /ATU \+ 8 digits/],
  ["Belgium starting with 2", "BE2417497106", /BE \+ 10 digits/],
  ["Germany, 8 digits", "DE13669597", /DE \+ 9 digits/],
  ["Denmark, letter", "DK1358562A", /DK/],
  ["Greece under its ISO code", "GR094259216", /EL/],
  ["Spain, all digits", "ES123456789", /not all digits/],
  ["France with I in the key", "FRI7399859412", /FR/],
  ["Ireland, no letter", "IE63880471", /IE/],
  ["Italy, 10 digits", "IT0074311015", /IT/],
  ["Lithuania, 10 digits", "LT1195115150", /LT/],
  ["Netherlands without B", "NL123456782001", /NL \+ 9 digits \+ B \+ 2 digits/],
  ["Netherlands, 8 digits", "NL12345678B01", /NL/],
  ["Netherlands, both checks fail", "NL001234567B01", /check digits/],
  ["Netherlands, all zeros", "NL000000000B00", /check digits/],
  ["Poland, 9 digits", "PL526025027", /PL/],
  ["Romania, leading zero", "RO0123", /RO/],
  ["Sweden not ending in 01", "SE556188840402", /SE/],
  ["United Kingdom, 10 digits", "GB9807806840", /GB/],
  ["United Kingdom, health authority below 500", "GBHA499", /GB/],
  ["Switzerland without suffix", "CHE116281710", /MWST, TVA or IVA/],
  ["Norway without MVA", "NO974760673", /MVA/],
  ["United States", "US123456789", /country code/],
  ["no country code", "123456789B01", /country code/],
  ["empty", "", /country code/],
];

describe("checkVatNumber", () => {
  it.each(VALID)("accepts %s: %s", (_country, number) => {
    expect(checkVatNumber(number)).toEqual({ ok: true });
  });

  it.each(INVALID)("refuses %s: %s", (_reason, number, problem) => {
    const check = checkVatNumber(number);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(englishProblem(check.problem)).toMatch(problem);
  });

  it("refuses the reference's example NL123456789B01: it fails both Dutch checks", () => {
    expect(passesElevenTest("123456789")).toBe(false);
    expect(passesMod97Test("NL123456789B01")).toBe(false);
    expect(checkVatNumber("NL123456789B01").ok).toBe(false);
  });
});

describe("the Dutch check digits", () => {
  it.each([
    ["004495445", true],
    ["123456782", true],
    ["123456789", false],
    ["000099998", false],
    ["12345678", false],
  ] as const)("eleven-test of %s is %s", (digits, passes) => {
    expect(passesElevenTest(digits)).toBe(passes);
  });

  it.each([
    ["NL000099998B57", true],
    ["NL000099998B58", false],
    ["NL004495445B01", false],
    ["NL000099998C57", false],
  ] as const)("mod-97 test of %s is %s", (number, passes) => {
    expect(passesMod97Test(number)).toBe(passes);
  });
});
