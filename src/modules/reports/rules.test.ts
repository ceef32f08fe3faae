import { describe, expect, it } from "vitest";
import { cutByMonths, monthResults, periodMonths } from "./month-rules.js";
import {
  accountTree,
  agingBucket,
  type ChartAccount,
  daysBetween,
  deductibleCents,
  mileageRate,
  reportPeriod,
  summaryNode,
} from "./rules.js";

const chart: ChartAccount[] = [
  { id: 1, path: "profit", name: "P", reference: "P" },
  { id: 2, path: "profit.costs", name: "C", reference: "P1" },
  { id: 3, path: "profit.costs.b", name: "B", reference: "P1.10" },
  { id: 4, path: "profit.costs.a", name: "A", reference: "P1.9" },
  { id: 5, path: "profit.costs.a.x", name: "X", reference: "P1.9.1" },
  { id: 6, path: "profit.costs.c", name: "Cc", reference: "P1.11" },
];

describe("accountTree", () => {
  it("sums descendants, keeps only nodes with movements below them, in the chart's reference order", () => {
    const tree = accountTree(
      chart,
      "profit.costs",
      new Map([
        [5, 700n],
        [3, -200n],
        [2, 5n],
      ]),
    );
    expect(tree).toEqual({
      account_id: 2,
      path: "profit.costs",
      name: "C",
      amount_cents: 505n,
      accounts: [
        {
          account_id: 4,
          path: "profit.costs.a",
          name: "A",
          amount_cents: 700n,
          accounts: [{ account_id: 5, path: "profit.costs.a.x", name: "X", amount_cents: 700n, accounts: [] }],
        },
        { account_id: 3, path: "profit.costs.b", name: "B", amount_cents: -200n, accounts: [] },
      ],
    });
  });

  it("answers the bare root without movements, adds extra nodes, and null for an unknown root", () => {
    expect(accountTree(chart, "profit.costs", new Map())).toMatchObject({ amount_cents: 0n, accounts: [] });
    const extra = summaryNode("Result", 42n);
    expect(accountTree(chart, "profit.costs", new Map(), new Map([["profit.costs.c", [extra]]]))).toMatchObject({
      amount_cents: 42n,
      accounts: [{ path: "profit.costs.c", amount_cents: 42n, accounts: [extra] }],
    });
    expect(accountTree(chart, "activa", new Map())).toBeNull();
  });
});

describe("aging", () => {
  it("puts days past due into buckets on exact boundaries", () => {
    const cases: Array<[number, string]> = [
      [-5, "not_due"],
      [0, "not_due"],
      [1, "1_30"],
      [30, "1_30"],
      [31, "31_60"],
      [60, "31_60"],
      [61, "61_90"],
      [90, "61_90"],
      [91, "over_90"],
    ];
    for (const [days, bucket] of cases) expect(agingBucket(days), String(days)).toBe(bucket);
  });

  it("counts calendar days across month ends, leap days and DST changes", () => {
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-04-30", "2026-04-29")).toBe(-1);
  });
});

describe("reportPeriod", () => {
  it("fills a missing end from the other end's calendar year, or today's", () => {
    expect(reportPeriod(undefined, undefined, "2026-05-01")).toEqual({ from: "2026-01-01", till: "2026-12-31" });
    expect(reportPeriod("2025-04-01", undefined, "2026-05-01")).toEqual({ from: "2025-04-01", till: "2025-12-31" });
    expect(reportPeriod(undefined, "2024-06-30", "2026-05-01")).toEqual({ from: "2024-01-01", till: "2024-06-30" });
  });
});

describe("mileage", () => {
  it("knows the rate per year and deducts exactly", () => {
    expect([2022, 2023, 2024, 2025, 2026, 2027].map(mileageRate)).toEqual([null, "0.21", "0.23", "0.23", "0.25", null]);
    expect(deductibleCents(1234n, "0.25")).toBe(30850n);
    expect(deductibleCents(3n, "0.21")).toBe(63n);
    expect(deductibleCents(0n, "0.23")).toBe(0n);
    // past 2^53 cents, still to the cent
    expect(deductibleCents(9_007_199_254_740_991n, "0.23")).toBe(207_165_582_859_042_793n);
  });
});

