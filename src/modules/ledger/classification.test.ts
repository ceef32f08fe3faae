/**
 * Every row of docs/bookkeeping.md 1.3 (sales) and 1.4 (purchases) that Kasboek's VAT types can
 * express, as the box each line lands in, with hand-computed amounts for the self-assessment.
 */
import { describe, expect, it } from "vitest";
import { classifyExpenseLine, classifySalesLine, manualVatTag, type SalesLineFacts } from "./classification.js";

const sale = (facts: Partial<SalesLineFacts>): SalesLineFacts => ({
  vatTypeName: "vat_high",
  vatRate: "0.21",
  date: "2026-08-01",
  country: "NL",
  vatNumber: null,
  saleType: "supply",
  distanceSale: false,
  kor: false,
  ...facts,
});

describe("sales lines into boxes (docs/bookkeeping.md 1.3)", () => {
  it.each([
    ["S1 NL 21 %", sale({}), "1a", "1a", "profit.revenue.high", null],
    ["S2 NL 9 %", sale({ vatTypeName: "vat_low_new", vatRate: "0.09" }), "1b", "1b", "profit.revenue.low", null],
    [
      "S3 6 % in 2018",
      sale({ vatTypeName: "vat_low", vatRate: "0.06", date: "2018-12-31" }),
      "1b",
      "1b",
      "profit.revenue.low",
      null,
    ],
    [
      "S3 6 % from 2019",
      sale({ vatTypeName: "vat_low", vatRate: "0.06", date: "2019-01-01" }),
      "1c",
      "1c",
      "profit.revenue.other_rates",
      null,
    ],
    [
      "S4 custom rate",
      sale({ vatTypeName: "vat_custom", vatRate: "0.16" }),
      "1c",
      "1c",
      "profit.revenue.other_rates",
      null,
    ],
    ["S5 NL 0 %", sale({ vatTypeName: "vat_zero", vatRate: "0" }), "1e", null, "profit.revenue.zero_rated", null],
    [
      "S6 NL reverse charge",
      sale({ vatTypeName: "vat_reverse_charged", vatRate: "0", vatNumber: "NL001" }),
      "1e",
      null,
      "profit.revenue.reverse_charged",
      null,
    ],
    ["S7 exempt", sale({ vatTypeName: "vat_none", vatRate: "0" }), null, null, "profit.revenue.exempt", null],
    [
      "S8 EU B2B goods",
      sale({ vatTypeName: "vat_zero", vatRate: "0", country: "DE", vatNumber: "DE123456789" }),
      "3b",
      null,
      "profit.revenue.within_eu_goods",
      "supplies",
    ],
    [
      "S9 EU B2B service",
      sale({
        vatTypeName: "vat_reverse_charged",
        vatRate: "0",
        country: "BE",
        vatNumber: "BE0123456789",
        saleType: "service",
      }),
      "3b",
      null,
      "profit.revenue.within_eu_services",
      "services",
    ],
    [
      "S11 EU B2C distance sale under the threshold",
      sale({ country: "FR", distanceSale: true }),
      "1a",
      "1a",
      "profit.revenue.high",
      null,
    ],
    [
      "S12 EU B2C distance sale taxed abroad",
      sale({ vatTypeName: "vat_zero", vatRate: "0", country: "FR", distanceSale: true }),
      "3c",
      null,
      "profit.revenue.distance_sales",
      null,
    ],
    [
      "S14 EU B2C service",
      sale({ vatTypeName: "vat_low_new", vatRate: "0.09", country: "FR", saleType: "service" }),
      "1b",
      "1b",
      "profit.revenue.low",
      null,
    ],
    [
      "S16 export of goods",
      sale({ vatTypeName: "vat_zero", vatRate: "0", country: "US" }),
      "3a",
      null,
      "profit.revenue.export",
      null,
    ],
    [
      "S17 non-EU B2B service",
      sale({ vatTypeName: "vat_zero", vatRate: "0", country: "US", saleType: "service", vatNumber: "US1" }),
      null,
      null,
      "profit.revenue.exempt",
      null,
    ],
    ["S19 non-EU B2C service", sale({ country: "US", saleType: "service" }), "1a", "1a", "profit.revenue.high", null],
  ])("%s", (_name, facts, baseBox, vatBox, revenuePath, icpKind) => {
    expect(classifySalesLine(facts)).toEqual({ baseBox, vatBox, revenuePath, icpKind });
  });

  it("puts nothing of a KOR company's sales in the return", () => {
    expect(classifySalesLine(sale({ kor: true, vatTypeName: "vat_none", vatRate: "0" })).baseBox).toBeNull();
  });

  it("counts a British business customer's service in 3b up to the end of 2020, and nowhere after", () => {
    const service = { vatTypeName: "vat_reverse_charged", vatRate: "0", country: "GB", vatNumber: "GB980780684" };
    const before = classifySalesLine(sale({ ...service, saleType: "service", date: "2020-06-15" }));
    expect(before).toMatchObject({ baseBox: "3b", icpKind: "services" });
    expect(classifySalesLine(sale({ ...service, saleType: "service", date: "2021-01-01" })).baseBox).toBeNull();
  });

  it("treats a missing country as the Netherlands", () => {
    expect(classifySalesLine(sale({ country: null, vatTypeName: "vat_zero", vatRate: "0" })).baseBox).toBe("1e");
  });
});

