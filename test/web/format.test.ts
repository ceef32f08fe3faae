/**
 * The web app's formatting module (web/src/format.ts): amounts and dates shown the Dutch way in
 * either language, and what a reader types read back into the API's decimals and dates, never
 * through a float and never guessed at.
 */
import { describe, expect, it } from "vitest";
import {
  decimalForInput,
  formatAmount,
  formatDate,
  formatQuantity,
  parseDateInput,
  parseDecimalInput,
} from "../../web/src/format.js";

const NBSP = "\u00a0";

describe("showing", () => {
  it.each([
    ["1234.56", `€${NBSP}1.234,56`],
    ["363.0", `€${NBSP}363,00`],
    ["-5", `€${NBSP}-5,00`],
    ["0.5", `€${NBSP}0,50`],
    ["1234567.891", `€${NBSP}1.234.567,891`],
    ["90071992547409.93", `€${NBSP}90.071.992.547.409,93`],
  ])("amount %s as %s", (decimal, shown) => {
    expect(formatAmount(decimal)).toBe(shown);
  });

  it("shows nothing for no amount, and an amount it cannot read as it came", () => {
    expect(formatAmount(null)).toBe("");
    expect(formatAmount("n/a")).toBe("n/a");
  });

  it("shows quantities without trailing zeros and dates day first", () => {
    expect(formatQuantity("4.0")).toBe("4");
    expect(formatQuantity("1.25")).toBe("1,25");
    expect(formatDate("2026-11-26")).toBe("26-11-2026");
    expect(formatDate("2026-11-26T10:00:00+01:00")).toBe("26-11-2026");
    expect(formatDate(null)).toBe("");
  });

  it("gives a decimal to edit with a comma and no thousands separator", () => {
    expect(decimalForInput("1234.5", 2)).toBe("1234,50");
    expect(decimalForInput("4.0")).toBe("4");
  });
});

describe("reading what was typed", () => {
  it.each([
    ["1.234,56", "1234.56"],
    ["1234,56", "1234.56"],
    ["€ 1.234,00", "1234.00"],
    ["75", "75"],
    ["75.50", "75.50"],
    ["12.5", "12.5"],
    ["1.250", "1250"],
    ["-2,5", "-2.5"],
    [",5", "0.5"],
  ])("%s as %s", (typed, decimal) => {
    expect(parseDecimalInput(typed)).toBe(decimal);
  });

  it.each(["", "abc", "1.2.3", "12,3,4", "1,234.56"])("refuses %j", (typed) => {
    expect(parseDecimalInput(typed)).toBeNull();
  });

  it.each([
    ["26-11-2026", "2026-11-26"],
    ["1/2/2026", "2026-02-01"],
    ["29.02.2028", "2028-02-29"],
    ["2026-11-26", "2026-11-26"],
  ])("date %s as %s", (typed, iso) => {
    expect(parseDateInput(typed)).toBe(iso);
  });

  it.each(["", "31-11-2026", "29-02-2026", "11/26/2026", "26-11-26", "morgen"])("refuses the date %j", (typed) => {
    expect(parseDateInput(typed)).toBeNull();
  });
});
