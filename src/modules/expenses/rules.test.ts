import { describe, expect, it } from "vitest";
import { inEnglish } from "../../../test/support/english.js";
import { formatInvoiceNumber, invoiceNumberSeries, isExpenseAccountType, nextState } from "./rules.js";

describe("expense numbers", () => {
  it("run per month of the expense date as YYYYMMNNNN", () => {
    expect(invoiceNumberSeries("2024-03-31")).toBe("expense:202403");
    expect(invoiceNumberSeries("2024-04-01")).toBe("expense:202404");
    expect(formatInvoiceNumber("2024-03-02", 1)).toBe("2024030001");
    expect(formatInvoiceNumber("2024-12-02", 123)).toBe("2024120123");
  });
});

describe("accounts of an expense", () => {
  it("are cost or balance accounts", () => {
    expect([isExpenseAccountType("costs"), isExpenseAccountType("balance")]).toEqual([true, true]);
    expect([isExpenseAccountType("revenue"), isExpenseAccountType(null)]).toEqual([false, false]);
  });
});

describe("the state table", () => {
  it.each([
    [null, undefined, { ok: true, state: "concept", publishing: false }],
    [null, "concept", { ok: true, state: "concept", publishing: false }],
    [null, "published", { ok: true, state: "published", publishing: true }],
    ["concept", undefined, { ok: true, state: "concept", publishing: false }],
    ["concept", "concept", { ok: true, state: "concept", publishing: false }],
    ["concept", "published", { ok: true, state: "published", publishing: true }],
    ["published", undefined, { ok: true, state: "published", publishing: false }],
    ["published", "published", { ok: true, state: "published", publishing: false }],
    ["published", "concept", { ok: false, attribute: "state", problem: "cannot go back to concept once published" }],
    ["concept", null, { ok: false, attribute: "state", problem: "can't be blank" }],
    ["published", null, { ok: false, attribute: "state", problem: "can't be blank" }],
  ] as const)("from %s with %s", (current, requested, expected) => {
    expect(inEnglish(nextState(current, requested))).toEqual(expected);
  });
});