describe("cutting a range where month totals serve it", () => {
  it.each([
    [{ till: "2026-12-31" }, { months: { till: "2026-12" }, days: [] }],
    [{ till: "2026-12-15" }, { months: { till: "2026-11" }, days: [{ from: "2026-12-01", till: "2026-12-15" }] }],
    [
      { from: "2026-01-10", till: "2026-03-05" },
      {
        months: { from: "2026-02", till: "2026-02" },
        days: [
          { from: "2026-01-10", till: "2026-01-31" },
          { from: "2026-03-01", till: "2026-03-05" },
        ],
      },
    ],
    [
      { from: "2026-01-10", till: "2026-02-05" },
      { months: null, days: [{ from: "2026-01-10", till: "2026-02-05" }] },
    ],
    [
      { from: "2024-02-01", till: "2024-02-29" },
      { months: { from: "2024-02", till: "2024-02" }, days: [] },
    ],
    [
      { from: "2025-12-01", till: "2026-01-31" },
      { months: { from: "2025-12", till: "2026-01" }, days: [] },
    ],
    [{}, { months: {}, days: [] }],
    // the supported dates' ends: the month after 9999-12 is never a bound
    [{ till: "9999-12-31" }, { months: { till: "9999-12" }, days: [] }],
    [{ till: "9999-12-30" }, { months: { till: "9999-11" }, days: [{ from: "9999-12-01", till: "9999-12-30" }] }],
    [{ from: "9999-12-02" }, { months: null, days: [{ from: "9999-12-02" }] }],
    [
      { from: "9999-12-02", till: "9999-12-31" },
      { months: null, days: [{ from: "9999-12-02", till: "9999-12-31" }] },
    ],
    [
      { from: "1900-01-01", till: "1900-01-01" },
      { months: null, days: [{ from: "1900-01-01", till: "1900-01-01" }] },
    ],
    [{ till: "1900-01-30" }, { months: { till: "1899-12" }, days: [{ from: "1900-01-01", till: "1900-01-30" }] }],
  ])("%j", (range, cut) => {
    expect(cutByMonths(range)).toEqual(cut);
  });
});

describe("the months of a period", () => {
  it("are every calendar month it touches, the first and last cut to it, across a year's end", () => {
    expect(periodMonths("2025-12-15", "2026-02-10")).toEqual([
      { month: "2025-12", from: "2025-12-15", till: "2025-12-31" },
      { month: "2026-01", from: "2026-01-01", till: "2026-01-31" },
      { month: "2026-02", from: "2026-02-01", till: "2026-02-10" },
    ]);
    expect(periodMonths("2024-02-01", "2024-02-29")).toEqual([
      { month: "2024-02", from: "2024-02-01", till: "2024-02-29" },
    ]);
  });

  it("sum revenue (credit − debit) and costs (debit − credit) per month, zero where nothing moved", () => {
    const months = periodMonths("2026-01-01", "2026-03-31");
    const totals = [
      { month: "2026-01", account_id: 1, debit_cents: 500n, credit_cents: 10_500n },
      { month: "2026-01", account_id: 2, debit_cents: 2_000n, credit_cents: 0n },
      { month: "2026-03", account_id: 2, debit_cents: 100n, credit_cents: 300n },
      { month: "2026-03", account_id: 3, debit_cents: 9_999n, credit_cents: 0n },
      { month: "2026-04", account_id: 1, debit_cents: 0n, credit_cents: 1n },
    ];
    const results = monthResults(
      months,
      totals,
      (id) => id === 1,
      (id) => id === 2,
    );
    expect(results.map((month) => [month.month, month.revenue_cents, month.costs_cents])).toEqual([
      ["2026-01", 10_000n, 2_000n],
      ["2026-02", 0n, 0n],
      ["2026-03", 0n, -200n],
    ]);
  });
});
