import { describe, expect, it } from "vitest";
import {
  clip,
  csvAmount,
  csvField,
  linesOf,
  periodWithDefaults,
  sideOf,
  splitStreetAddress,
  sumOfCents,
  vatPercentage,
  xafAmount,
  xmlText,
} from "./rules.js";

describe("amounts from cents", () => {
  it("writes XAF amounts as the magnitude with two decimals, numbers and bigints alike", () => {
    expect([xafAmount(0), xafAmount(5), xafAmount(-12_345), xafAmount(100)]).toEqual([
      "0.00",
      "0.05",
      "123.45",
      "1.00",
    ]);
    expect(xafAmount(123_456_789_012_345_678_901n)).toBe("1234567890123456789.01");
    expect([sideOf(1), sideOf(0), sideOf(-1), sideOf(-5n)]).toEqual(["D", "D", "C", "C"]);
  });

  it("writes CSV amounts with a decimal comma and two decimals", () => {
    expect([csvAmount(0), csvAmount(120_75), csvAmount(-3), csvAmount(10n ** 20n)]).toEqual([
      "0,00",
      "120,75",
      "-0,03",
      "1000000000000000000,00",
    ]);
  });

  it("adds cents as numbers while exact, as a bigint beyond", () => {
    expect(sumOfCents([1, 2, -3])).toBe(0);
    expect(sumOfCents([Number.MAX_SAFE_INTEGER, 2])).toBe(BigInt(Number.MAX_SAFE_INTEGER) + 2n);
  });
});

describe("vatPercentage", () => {
  it("is a rate our VAT types apply when the VAT is that rate rounded to cents", () => {
    expect(vatPercentage(17_997n, 3_779n)).toBe("21.000");
    expect(vatPercentage(-4_990n, -449n)).toBe("9.000");
    expect(vatPercentage(45_000n, 0n)).toBe("0.000");
  });

  it("is the quotient, rounded half up to three decimals, for any other rate, and 0 without a base", () => {
    expect(vatPercentage(10_000n, 1_550n)).toBe("15.500");
    expect(vatPercentage(30_000n, 3_333n)).toBe("11.110");
    expect(vatPercentage(0n, 100n)).toBe("0.000");
  });
});

describe("text in files", () => {
  it("escapes XML and drops what XML cannot hold", () => {
    expect(xmlText(`Bakker & Zn <"'>`)).toBe("Bakker &amp; Zn &lt;&quot;&apos;&gt;");
    expect(xmlText("a\u0001b\u0007c\td")).toBe("abc\td");
    expect(xmlText("gewoon")).toBe("gewoon");
  });

  it("clips to a number of characters, not UTF-16 units", () => {
    expect(clip("  café  ", 10)).toBe("café");
    expect(clip("😀😀😀", 2)).toBe("😀😀");
    expect(clip("abcdef", 3)).toBe("abc");
  });

  it("quotes CSV fields that need it and defuses formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('zeg "hoi"')).toBe('"zeg ""hoi"""');
    expect(csvField("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvField("-5")).toBe("'-5");
  });

  it("splits a street address into street, number and extension", () => {
    expect(splitStreetAddress("Keizersgracht 123-A")).toEqual({
      street: "Keizersgracht",
      number: "123",
      extension: "A",
    });
    expect(splitStreetAddress("Oudegracht 120")).toEqual({ street: "Oudegracht", number: "120", extension: null });
    expect(splitStreetAddress("Postbus")).toEqual({ street: "Postbus", number: null, extension: null });
  });
});

describe("periodWithDefaults", () => {
  it("fills a missing end with the other end's year, or this year", () => {
    expect(periodWithDefaults({}, "2026-05-01")).toEqual({ from: "2026-01-01", till: "2026-12-31" });
    expect(periodWithDefaults({ from: "2024-03-01" }, "2026-05-01")).toEqual({
      from: "2024-03-01",
      till: "2024-12-31",
    });
    expect(periodWithDefaults({ till: "2025-06-30" }, "2026-05-01")).toEqual({
      from: "2025-01-01",
      till: "2025-06-30",
    });
  });
});

describe("linesOf", () => {
  it("reads an entry's lines from the text the store aggregates, blanks as null", () => {
    expect(linesOf("10,1,86739,0,,,;25,,0,6300,1a,,6300")).toEqual([
      {
        account_id: 10,
        contact_id: 1,
        debit_cents: 86_739,
        credit_cents: 0,
        vat_box: null,
        vat_base_cents: null,
        vat_cents: null,
      },
      {
        account_id: 25,
        contact_id: null,
        debit_cents: 0,
        credit_cents: 6300,
        vat_box: "1a",
        vat_base_cents: null,
        vat_cents: 6300,
      },
    ]);
    expect(linesOf(null)).toEqual([]);
    expect(linesOf("62,,0,-5,1a,-5,")[0]?.vat_base_cents).toBe(-5);
  });
});
