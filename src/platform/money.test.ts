import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalDecimal,
  centsToDecimal,
  decimalToCents,
  exactNumber,
  formatDecimal,
  parseDecimal,
  roundToCents,
} from "./money.js";

function big(text: string) {
  const value = parseDecimal(text);
  if (value === null) throw new Error(`not a decimal: ${text}`);
  return value;
}

describe("decimal formatting", () => {
  it.each([
    ["363", "363.0"],
    ["363.00", "363.0"],
    ["0.21", "0.21"],
    ["2292.95", "2292.95"],
    ["-0", "0.0"],
    ["0.000001", "0.000001"],
    ["12345678901234567890.123456789", "12345678901234567890.123456789"],
  ])("%s → %s", (input, output) => {
    expect(formatDecimal(big(input))).toBe(output);
  });

  it("prints a stored text as big.js would, canonical or not", () => {
    const texts = ["363", "0.21", "-45.25", "0", "-0", "0.0", "-0.5", "100.00", "007", ".5", "5.", "-12.340"];
    for (const text of texts) expect(formatDecimal(text), text).toBe(formatDecimal(big(text)));
    expect(formatDecimal("12345678901234567890.123456789")).toBe("12345678901234567890.123456789");
  });

  it("parses numbers and decimal strings exactly, and refuses anything else", () => {
    expect(canonicalDecimal(big("1.50"))).toBe("1.5");
    expect(parseDecimal(0.1)?.toFixed()).toBe("0.1");
    for (const bad of ["", "1,5", "1e3", "abc", "1.2.3", "--1"]) expect(parseDecimal(bad), bad).toBeNull();
    expect(parseDecimal(Number.NaN)).toBeNull();
  });
});

describe("cents", () => {
  it("converts amounts with at most two decimals and refuses more", () => {
    expect(decimalToCents(big("12.34"))).toBe(1234);
    expect(decimalToCents(big("-0.5"))).toBe(-50);
    expect(decimalToCents(big("12.345"))).toBeNull();
    expect(centsToDecimal(36300)).toBe("363.0");
    expect(centsToDecimal(-5)).toBe("-0.05");
  });

  it("prints any number of cents exactly as big.js divides it by 100", () => {
    const byBig = (cents: number) => formatDecimal(new Big(cents).div(100));
    for (const cents of [0, -0, 1, -1, 10, -10, 100, 1e15, -1e15, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) {
      expect(centsToDecimal(cents), String(cents)).toBe(byBig(cents));
    }
    fc.assert(fc.property(fc.maxSafeInteger(), (cents) => centsToDecimal(cents) === byBig(cents)));
    // not whole cents, or beyond exact integers: still exactly what big.js prints
    for (const odd of [0.5, -12.25, 1e17, 2 ** 60]) expect(centsToDecimal(odd)).toBe(byBig(odd));
  });

  it("prints bigint cents exactly at any size, as the same number of cents prints", () => {
    const byBig = (cents: bigint) => formatDecimal(new Big(cents.toString()).div(100));
    const large = [2n ** 53n + 1n, -(2n ** 63n) - 7n, 12_000_000_000_000_000_001n, 10n ** 40n + 5n];
    for (const cents of [0n, 1n, -1n, 10n, -10n, 100n, -305n, ...large]) {
      expect(centsToDecimal(cents), String(cents)).toBe(byBig(cents));
    }
    expect(centsToDecimal(9_090_909_090_909_063n)).toBe("90909090909090.63");
    fc.assert(fc.property(fc.bigInt(), (cents) => centsToDecimal(cents) === byBig(cents)));
    fc.assert(fc.property(fc.maxSafeInteger(), (cents) => centsToDecimal(BigInt(cents)) === centsToDecimal(cents)));
  });

  it("gives a bigint as a number only where a number holds it exactly", () => {
    expect(exactNumber(9_007_199_254_740_991n)).toBe(9_007_199_254_740_991);
    expect(exactNumber(-9_007_199_254_740_991n)).toBe(-9_007_199_254_740_991);
    expect(exactNumber(9_007_199_254_740_992n)).toBeNull();
    expect(exactNumber(-(2n ** 63n))).toBeNull();
  });

  it("rounds half away from zero", () => {
    expect(roundToCents(big("0.005"))).toBe(1);
    expect(roundToCents(big("-0.005"))).toBe(-1);
    expect(roundToCents(big("2.344999"))).toBe(234);
  });
});