describe("expense lines into boxes (docs/bookkeeping.md 1.4)", () => {
  const expense = {
    vatTypeName: "vat_high",
    vatRate: "0.21",
    date: "2026-08-01",
    netCents: 10_000,
    vatCents: 2_100,
    reverseChargeVatRate: null,
    country: "NL",
    kor: false,
  };

  it("P1: VAT charged by a Dutch supplier is deducted in 5b", () => {
    expect(classifyExpenseLine(expense)).toEqual({ deductibleVatCents: 2_100, costVatCents: 0, selfAssessed: null });
  });

  it.each([
    ["P2 domestic reverse charge", "NL", null, "2a", 2_100],
    ["P3/P4 from the EU", "DE", null, "4b", 2_100],
    ["P3 EU goods at 9 %", "DE", "0.09", "4b", 900],
    ["P5 services from outside the EU", "US", null, "4a", 2_100],
  ])("%s", (_name, country, rate, box, vatCents) => {
    const line = { ...expense, vatTypeName: "vat_reverse_charged", vatCents: 0, country, reverseChargeVatRate: rate };
    expect(classifyExpenseLine(line)).toEqual({
      deductibleVatCents: 0,
      costVatCents: 0,
      selfAssessed: { box, vatCents },
    });
  });

  it("self-assesses to the cent, half away from zero", () => {
    const line = { ...expense, vatTypeName: "vat_reverse_charged", netCents: 1_050, vatCents: 0, country: "DE" };
    // 10.50 × 21 % = 2.205 → 2.21
    expect(classifyExpenseLine(line).selfAssessed).toEqual({ box: "4b", vatCents: 221 });
  });

  it.each([
    ["a German hotel's 19 %", "DE", "0.19", 0, 1_900],
    ["an American state's sales tax", "US", "0.07", 0, 700],
    ["Dutch VAT charged by a supplier abroad (21 %)", "DE", "0.21", 2_100, 0],
    ["Dutch VAT at 9 % from a supplier abroad", "BE", "0.09", 900, 0],
    ["any rate from a Dutch supplier", "NL", "0.19", 1_900, 0],
  ])("P8: %s", (_name, country, vatRate, deductibleVatCents, costVatCents) => {
    const vatCents = deductibleVatCents + costVatCents;
    const line = { ...expense, vatTypeName: "vat_custom", vatRate, vatCents, country };
    expect(classifyExpenseLine(line)).toEqual({ deductibleVatCents, costVatCents, selfAssessed: null });
  });

  it("takes a British supplier for one in the EU up to the end of 2020 (the VAT area's transition)", () => {
    const line = { ...expense, vatTypeName: "vat_reverse_charged", vatCents: 0, country: "GB" };
    expect(classifyExpenseLine({ ...line, date: "2020-12-31" }).selfAssessed?.box).toBe("4b");
    expect(classifyExpenseLine({ ...line, date: "2021-01-01" }).selfAssessed?.box).toBe("4a");
  });

  it("P9: in the KOR charged VAT is cost, not input VAT", () => {
    expect(classifyExpenseLine({ ...expense, kor: true })).toEqual({
      deductibleVatCents: 0,
      costVatCents: 2_100,
      selfAssessed: null,
    });
  });
});

describe("manual entries on per-box VAT accounts", () => {
  it("S20: a private-use correction counts in 1d with its grossed-up base", () => {
    expect(manualVatTag("passiva.current_liabilities.vat_to_pay.private_use", 0, 21_000)).toEqual({
      box: "1d",
      baseCents: 100_000,
      vatCents: 21_000,
    });
  });

  it("counts input VAT in 5b and other accounts nowhere", () => {
    expect(manualVatTag("activa.current_assets.vat_to_claim", 500, 0)).toEqual({
      box: "5b",
      baseCents: null,
      vatCents: 500,
    });
    expect(manualVatTag("passiva.current_liabilities.vat_to_pay.high", 300, 0)).toEqual({
      box: "1a",
      baseCents: null,
      vatCents: -300,
    });
    expect(manualVatTag("activa.current_assets.liquid_assets.bank", 500, 0)).toBeNull();
  });
});
