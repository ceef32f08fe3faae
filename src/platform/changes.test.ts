import { describe, expect, it } from "vitest";
import { lockedChanges } from "./changes.js";

const editable = new Set(["api_reference", "payments", "_publish"]);

describe("changes to locked documents", () => {
  it("finds the locked changes of a locked document, ignoring values sent back unchanged", () => {
    const current = { date: "2024-03-02", currency_exchange_rate: "1.0", description: null, contact_id: 5 };
    expect(
      lockedChanges({ date: "2024-03-02", currency_exchange_rate: "1", description: null }, current, editable),
    ).toEqual([]);
    expect(lockedChanges({ api_reference: "x", payments: [{}], _publish: false }, current, editable)).toEqual([]);
    expect(
      lockedChanges({ date: "2024-03-03", contact_id: 6, invoice_lines: [{ id: 1 }], contact: {} }, current, editable),
    ).toEqual(["date", "contact_id", "invoice_lines", "contact"]);
  });
});
