/**
 * Sums within one document (issue 26, item 3), through the public API on the run's database:
 * lines of opposite signs pass 2^53 cents between them while the document stays within its
 * limits, and its totals, its posting, its PDF and a journal entry's balance stay exact; a VAT box
 * a ledger line cannot hold is refused with a 422. Sums across documents: exact-sums.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, errorOf, newCompany, type TestApp, type TestCompany } from "./support/app.js";
import { companyApi } from "./support/company-api.js";

const BANK = "activa.current_assets.liquid_assets.bank";
const DEBTORS = "activa.current_assets.debtors";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-05-01T10:00:00Z"));
});
afterAll(() => harness.close());

const api = (own: TestCompany) => companyApi(harness.app, own);
const newCustomer = (own: TestCompany) => api(own).customer();

describe("a document whose lines pass 2^53 cents between them", () => {
  it("keeps its totals to the cent, and posts them", async () => {
    const own = await newCompany(harness.deps, "Tegenboeking BV");
    const client = api(own);
    const line = (price: string) => ({ description: "Werk", price_per_unit: price, quantity: "1" });
    const made = await client.make("/sales_invoices", {
      sales_invoice: {
        contact_id: await newCustomer(own),
        date: "2026-02-10",
        _publish: true,
        // 11 × 9,999,999,999,999.97 and 11 × −9,999,999,999,999.96: 0.11 in all, 1.1 × 10^14 on the way
        invoice_lines: [
          ...Array.from({ length: 11 }, () => line("8264462809917.33")),
          ...Array.from({ length: 11 }, () => line("-8264462809917.32")),
        ],
      },
    });
    expect(made.sales_invoice).toMatchObject({ price_without_vat: "0.11", vat_amount: "0.0", price_with_vat: "0.11" });
    expect(await client.read("/reports/trial_balance?date=2026-02-28")).toMatchObject({
      trial_balance: { total_debit: "90909090909090.63", total_credit: "90909090909090.63" },
    });
  });

  it("is refused, naming its lines, when a VAT box adds up past what a ledger line holds", async () => {
    const own = await newCompany(harness.deps, "Btw-vakken BV");
    const client = api(own);
    const vatTypes = await client.read<{ vat_types: Array<{ id: number; name: string }> }>("/vat_types?selection=all");
    const typeId = (name: string) => vatTypes.vat_types.find((type) => type.name === name)?.id;
    const line = (price: string, vatType: string) => ({
      description: "Werk",
      price_per_unit: price,
      quantity: "1",
      vat_type_id: typeId(vatType),
      vat_rate: "0.21",
    });
    // 52 × 1,735,537,190,082.64 of VAT in box 1a and as much back in 1c: nothing in all, 9.02 × 10^15 cents in 1a
    const response = await client.send("POST", "/sales_invoices", {
      sales_invoice: {
        contact_id: await newCustomer(own),
        date: "2026-02-10",
        _publish: true,
        invoice_lines: [
          ...Array.from({ length: 52 }, () => line("8264462809917.33", "vat_high")),
          ...Array.from({ length: 52 }, () => line("-8264462809917.33", "vat_custom")),
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response).message).toBe(
      "Sales invoice is invalid: invoice_lines add up to more than one ledger line holds (at most 90071992547409.91 per account)",
    );
  });

  it("prints, with each rate's base past 2^53 cents", async () => {
    const own = await newCompany(harness.deps, "Concept BV");
    const client = api(own);
    const vatTypes = await client.read<{ vat_types: Array<{ id: number; name: string }> }>("/vat_types?selection=all");
    const custom = vatTypes.vat_types.find((type) => type.name === "vat_custom")?.id;
    const line = (price: string, extra: Record<string, unknown> = {}) => ({
      description: "Werk",
      price_per_unit: price,
      quantity: "1",
      ...extra,
    });
    const concept = await client.make<{ sales_invoice: { id: number } }>("/sales_invoices", {
      sales_invoice: {
        invoice_lines: [
          ...Array.from({ length: 11 }, () => line("8264462809917.33")),
          ...Array.from({ length: 11 }, () => line("-8264462809917.33", { vat_type_id: custom, vat_rate: "0.2" })),
        ],
      },
    });
    const pdf = await client.send("GET", `/sales_invoices/${concept.sales_invoice.id}/pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
  });

  it("balances a journal entry only when its debits and credits are equal to the cent", async () => {
    const own = await newCompany(harness.deps, "Memoriaal BV");
    const client = api(own);
    const side = (path: string, amount: string, key: "debit_amount" | "credit_amount") => ({
      account_path: path,
      [key]: amount,
    });
    const entry = (credits: string[]) =>
      client.send("POST", "/journal_entries", {
        journal_entry: {
          date: "2026-02-10",
          lines: [
            ...Array.from({ length: 10 }, () => side(BANK, "9999999999999.99", "debit_amount")),
            ...credits.map((amount) => side(DEBTORS, amount, "credit_amount")),
          ],
        },
      });
    // one cent short, in a sum a float rounds to the same number as the debits'
    const short = await entry([...Array.from({ length: 9 }, () => "9999999999999.99"), "9999999999999.97", "0.01"]);
    expect(short.statusCode, short.body).toBe(422);
    expect(errorOf(short).message).toBe(
      "Journal entry is invalid: lines do not balance: debits 99999999999999.9, credits 99999999999999.89",
    );
    const even = await entry([...Array.from({ length: 9 }, () => "9999999999999.99"), "9999999999999.98", "0.01"]);
    expect(even.statusCode, even.body).toBe(201);
  });
});
