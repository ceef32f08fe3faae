/**
 * The web app's first-run check (web/src/setup/requirements.ts) asks for exactly what the API's
 * publication refuses an invoice without (sales-invoices `sellerProblems`, paid by transfer, the
 * default): both are run over every combination of blank and filled details, so the two cannot
 * drift apart unnoticed.
 */
import { describe, expect, it } from "vitest";
import { sellerProblems } from "../../src/modules/sales-invoices/rules.js";
import { missingForInvoices } from "../../web/src/setup/requirements.js";

const FILLED = {
  name: "Voorbeeld BV",
  address: "Hoofdstraat 1",
  zipcode: "1234 AB",
  city: "Utrecht",
  kvk_number: "12345678",
  vat_number: "NL123456782B01",
  iban: "NL91ABNA0417164300",
} as const;
const OPTIONAL = ["address", "zipcode", "city", "kvk_number", "vat_number", "iban"] as const;

describe("what the first run asks for", () => {
  it("is what publishing an invoice by transfer asks of the seller, for every blank detail", () => {
    for (let mask = 0; mask < 1 << OPTIONAL.length; mask++) {
      for (const vatLiable of [true, false]) {
        const seller = {
          ...FILLED,
          vat_liable: vatLiable,
          ...Object.fromEntries(
            OPTIONAL.filter((_, index) => (mask & (1 << index)) !== 0).map((field) => [
              field,
              mask % 3 === 0 ? "  " : null,
            ]),
          ),
        };
        const server = sellerProblems(seller, "pay_transfer").map(([attribute]) => attribute.replace(/^company\./, ""));
        expect(missingForInvoices(seller), JSON.stringify(seller)).toEqual(server);
      }
    }
  });

  it("asks nothing of a complete company, and the VAT number only while it is VAT liable", () => {
    expect(missingForInvoices({ ...FILLED, vat_liable: true })).toEqual([]);
    expect(missingForInvoices({ ...FILLED, vat_liable: false, vat_number: null })).toEqual([]);
    expect(missingForInvoices({ ...FILLED, vat_liable: true, vat_number: "" })).toEqual(["vat_number"]);
    // what the API answers for a company made by `kasboek bootstrap` with only a name and VAT number
    expect(missingForInvoices({ vat_liable: true, vat_number: "NL123456782B01", iban: undefined })).toEqual([
      "address",
      "zipcode",
      "city",
      "kvk_number",
      "iban",
    ]);
  });
});
