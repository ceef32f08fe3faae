import { describe, expect, it } from "vitest";
import { isCurrencyCode, normaliseCurrency } from "./currency.js";

describe("currencies", () => {
  it("knows lower-case ISO 4217 codes", () => {
    expect(isCurrencyCode("eur")).toBe(true);
    expect(isCurrencyCode("usd")).toBe(true);
    expect(isCurrencyCode("USD")).toBe(false);
    expect(isCurrencyCode("xyz")).toBe(false);
  });

  it("stores codes lower-case and keeps the stored one when none is given", () => {
    expect(normaliseCurrency(" USD ", "eur")).toBe("usd");
    expect(normaliseCurrency(undefined, "gbp")).toBe("gbp");
    expect(normaliseCurrency(null, "eur")).toBe("eur");
  });
});
