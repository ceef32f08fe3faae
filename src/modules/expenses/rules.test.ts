import { describe, expect, it } from "vitest";
import {
  formatInvoiceNumber,
  invoiceNumberSeries,
  isExpenseAccountType,
  isInvestmentAccountPath,
  lockedChanges,
  nextState,
} from "./rules.js";

describe("expense numbers", () => {
  it("run per month of the expense date as YYYYMMNNNN", () => {
    expect(invoiceNumberSeries("2024-03-31")).toBe("expense:202403");
    expect(invoiceNumberSeries("2024-04-01")).toBe("expense:202404");
    expect(formatInvoiceNumber("2024-03-02", 1)).toBe("2024030001");
    expect(formatInvoiceNumber("2024-12-02", 123)).toBe("2024120123");
  });
});

describe("accounts of an expense", () => {
  it("are cost or balance accounts; investments are assets", () => {
    expect([isExpenseAccountType("costs"), isExpenseAccountType("balance")]).toEqual([true, true]);
    expect([isExpenseAccountType("revenue"), isExpenseAccountType(null)]).toEqual([false, false]);
    expect(isInvestmentAccountPath("activa.fixed_assets.computers")).toBe(true);
    expect(isInvestmentAccountPath("activa")).toBe(true);
    expect(isInvestmentAccountPath("activax")).toBe(false);
    expect(isInvestmentAccountPath("passiva.long_term_liabilities.loans")).toBe(false);
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
    expect(nextState(current, requested)).toEqual(expected);
  });
});

describe("a published expense's lock", () => {
  const current = { date: "2024-03-02", type_account_id: 7, currency: "eur", contact_id: 3 };

  it("accepts values sent back unchanged", () => {
    expect(lockedChanges({ ...current, currency: "EUR", state: "concept", invoice_lines: [] }, current)).toEqual([]);
    expect(lockedChanges({ contact: null }, current)).toEqual([]);
  });

  it("names every changed attribute", () => {
    expect(
      lockedChanges(
        { date: "2024-03-01", type_account_id: 8, currency: "usd", contact_id: null, invoice_lines: [{}], contact: {} },
        current,
      ),
    ).toEqual(["date", "type_account_id", "currency", "contact_id", "invoice_lines", "contact"]);
  });
});
