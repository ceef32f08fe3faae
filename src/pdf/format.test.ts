import { describe, expect, it } from "vitest";
import {
  canonicalDecimal,
  convertCents,
  formatDate,
  formatEuroCents,
  formatForeignCents,
  formatIban,
  formatQuantity,
  formatRate,
  formatUnitPrice,
  printableText,
} from "./format.js";

describe("document formatting", () => {
  it.each([
    ["0.21", "21%"],
    ["0.09", "9%"],
    ["0", "0%"],
    ["0.125", "12,5%"],
    ["0.06", "6%"],
  ])("formatRate(%s) = %s", (rate, expected) => {
    expect(formatRate(rate)).toBe(expected);
  });

  it.each([
    ["4", "4"],
    ["4.0", "4"],
    ["12.345678", "12,345678"],
    ["-1.5", "-1,5"],
    ["1234567.25", "1.234.567,25"],
  ])("formatQuantity(%s) = %s", (quantity, expected) => {
    expect(formatQuantity(quantity)).toBe(expected);
  });

  it.each([
    ["75", "€ 75,00"],
    ["75.0", "€ 75,00"],
    ["6.5", "€ 6,50"],
    ["0.125", "€ 0,125"],
    ["1234.5678", "€ 1.234,5678"],
    ["-10", "€ -10,00"],
  ])("formatUnitPrice(%s) = %s", (price, expected) => {
    expect(formatUnitPrice(price)).toBe(expected);
  });

  it.each([
    [10000, "1.0856", 10856],
    [41229, "1.0856", 44758],
    [5, "1.5", 8],
    [-5, "1.5", -8],
    [36300, "1", 36300],
  ])("convertCents(%d, %s) = %d", (cents, rate, expected) => {
    expect(convertCents(cents, rate)).toBe(BigInt(expected));
  });

  it("prints and converts a sum of lines past 2^53 cents exactly", () => {
    expect(formatEuroCents(9_090_909_090_909_063n)).toBe("€ 90.909.090.909.090,63");
    expect(formatEuroCents(-9_090_909_090_909_063n)).toBe("€ -90.909.090.909.090,63");
    expect(convertCents(9_090_909_090_909_063n, "2")).toBe(18_181_818_181_818_126n);
  });

  it("formatDate prints DD-MM-YYYY", () => {
    expect(formatDate("2024-03-01")).toBe("01-03-2024");
    expect(() => formatDate("1-3-2024")).toThrow(RangeError);
  });

  it.each([
    ["Café € 5 – “ok”", "Café € 5 – “ok”"],
    ["Łódź", "Lódz"],
    ["Ștefan", "Stefan"],
    ["a\r\nb\tc", "a\nb c"],
    ["🙂 日本", "? ??"],
  ])("printableText(%s) = %s", (input, expected) => {
    expect(printableText(input)).toBe(expected);
  });

  it.each([
    [123456, "usd", "USD 1.234,56"],
    [-7, "GBP", "GBP -0,07"],
  ])("formatForeignCents(%d, %s) = %s", (cents, code, expected) => {
    expect(formatForeignCents(cents, code)).toBe(expected);
  });

  it.each([
    ["0.210", "0.21"],
    ["21.0", "21"],
    ["-0", "0"],
    ["0.0", "0"],
  ])("canonicalDecimal(%s) = %s", (value, expected) => {
    expect(canonicalDecimal(value)).toBe(expected);
  });

  it.each([
    ["NL91ABNA0417164300", "NL91 ABNA 0417 1643 00"],
    ["nl91 abna 0417164300", "NL91 ABNA 0417 1643 00"],
    ["GB82WEST12345698765432", "GB82 WEST 1234 5698 7654 32"],
    ["BE68539007547034", "BE68 5390 0754 7034"],
  ])("formatIban(%s) = %s", (iban, expected) => {
    expect(formatIban(iban)).toBe(expected);
  });
});

describe("formatEuroCents", () => {
  it.each([
    [0, "€ 0,00"],
    [5, "€ 0,05"],
    [99, "€ 0,99"],
    [100, "€ 1,00"],
    [123456, "€ 1.234,56"],
    [100000000, "€ 1.000.000,00"],
    [-5, "€ -0,05"],
    [-123456, "€ -1.234,56"],
  ])("formatEuroCents(%d) = %s", (cents, expected) => {
    expect(formatEuroCents(cents)).toBe(expected);
  });

  it("formatEuroCents refuses fractions of cents", () => {
    expect(() => formatEuroCents(1.5)).toThrow(RangeError);
  });
});
