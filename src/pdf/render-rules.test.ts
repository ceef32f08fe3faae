/** The Dutch invoice rules as the PDF prints them: language, bank details, KOR, credit invoices, countries. */
import { describe, expect, it } from "vitest";
import { allRows, allText, CUSTOMER, invoice, line, readPdf } from "../../test/support/printed-documents.js";
import type { PrintableDocument, PrintableParty } from "./printable.js";
import { renderDocumentPdf } from "./render.js";

const GERMAN_CUSTOMER: PrintableParty = {
  name: "Schmidt GmbH",
  contact_person_name: "Anna Schmidt",
  address: "Hauptstraße 5",
  zipcode: "10115",
  city: "Berlin",
  country_code: "DE",
  vat_number: "DE123456789",
};

const BANK = { iban: "NL91ABNA0417164300", bic: "ABNANL2A" };

describe("renderDocumentPdf and the Dutch invoice rules", () => {
  it("prints every word in English for a customer abroad, keeping Dutch amounts and dates", async () => {
    const document = invoice({ language: "en", contact: GERMAN_CUSTOMER, paymentInstructions: "Pay now." });
    const pdf = await readPdf(await renderDocumentPdf(document));
    const rows = allRows(pdf);
    const text = allText(pdf);
    expect(rows).toContain("Invoice");
    expect(rows).toContain("Invoice number | 2024-0001");
    expect(rows).toContain("Invoice date | 01-03-2024");
    expect(rows).toContain("Due date | 31-03-2024");
    expect(rows).toContain("Reference | PO-778");
    expect(text).toContain("CoC: 12345678");
    expect(text).toContain("VAT number: NL001234567B01");
    expect(rows).toContain("To");
    expect(text).toContain("Attn. Anna Schmidt");
    expect(rows).toContain("Description | Quantity | Price | VAT | Amount");
    expect(rows).toContain("Consultancy | 4 | € 75,00 | 21% | € 300,00");
    expect(rows).toContain("Total excl. VAT | € 344,45");
    expect(rows).toContain("VAT 21% on € 306,95 | € 64,46");
    expect(rows).toContain("VAT 9% on € 37,50 | € 3,38");
    expect(rows).toContain("Total incl. VAT | € 412,29");
    expect(rows).toContain("Payment");
    expect(text).toMatch(/\| Page 1 of 1$/m);
    for (const dutch of ["Factuur", "BTW", "Totaal", "Pagina", "Betaling", "KvK", "t.a.v.", "Aan"]) {
      expect(text).not.toContain(dutch);
    }
    expect(pdf.info.Title).toBe("Invoice 2024-0001");
    expect(pdf.info.Creator).toBe("Kasboek (template: Standard)");
  });

  it("marks an English concept as DRAFT on every page and continues in English", async () => {
    const lines = Array.from({ length: 60 }, (_, index) => line(`Item ${index + 1}`, "1", "1", "0.21"));
    const document = invoice({ language: "en", isConcept: true, lines, contact: GERMAN_CUSTOMER });
    const pdf = await readPdf(await renderDocumentPdf(document));
    expect(pdf.pages.length).toBeGreaterThan(1);
    for (const page of pdf.pages) expect(page).toContain("DRAFT");
    expect(pdf.pages[1]).toContain("Draft invoice (continued)");
    expect(allText(pdf)).not.toContain("CONCEPT");
    expect(pdf.info.Title).toBe("Draft invoice");
  });

  it("prints an English quotation with its own words and English VAT notices", async () => {
    const quotation = invoice({ kind: "quotation", language: "en", dueDate: null, contact: GERMAN_CUSTOMER });
    const text = allText(await readPdf(await renderDocumentPdf(quotation)));
    expect(text).toContain("Quotation number | 2024-0001");
    expect(text).toContain("Quotation date | 01-03-2024");
    const reverse = invoice({ language: "en", vatNotice: "reverse_charge", contact: GERMAN_CUSTOMER });
    const notice = allText(await readPdf(await renderDocumentPdf(reverse)));
    expect(notice).toContain("VAT reverse-charged");
    expect(notice).toContain("Customer VAT number: DE123456789");
    expect(notice).not.toContain("verlegd");
  });

  it("prints the seller's IBAN grouped in fours and the BIC in the seller block", async () => {
    const document = invoice({ company: { ...invoice().company, ...BANK } });
    const rows = allRows(await readPdf(await renderDocumentPdf(document)));
    expect(rows.some((row) => row.startsWith("IBAN: NL91 ABNA 0417 1643 00"))).toBe(true);
    expect(rows.some((row) => row.startsWith("BIC: ABNANL2A"))).toBe(true);
    const without = allText(await readPdf(await renderDocumentPdf(invoice())));
    expect(without).not.toContain("IBAN:");
    expect(without).not.toContain("BIC:");
  });

  it("prints the delivery date only when it differs from the invoice date", async () => {
    const differs = allRows(await readPdf(await renderDocumentPdf(invoice({ deliveryDate: "2024-02-15" }))));
    expect(differs).toContain("Leverdatum | 15-02-2024");
    expect(differs.indexOf("Factuurdatum | 01-03-2024")).toBeLessThan(differs.indexOf("Leverdatum | 15-02-2024"));
    const english = invoice({ language: "en", deliveryDate: "2024-02-15", contact: GERMAN_CUSTOMER });
    expect(allRows(await readPdf(await renderDocumentPdf(english)))).toContain("Delivery date | 15-02-2024");
    for (const deliveryDate of ["2024-03-01", null]) {
      const text = allText(await readPdf(await renderDocumentPdf(invoice({ deliveryDate }))));
      expect(text).not.toContain("Leverdatum");
    }
  });

  it("says a KOR seller is exempt and prints no VAT rows for its zero rate, only the totals", async () => {
    const lines = [line("Les", "2", "40", "0"), line("Materiaal", "1", "15", "0")];
    const pdf = await readPdf(await renderDocumentPdf(invoice({ smallBusinessScheme: true, lines })));
    const rows = allRows(pdf);
    expect(allText(pdf)).toContain("Vrijgesteld van omzetbelasting op grond van artikel 25 Wet OB");
    expect(rows).toContain("Totaal excl. BTW | € 95,00");
    expect(rows).toContain("Totaal incl. BTW | € 95,00");
    expect(rows.filter((row) => row.startsWith("BTW "))).toEqual([]);
    const english = invoice({ smallBusinessScheme: true, lines, language: "en", contact: GERMAN_CUSTOMER });
    const text = allText(await readPdf(await renderDocumentPdf(english)));
    expect(text).toContain("Exempt from VAT under article 25 of the Dutch VAT Act 1968 (small business scheme)");
    expect(text).not.toMatch(/VAT 0% on/);
    // a VAT-liable seller still shows its zero rate
    const liable = allRows(await readPdf(await renderDocumentPdf(invoice({ lines }))));
    expect(liable).toContain("BTW 0% over € 95,00 | € 0,00");
    expect(liable.join("\n")).not.toContain("Vrijgesteld");
  });

  it("titles a negative invoice Creditfactuur and names the invoice it corrects", async () => {
    const lines = [line("Retour oven", "-1", "300", "0.21")];
    const document = invoice({ number: "2024-0007", lines, creditedInvoiceNumber: "2024-0001", reference: null });
    const pdf = await readPdf(await renderDocumentPdf(document));
    const rows = allRows(pdf);
    expect(rows).toContain("Creditfactuur");
    expect(rows).toContain("Factuurnummer | 2024-0007");
    expect(rows).toContain("Correctie op factuur | 2024-0001");
    expect(rows).toContain("Totaal incl. BTW | € -363,00");
    expect(pdf.info.Title).toBe("Creditfactuur 2024-0007");
    const english = await readPdf(await renderDocumentPdf({ ...document, language: "en", contact: GERMAN_CUSTOMER }));
    expect(allRows(english)).toContain("Credit note");
    expect(allRows(english)).toContain("Corrects invoice | 2024-0001");
    expect(english.info.Title).toBe("Credit note 2024-0007");
    const concept = await readPdf(await renderDocumentPdf({ ...document, isConcept: true }));
    expect(concept.info.Title).toBe("Conceptcreditfactuur");
    // a negative quotation stays a quotation
    const quotation = await readPdf(await renderDocumentPdf({ ...document, kind: "quotation" }));
    expect(quotation.info.Title).toBe("Offerte 2024-0007");
  });

  it("prints the countries only when the customer's country is known and differs from the seller's", async () => {
    const countryRows = async (document: PrintableDocument) =>
      allRows(await readPdf(await renderDocumentPdf(document))).filter((row) => /^[A-Z]{2}$/.test(row));
    const unknown = { ...CUSTOMER, country_code: null };
    expect(await countryRows(invoice({ kind: "quotation", dueDate: null, contact: unknown }))).toEqual([]);
    expect(await countryRows(invoice({ contact: unknown }))).toEqual([]);
    expect(await countryRows(invoice())).toEqual([]);
    expect(await countryRows(invoice({ contact: { ...CUSTOMER, country_code: "de" } }))).toEqual(["NL", "DE"]);
  });
});
