import { describe, expect, it } from "vitest";
import { ApiError } from "../../platform/errors.js";
import {
  type BoxTotals,
  computeReturn,
  drillDownBoxes,
  parsePeriod,
  presentBoxes,
  RETURN_BOXES,
  readPeriod,
  readReturnBox,
  settlementAmounts,
  wholeEuros,
} from "./rules.js";

const totals = (entries: Record<string, Partial<BoxTotals>>) =>
  new Map(Object.entries(entries).map(([box, sums]) => [box, { baseCents: 0, vatCents: 0, ...sums }]));

describe("parsePeriod", () => {
  it("reads quarters, months and years as the dates they cover", () => {
    expect(parsePeriod("2026Q3")).toEqual({ period: "2026Q3", from: "2026-07-01", till: "2026-09-30" });
    expect(parsePeriod("2024Q1")).toEqual({ period: "2024Q1", from: "2024-01-01", till: "2024-03-31" });
    expect(parsePeriod("2025Q4")).toEqual({ period: "2025Q4", from: "2025-10-01", till: "2025-12-31" });
    expect(parsePeriod("2026-08")).toEqual({ period: "2026-08", from: "2026-08-01", till: "2026-08-31" });
    expect(parsePeriod("2026-04")?.till).toBe("2026-04-30");
    expect(parsePeriod("2026")).toEqual({ period: "2026", from: "2026-01-01", till: "2026-12-31" });
  });

  it("knows the leap years", () => {
    expect(parsePeriod("2024-02")?.till).toBe("2024-02-29");
    expect(parsePeriod("2023-02")?.till).toBe("2023-02-28");
    expect(parsePeriod("2100-02")?.till).toBe("2100-02-28");
    expect(parsePeriod("2000-02")?.till).toBe("2000-02-29");
  });

  it("refuses anything else", () => {
    for (const text of [
      "2026Q5",
      "2026Q0",
      "2026q3",
      "2026-13",
      "2026-00",
      "2026-1",
      "26",
      "",
      " 2026",
      "2026Q3 ",
      "0999",
      "2026-08-01",
      "Q3 2026",
    ]) {
      expect(parsePeriod(text), text).toBeNull();
    }
  });

  it("answers 400 invalid_parameter_value for a bad period in a path or query", () => {
    expect(readPeriod("2026Q1").till).toBe("2026-03-31");
    for (const value of ["2026Q5", undefined, ["2026Q1"]]) {
      const error = (() => {
        try {
          readPeriod(value);
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, type: "client.parameters.invalid_parameter_value" });
    }
  });
});

describe("wholeEuros", () => {
  it("rounds down, up and half away from zero, negatives included", () => {
    expect([wholeEuros(1735, "down"), wholeEuros(1735, "up"), wholeEuros(1735, "arithmetic")]).toEqual([
      1700, 1800, 1700,
    ]);
    expect([wholeEuros(-1735, "down"), wholeEuros(-1735, "up"), wholeEuros(-1735, "arithmetic")]).toEqual([
      -1800, -1700, -1700,
    ]);
    expect([wholeEuros(1750, "arithmetic"), wholeEuros(-1750, "arithmetic"), wholeEuros(1749, "arithmetic")]).toEqual([
      1800, -1800, 1700,
    ]);
    expect([wholeEuros(1700, "down"), wholeEuros(1700, "up"), wholeEuros(0, "up")]).toEqual([1700, 1700, 0]);
  });
});

const QUARTER = totals({
  "1a": { baseCents: 100050, vatCents: 21011 },
  "1b": { baseCents: 20099, vatCents: 1809 },
  "1e": { baseCents: 5050 },
  "3b": { baseCents: 30075 },
  "4b": { baseCents: 10000, vatCents: 2100 },
  "5b": { vatCents: 4535 },
});

describe("computeReturn", () => {
  it("rounds in the filer's favour: output VAT and bases down, 5b up, 5a and 5g from the rounded boxes", () => {
    const figures = computeReturn(QUARTER, "favour");
    expect(figures["1a"]).toEqual({ baseCents: 100050, vatCents: 21011, baseFiledCents: 100000, vatFiledCents: 21000 });
    expect(figures["1b"]).toEqual({ baseCents: 20099, vatCents: 1809, baseFiledCents: 20000, vatFiledCents: 1800 });
    expect(figures["1e"]).toEqual({ baseCents: 5050, vatCents: null, baseFiledCents: 5000, vatFiledCents: null });
    expect(figures["3b"]).toEqual({ baseCents: 30075, vatCents: null, baseFiledCents: 30000, vatFiledCents: null });
    expect(figures["1c"]).toEqual({ baseCents: 0, vatCents: 0, baseFiledCents: 0, vatFiledCents: 0 });
    expect(figures["3a"]).toEqual({ baseCents: 0, vatCents: null, baseFiledCents: 0, vatFiledCents: null });
    expect(figures["5a"]).toEqual({ baseCents: null, vatCents: 24920, baseFiledCents: null, vatFiledCents: 24900 });
    expect(figures["5b"]).toEqual({ baseCents: null, vatCents: 4535, baseFiledCents: null, vatFiledCents: 4600 });
    expect(figures["5g"]).toEqual({ baseCents: null, vatCents: 20385, baseFiledCents: null, vatFiledCents: 20300 });
  });

  it("rounds arithmetically (half away from zero) when the company chose that", () => {
    const figures = computeReturn(QUARTER, "arithmetic");
    expect(figures["1a"]).toMatchObject({ baseFiledCents: 100100, vatFiledCents: 21000 });
    expect(figures["1b"]).toMatchObject({ baseFiledCents: 20100, vatFiledCents: 1800 });
    expect(figures["1e"].baseFiledCents).toBe(5100);
    expect(figures["3b"].baseFiledCents).toBe(30100);
    expect(figures["5a"].vatFiledCents).toBe(24900);
    expect(figures["5b"].vatFiledCents).toBe(4500);
    expect(figures["5g"].vatFiledCents).toBe(20400);
  });

  it("handles a refund (negative 5g) and negative boxes in both roundings", () => {
    const refund = totals({
      "1a": { baseCents: -8265, vatCents: -1735 },
      "1b": { vatCents: 1040 },
      "5b": { vatCents: 10040 },
    });
    const favour = computeReturn(refund, "favour");
    expect(favour["1a"]).toMatchObject({ baseFiledCents: -8300, vatFiledCents: -1800 });
    expect(favour["5a"]).toMatchObject({ vatCents: -695, vatFiledCents: -800 });
    expect(favour["5b"].vatFiledCents).toBe(10100);
    expect(favour["5g"]).toMatchObject({ vatCents: -10735, vatFiledCents: -10900 });
    const arithmetic = computeReturn(refund, "arithmetic");
    expect(arithmetic["1a"]).toMatchObject({ baseFiledCents: -8300, vatFiledCents: -1700 });
    expect(arithmetic["5a"].vatFiledCents).toBe(-700);
    expect(arithmetic["5b"].vatFiledCents).toBe(10000);
    expect(arithmetic["5g"].vatFiledCents).toBe(-10700);
  });
});

describe("settlementAmounts", () => {
  it("clears every VAT account at its exact total, settles 5g as filed and balances with the rounding", () => {
    const amounts = settlementAmounts(computeReturn(QUARTER, "favour"));
    expect(amounts.outputVat).toEqual([
      { box: "1a", signedCents: 21011 },
      { box: "1b", signedCents: 1809 },
      { box: "1c", signedCents: 0 },
      { box: "1d", signedCents: 0 },
      { box: "2a", signedCents: 0 },
      { box: "4a", signedCents: 0 },
      { box: "4b", signedCents: 2100 },
    ]);
    expect(amounts.inputVatSignedCents).toBe(-4535);
    expect(amounts.settlementSignedCents).toBe(-20300);
    expect(amounts.roundingSignedCents).toBe(-85);
    const sum =
      amounts.outputVat.reduce((total, line) => total + line.signedCents, 0) +
      amounts.inputVatSignedCents +
      amounts.settlementSignedCents +
      amounts.roundingSignedCents;
    expect(sum).toBe(0);
  });

  it("debits the settlement account for a refund", () => {
    const amounts = settlementAmounts(
      computeReturn(totals({ "1a": { vatCents: 1040 }, "5b": { vatCents: 10040 } }), "favour"),
    );
    expect(amounts.settlementSignedCents).toBe(9100);
    expect(amounts.roundingSignedCents).toBe(-100);
  });
});

describe("presentBoxes", () => {
  it("gives the 14 boxes in the form's order as decimal strings, null where a box has no column", () => {
    const boxes = presentBoxes(computeReturn(QUARTER, "favour"));
    expect(Object.keys(boxes)).toEqual([...RETURN_BOXES]);
    expect(boxes["1a"]).toEqual({ base: "1000.5", vat: "210.11", base_filed: "1000.0", vat_filed: "210.0" });
    expect(boxes["3b"]).toEqual({ base: "300.75", vat: null, base_filed: "300.0", vat_filed: null });
    expect(boxes["5b"]).toEqual({ base: null, vat: "45.35", base_filed: null, vat_filed: "46.0" });
    expect(boxes["5g"]).toEqual({ base: null, vat: "203.85", base_filed: null, vat_filed: "203.0" });
  });
});

describe("drill-down boxes", () => {
  it("lists a box's own lines; 5a the VAT of the output boxes; 5g that and 5b", () => {
    expect(drillDownBoxes("1e")).toEqual({ boxes: ["1e"], vatOnly: false });
    expect(drillDownBoxes("5a")).toEqual({ boxes: ["1a", "1b", "1c", "1d", "2a", "4a", "4b"], vatOnly: true });
    expect(drillDownBoxes("5g").boxes).toContain("5b");
    expect(readReturnBox("5g")).toBe("5g");
    expect(() => readReturnBox("5c")).toThrow(ApiError);
    expect(() => readReturnBox(undefined)).toThrow("Parameter box must be one of: 1a, 1b");
  });
});
