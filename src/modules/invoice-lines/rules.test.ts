import { describe, expect, it } from "vitest";
import { lineTotals, sumLineTotals } from "./rules.js";

describe("invoice-line arithmetic", () => {
  it.each([
    // quantity, price per unit, rate → without VAT, VAT, with VAT (cents)
    ["4", "75", "0.21", 30000, 6300, 36300],
    ["1", "1895", "0.21", 189500, 39795, 229295],
    ["1", "1995.00", "0.21", 199500, 41895, 241395],
    ["3", "0.333333", "0.21", 100, 21, 121],
    ["1.5", "10.05", "0.09", 1508, 136, 1644],
    ["2.75", "19.99", "0.21", 5497, 1154, 6651],
    ["-1", "100", "0.21", -10000, -2100, -12100],
    ["1", "-0.05", "0.21", -5, -1, -6],
    ["1", "0.025", "0.21", 3, 1, 4],
    ["1", "12.345678901234567890123", "0", 1235, 0, 1235],
    ["0.001", "1", "0.21", 0, 0, 0],
  ])("%s × %s at %s → %i + %i = %i", (quantity, price, rate, without, vat, withVat) => {
    expect(lineTotals(quantity, price, rate)).toEqual({
      price_without_vat_cents: without,
      vat_amount_cents: vat,
      price_with_vat_cents: withVat,
    });
  });

  it("adds document totals from line totals, credit lines included", () => {
    const total = sumLineTotals([lineTotals("4", "75", "0.21"), lineTotals("-1", "75", "0.21")]);
    expect(total).toEqual({ price_without_vat_cents: 22500, vat_amount_cents: 4725, price_with_vat_cents: 27225 });
  });
});
