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
  new Map(Object.entries(entries).map(([box, sums]) => [box, { baseCents: 0n, vatCents: 0n, ...sums }]));

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
    for (const value of ["2026Q5", undefined, ["2026Q1"], "1899Q4", "1899"]) {
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
    expect([wholeEuros(1735n, "down"), wholeEuros(1735n, "up"), wholeEuros(1735n, "arithmetic")]).toEqual([
      1700n,
      1800n,
      1700n,
    ]);
    expect([wholeEuros(-1735n, "down"), wholeEuros(-1735n, "up"), wholeEuros(-1735n, "arithmetic")]).toEqual([
      -1800n,
      -1700n,
      -1700n,
    ]);
    expect([
      wholeEuros(1750n, "arithmetic"),
      wholeEuros(-1750n, "arithmetic"),
      wholeEuros(1749n, "arithmetic"),
    ]).toEqual([1800n, -1800n, 1700n]);
    expect([wholeEuros(1700n, "down"), wholeEuros(1700n, "up"), wholeEuros(0n, "up")]).toEqual([1700n, 1700n, 0n]);
  });

  it("rounds past 2^53 cents to the euro, not to the nearest number a float holds", () => {
    const cents = 9_090_909_090_909_063n;
    expect([wholeEuros(cents, "down"), wholeEuros(cents, "up"), wholeEuros(cents, "arithmetic")]).toEqual([
      9_090_909_090_909_000n,
      9_090_909_090_909_100n,
      9_090_909_090_909_100n,
    ]);
    expect(wholeEuros(-(2n ** 70n) - 1n, "down")).toBe(-(2n ** 70n) - 76n);
  });
});

const QUARTER = totals({
  "1a": { baseCents: 100050n, vatCents: 21011n },
  "1b": { baseCents: 20099n, vatCents: 1809n },
  "1e": { baseCents: 5050n },
  "3b": { baseCents: 30075n },
  "4b": { baseCents: 10000n, vatCents: 2100n },
  "5b": { vatCents: 4535n },
});

describe("computeReturn", () => {
  it("rounds in the filer's favour: output VAT and bases down, 5b up, 5a and 5g from the rounded boxes", () => {
    const figures = computeReturn(QUARTER, "favour");
    expect(figures["1a"]).toEqual({
      baseCents: 100050n,
      vatCents: 21011n,
      baseFiledCents: 100000n,
      vatFiledCents: 21000n,
    });
    expect(figures["1b"]).toEqual({ baseCents: 20099n, vatCents: 1809n, baseFiledCents: 20000n, vatFiledCents: 1800n });
    expect(figures["1e"]).toEqual({ baseCents: 5050n, vatCents: null, baseFiledCents: 5000n, vatFiledCents: null });
    expect(figures["3b"]).toEqual({ baseCents: 30075n, vatCents: null, baseFiledCents: 30000n, vatFiledCents: null });
    expect(figures["1c"]).toEqual({ baseCents: 0n, vatCents: 0n, baseFiledCents: 0n, vatFiledCents: 0n });
    expect(figures["3a"]).toEqual({ baseCents: 0n, vatCents: null, baseFiledCents: 0n, vatFiledCents: null });
    expect(figures["5a"]).toEqual({ baseCents: null, vatCents: 24920n, baseFiledCents: null, vatFiledCents: 24900n });
    expect(figures["5b"]).toEqual({ baseCents: null, vatCents: 4535n, baseFiledCents: null, vatFiledCents: 4600n });
    expect(figures["5g"]).toEqual({ baseCents: null, vatCents: 20385n, baseFiledCents: null, vatFiledCents: 20300n });
  });

  it("rounds arithmetically (half away from zero) when the company chose that", () => {
    const figures = computeReturn(QUARTER, "arithmetic");
    expect(figures["1a"]).toMatchObject({ baseFiledCents: 100100n, vatFiledCents: 21000n });
    expect(figures["1b"]).toMatchObject({ baseFiledCents: 20100n, vatFiledCents: 1800n });
    expect(figures["1e"].baseFiledCents).toBe(5100n);
    expect(figures["3b"].baseFiledCents).toBe(30100n);
    expect(figures["5a"].vatFiledCents).toBe(24900n);
    expect(figures["5b"].vatFiledCents).toBe(4500n);
    expect(figures["5g"].vatFiledCents).toBe(20400n);
  });

  it("handles a refund (negative 5g) and negative boxes in both roundings", () => {
    const refund = totals({
      "1a": { baseCents: -8265n, vatCents: -1735n },
      "1b": { vatCents: 1040n },
      "5b": { vatCents: 10040n },
    });
    const favour = computeReturn(refund, "favour");
    expect(favour["1a"]).toMatchObject({ baseFiledCents: -8300n, vatFiledCents: -1800n });
    expect(favour["5a"]).toMatchObject({ vatCents: -695n, vatFiledCents: -800n });
    expect(favour["5b"].vatFiledCents).toBe(10100n);
    expect(favour["5g"]).toMatchObject({ vatCents: -10735n, vatFiledCents: -10900n });
    const arithmetic = computeReturn(refund, "arithmetic");
    expect(arithmetic["1a"]).toMatchObject({ baseFiledCents: -8300n, vatFiledCents: -1700n });
    expect(arithmetic["5a"].vatFiledCents).toBe(-700n);
    expect(arithmetic["5b"].vatFiledCents).toBe(10000n);
    expect(arithmetic["5g"].vatFiledCents).toBe(-10700n);
  });
});

describe("settlementAmounts", () => {
  it("clears every VAT account at its exact total, settles 5g as filed and balances with the rounding", () => {
    const amounts = settlementAmounts(computeReturn(QUARTER, "favour"));
    expect(amounts.outputVat).toEqual([
      { box: "1a", signedCents: 21011n },
      { box: "1b", signedCents: 1809n },
      { box: "1c", signedCents: 0n },
      { box: "1d", signedCents: 0n },
      { box: "2a", signedCents: 0n },
      { box: "4a", signedCents: 0n },
      { box: "4b", signedCents: 2100n },
    ]);
    expect(amounts.inputVatSignedCents).toBe(-4535n);
    expect(amounts.settlementSignedCents).toBe(-20300n);
    expect(amounts.roundingSignedCents).toBe(-85n);
    const sum =
      amounts.outputVat.reduce((total, line) => total + line.signedCents, 0n) +
      amounts.inputVatSignedCents +
      amounts.settlementSignedCents +
      amounts.roundingSignedCents;
    expect(sum).toBe(0n);
  });

  it("debits the settlement account for a refund", () => {
    const amounts = settlementAmounts(
      computeReturn(totals({ "1a": { vatCents: 1040n }, "5b": { vatCents: 10040n } }), "favour"),
    );
    expect(amounts.settlementSignedCents).toBe(9100n);
    expect(amounts.roundingSignedCents).toBe(-100n);
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
