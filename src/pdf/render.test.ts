/** The PDF renderer: what a document prints, page flow, and the VAT breakdown. The Dutch invoice rules: render-rules.test.ts. */
import { describe, expect, it } from "vitest";
import { allRows, allText, CUSTOMER, invoice, line, readPdf } from "../../test/support/printed-documents.js";
import { renderDocumentPdf, vatBreakdown } from "./render.js";

describe("renderDocumentPdf", () => {
  it("prints the number, dates, parties, every line, the VAT per rate, the totals and the payment text", async () => {
    const pdf = await readPdf(await renderDocumentPdf(invoice()));
    const rows = allRows(pdf);
    const text = allText(pdf);
    expect(pdf.pages).toHaveLength(1);
    expect(text).toContain("Factuur");
    expect(rows).toContain("Factuurnummer | 2024-0001");
    expect(rows).toContain("Factuurdatum | 01-03-2024");
    expect(rows).toContain("Vervaldatum | 31-03-2024");
    expect(rows).toContain("Referentie | PO-778");
    expect(text).toContain("Bakkerij De Korenschoof");
    expect(text).toContain("KvK: 12345678");
    expect(text).toContain("Jansen Catering B.V.");
    expect(text).toContain("t.a.v. Piet Jansen");
    expect(text).toContain("5611 AA Eindhoven");
    expect(rows).toContain("Omschrijving | Aantal | Prijs | BTW | Bedrag");
    expect(rows).toContain("Consultancy | 4 | € 75,00 | 21% | € 300,00");
    expect(rows).toContain("Advies over de nieuwe oven");
    expect(rows).toContain("Boeken | 3 | € 12,50 | 9% | € 37,50");
    expect(rows).toContain("Verzending | 1 | € 6,95 | 21% | € 6,95");
    expect(rows).toContain("Totaal excl. BTW | € 344,45");
    expect(rows).toContain("BTW 21% over € 306,95 | € 64,46");
    expect(rows).toContain("BTW 9% over € 37,50 | € 3,38");
    expect(rows).toContain("Totaal incl. BTW | € 412,29");
    expect(text.indexOf("BTW 21%")).toBeLessThan(text.indexOf("BTW 9%"));
    expect(text).toContain("Betaling");
    expect(text).toContain("NL91 ABNA 0417 1643 00");
    expect(text).toContain("Pagina 1 van 1");
    expect(text).not.toContain("CONCEPT");
    expect(text).not.toContain("verlegd");
    expect(text).not.toContain("Intra-Community");
  });

  it("sets the document info and renders the same bytes every time", async () => {
    const first = await renderDocumentPdf(invoice());
    const second = await renderDocumentPdf(invoice());
    expect(first.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(first.equals(second)).toBe(true);
    const { info } = await readPdf(first);
    expect(info.Title).toBe("Factuur 2024-0001");
    expect(info.Author).toBe("Bakkerij De Korenschoof");
    expect(info.Producer).toBe("Kasboek");
    expect(info.Creator).toBe("Kasboek (sjabloon: Standard)");
    expect(info.CreationDate).toBe("D:20240301000000Z");
  });

  it("prints a quotation with its own labels", async () => {
    const text = allText(await readPdf(await renderDocumentPdf(invoice({ kind: "quotation", dueDate: null }))));
    expect(text).toContain("Offerte");
    expect(text).toContain("Offertenummer | 2024-0001");
    expect(text).toContain("Offertedatum | 01-03-2024");
    expect(text).not.toContain("Factuur");
  });

  it("prints the reverse-charge wording with the customer's VAT number", async () => {
    const document = invoice({
      vatNotice: "reverse_charge",
      contact: {
        name: "Schmidt GmbH",
        address: "Hauptstraße 5",
        zipcode: "10115",
        city: "Berlin",
        country_code: "DE",
        vat_number: "DE123456789",
      },
      lines: [line("Montage", "2", "100", "0")],
    });
    const pdf = await readPdf(await renderDocumentPdf(document));
    const text = allText(pdf);
    expect(text).toContain("BTW verlegd / VAT reverse-charged");
    expect(text).toContain("BTW-nummer afnemer / customer VAT number: DE123456789");
    expect(text).toContain("Hauptstraße 5");
    expect(allRows(pdf)).toContain("DE");
    expect(allRows(pdf)).toContain("BTW 0% over € 200,00 | € 0,00");
  });

  it("prints the intra-EU zero-rated supply wording", async () => {
    const contact = {
      name: "Dupont SA",
      address: null,
      zipcode: null,
      city: "Lyon",
      country_code: "FR",
      vat_number: "FR12345678901",
    };
    const text = allText(await readPdf(await renderDocumentPdf(invoice({ vatNotice: "intra_eu", contact }))));
    expect(text).toContain("Intra-Community supply, 0% VAT, article 138 VAT Directive");
    expect(text).toContain("Intracommunautaire levering, 0% BTW, artikel 138 Btw-richtlijn");
    expect(text).toContain("FR12345678901");
  });

  it("marks a concept as CONCEPT and prints no number", async () => {
    const bytes = await renderDocumentPdf(invoice({ isConcept: true, paymentInstructions: "Binnen 30 dagen." }));
    const pdf = await readPdf(bytes);
    const text = allText(pdf);
    expect(text).toContain("CONCEPT");
    expect(text).not.toContain("2024-0001");
    expect(text).not.toContain("Factuurnummer");
    expect(text).toContain("Factuurdatum | 01-03-2024");
    expect(pdf.info.Title).toBe("Conceptfactuur");
  });

  it("prints the grand total converted to a foreign currency with the rate used", async () => {
    const document = invoice({ currency: { code: "usd", exchangeRate: "1.0856" } });
    const rows = allRows(await readPdf(await renderDocumentPdf(document)));
    // 41229 × 1.0856 = 44758.2024 → 44758
    expect(rows).toContain("Totaal in USD (koers 1,0856) | USD 447,58");
    expect(rows).toContain("Totaal incl. BTW | € 412,29");
  });

  it("prints exact quantities and unit prices and custom rates", async () => {
    const document = invoice({ lines: [line("Stroom", "12.345678", "0.125", "0.125")] });
    const rows = allRows(await readPdf(await renderDocumentPdf(document)));
    expect(rows).toContain("Stroom | 12,345678 | € 0,125 | 12,5% | € 1,54");
  });

  it("wraps long descriptions and shows text outside the standard fonts' range readably", async () => {
    const words = Array.from({ length: 60 }, (_, index) => `woord${index}`);
    const document = invoice({
      lines: [line(words.join(" "), "1", "10", "0.21")],
      contact: { ...CUSTOMER, name: "Łódź Sp. z o.o." },
    });
    const pdf = await readPdf(await renderDocumentPdf(document));
    const rows = allRows(pdf);
    const descriptionRows = rows.filter((row) => row.includes("woord"));
    expect(descriptionRows.length).toBeGreaterThan(2);
    expect(descriptionRows.join(" ")).toContain(words.join(" ").slice(0, 40));
    for (const word of words) expect(allText(pdf)).toContain(word);
    expect(allText(pdf)).toContain("Lódz Sp. z o.o.");
  });

  it("flows 60 lines over several pages, repeating the table header", async () => {
    const lines = Array.from({ length: 60 }, (_, index) =>
      line(`Artikel ${index + 1}`, "2", "10", "0.21", `Detail ${index + 1}`),
    );
    const pdf = await readPdf(await renderDocumentPdf(invoice({ lines })));
    expect(pdf.pages.length).toBeGreaterThan(1);
    for (const [index, page] of pdf.pages.entries()) {
      expect(page.at(-1)).toMatch(new RegExp(`\\| Pagina ${index + 1} van ${pdf.pages.length}$`));
      if (page.some((row) => row.startsWith("Artikel ")))
        expect(page).toContain("Omschrijving | Aantal | Prijs | BTW | Bedrag");
      if (index > 0) expect(page[0]).toBe("Factuur 2024-0001 (vervolg)");
    }
    const rows = allRows(pdf);
    for (let number = 1; number <= 60; number += 1) {
      expect(rows.filter((row) => row === `Artikel ${number} | 2 | € 10,00 | 21% | € 20,00`)).toHaveLength(1);
    }
    expect(pdf.pages.at(-1)).toContain("Totaal incl. BTW | € 1.452,00");
  });

  it("puts the CONCEPT mark on every page of a long concept", async () => {
    const lines = Array.from({ length: 60 }, (_, index) => line(`Artikel ${index + 1}`, "1", "1", "0.21"));
    const pdf = await readPdf(await renderDocumentPdf(invoice({ isConcept: true, lines })));
    expect(pdf.pages.length).toBeGreaterThan(1);
    for (const page of pdf.pages) expect(page).toContain("CONCEPT");
    expect(pdf.pages[1]).toContain("Conceptfactuur (vervolg)");
  });

  it("clips text taller than a page with an ellipsis and goes on with the next line", async () => {
    const huge = Array.from({ length: 3000 }, (_, index) => `w${index}`).join(" ");
    const lines = [
      line("Eerste", "1", "1", "0.21"),
      line(huge, "1", "1", "0.21", huge),
      line("Laatste", "1", "1", "0.21"),
    ];
    const pdf = await readPdf(await renderDocumentPdf(invoice({ lines, paymentInstructions: huge })));
    const rows = allRows(pdf);
    expect(pdf.pages.length).toBeLessThanOrEqual(4);
    expect(rows.filter((row) => /^w\d+ .*…( \||$)/.test(row)).length).toBe(2);
    expect(rows).toContain("Laatste | 1 | € 1,00 | 21% | € 1,00");
    expect(rows).toContain("Totaal incl. BTW | € 3,63");
  });

  it("rejects a malformed date", async () => {
    await expect(renderDocumentPdf(invoice({ date: "2024-02-30" }))).rejects.toThrow(RangeError);
  });
});

describe("vatBreakdown", () => {
  const vatLine = (vat_rate: string, price_without_vat_cents: number, vat_amount_cents: number) => ({
    vat_rate,
    price_without_vat_cents,
    vat_amount_cents,
  });
  it.each([
    { name: "no lines", lines: [], expected: [] },
    {
      name: "21% and 9%, highest first",
      lines: [vatLine("0.09", 3750, 338), vatLine("0.21", 30000, 6300), vatLine("0.21", 695, 146)],
      expected: [
        { vat_rate: "0.21", base_cents: 30695n, vat_cents: 6446n },
        { vat_rate: "0.09", base_cents: 3750n, vat_cents: 338n },
      ],
    },
    {
      name: "equal rates written differently, zero and a credit line",
      lines: [
        vatLine("0.210", 1000, 210),
        vatLine("0", 500, 0),
        vatLine("0.21", -400, -84),
        vatLine("0.125", 800, 100),
      ],
      expected: [
        { vat_rate: "0.21", base_cents: 600n, vat_cents: 126n },
        { vat_rate: "0.125", base_cents: 800n, vat_cents: 100n },
        { vat_rate: "0", base_cents: 500n, vat_cents: 0n },
      ],
    },
    {
      name: "lines of opposite signs past 2^53 cents between them",
      lines: [
        ...Array.from({ length: 11 }, () => vatLine("0.21", 826446280991733, 173553719008264)),
        ...Array.from({ length: 11 }, () => vatLine("0.2", -826446280991733, -165289256198347)),
      ],
      expected: [
        { vat_rate: "0.21", base_cents: 9_090_909_090_909_063n, vat_cents: 1_909_090_909_090_904n },
        { vat_rate: "0.2", base_cents: -9_090_909_090_909_063n, vat_cents: -1_818_181_818_181_817n },
      ],
    },
  ])("$name", ({ lines, expected }) => {
    expect(vatBreakdown(lines)).toEqual(expected);
  });
});
