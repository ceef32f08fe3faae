import { describe, expect, it } from "vitest";
import {
  creditorReference,
  creditorReferencesIn,
  invoiceOfReference,
  isCreditorReference,
} from "./creditor-reference.js";

describe("ISO 11649 creditor references", () => {
  it("accepts the standard's own example and refuses a changed digit", () => {
    expect(isCreditorReference("RF18539007547034")).toBe(true);
    expect(isCreditorReference("rf18 5390 0754 7034")).toBe(true);
    expect(isCreditorReference("RF18539007547035")).toBe(false);
    expect(isCreditorReference("RF18")).toBe(false);
    expect(isCreditorReference("RF0012345678901234567890123")).toBe(false);
  });

  it("derives a valid reference from the company and the invoice number, and reads it back", () => {
    const reference = creditorReference(12, "2026-0042");
    expect(reference).toMatch(/^RF\d{2}12X20260042$/);
    expect(isCreditorReference(reference ?? "")).toBe(true);
    expect(invoiceOfReference(reference ?? "")).toEqual({ companyId: 12, invoiceNumberKey: "20260042" });
    expect(creditorReference(12, "2026-0042")).toBe(reference);
    expect(creditorReference(13, "2026-0042")).not.toBe(reference);
    expect(invoiceOfReference("RF18539007547034")).toBeNull();
  });

  it("gives none when company and number do not fit in 21 characters", () => {
    expect(creditorReference(1234567, "2026-00000000001")).toBeNull();
    expect(creditorReference(123456, "2026-0000000001")).toMatch(/^RF\d{2}123456X20260000000001$/);
  });

  it("finds references in a remittance, written in groups or followed by words", () => {
    const reference = creditorReference(7, "2026-0001") ?? "";
    const grouped = reference.replace(/(.{4})/g, "$1 ").trim();
    expect(creditorReferencesIn(`Betaling ${grouped} factuur`)).toEqual([reference]);
    expect(creditorReferencesIn(`${reference}FACTUUR`)).toEqual([reference]);
    expect(creditorReferencesIn("RF18539007547034 en RF18 5390 0754 7034")).toEqual([
      "RF18539007547034",
      "RF18539007547034",
    ]);
    expect(creditorReferencesIn("geen referentie, RF99")).toEqual([]);
  });
});
