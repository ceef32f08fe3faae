import { describe, expect, it } from "vitest";
import {
  defaultDueDate,
  fillPaymentInstructions,
  formatInvoiceNumber,
  paymentStatus,
  vatNumberRequirement,
} from "./rules.js";

describe("sales invoice rules", () => {
  it.each([
    // total, paid → status
    [36300, 0, "unpaid"],
    [36300, 36300, "paid"],
    [36300, 10000, "unpaid"],
    [36300, 72600, "overpaid"],
    [0, 0, "paid"],
    [-12100, 0, "unpaid"],
    [-12100, -12100, "paid"],
    [-12100, -20000, "overpaid"],
    [-12100, 5000, "unpaid"],
  ])("a total of %i cents with %i paid is %s", (total, paid, status) => {
    expect(paymentStatus(total, BigInt(paid))).toBe(status);
  });

  it("numbers invoices per year with four digits", () => {
    expect(formatInvoiceNumber("2024-03-02", 1)).toBe("2024-0001");
    expect(formatInvoiceNumber("2025-12-31", 12345)).toBe("2025-12345");
  });

  it("gives 30 days to pay by default, across months and leap days", () => {
    expect(defaultDueDate("2024-03-02")).toBe("2024-04-01");
    expect(defaultDueDate("2024-02-15")).toBe("2024-03-16");
    // cut at the last supported date
    expect(defaultDueDate("9999-12-01")).toBe("9999-12-31");
    expect(defaultDueDate("9999-12-31")).toBe("9999-12-31");
  });

  it.each([
    [["vat_high"], "NL", null],
    [["vat_reverse_charged"], "NL", "reverse_charge"],
    [["vat_zero"], "DE", "intra_eu"],
    [["vat_zero"], "NL", null],
    [["vat_zero"], "US", null],
    [["vat_zero", "vat_reverse_charged"], "BE", "reverse_charge"],
  ] as const)("VAT types %j to %s need a VAT number: %s", (names, country, requirement) => {
    expect(vatNumberRequirement(names, country, "2026-08-01")).toBe(requirement);
  });

  it("needs a British customer's VAT number for a 0 % EU supply up to the end of 2020 only", () => {
    expect(vatNumberRequirement(["vat_zero"], "GB", "2020-12-31")).toBe("intra_eu");
    expect(vatNumberRequirement(["vat_zero"], "GB", "2021-01-01")).toBeNull();
  });

  it("fills the placeholders of custom payment instructions and leaves unknown ones", () => {
    expect(
      fillPaymentInstructions("Pay {amount} for {invoice_number} by {due_date} {other}", {
        invoiceNumber: "2024-0007",
        amountCents: 51425,
        dueDate: "2024-04-01",
      }),
    ).toBe("Pay 514.25 for 2024-0007 by 2024-04-01 {other}");
  });
});
