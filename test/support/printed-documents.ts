/**
 * Reading back the PDFs src/pdf renders, and the documents the PDF suites print
 * (src/pdf/render.test.ts, render-rules.test.ts). Test code only.
 */
import Big from "big.js";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PrintableDocument, PrintableLine, PrintableParty } from "../../src/pdf/printable.js";
export interface ReadPdf {
  /** Per page, the text rows top to bottom; the items of one row joined with " | ", left to right. */
  pages: string[][];
  info: Record<string, unknown>;
}

export async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS }).promise;
  const pages: string[][] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    const rows = new Map<number, Array<{ x: number; text: string }>>();
    for (const item of content.items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const [, , , , x = 0, y = 0] = item.transform as number[];
      const key = Math.round(y);
      rows.set(key, [...(rows.get(key) ?? []), { x, text: item.str.trim() }]);
    }
    pages.push(
      [...rows.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, items]) =>
          items
            .sort((a, b) => a.x - b.x)
            .map((item) => item.text)
            .join(" | "),
        ),
    );
  }
  const metadata = await pdf.getMetadata();
  await pdf.destroy();
  return { pages, info: metadata.info as Record<string, unknown> };
}

export const allRows = (pdf: ReadPdf) => pdf.pages.flat();
export const allText = (pdf: ReadPdf) => allRows(pdf).join("\n");

/** A line with the totals of docs/bookkeeping.md 4 (round half away from zero). */
export function line(description: string, quantity: string, price: string, rate: string, extended = ""): PrintableLine {
  const withoutVat = Number(new Big(quantity).times(price).times(100).round(0, Big.roundHalfUp).toFixed(0));
  const vat = Number(new Big(withoutVat).times(rate).round(0, Big.roundHalfUp).toFixed(0));
  return {
    description,
    extended_description: extended === "" ? null : extended,
    quantity,
    price_per_unit: price,
    vat_rate: rate,
    price_without_vat_cents: withoutVat,
    vat_amount_cents: vat,
    price_with_vat_cents: withoutVat + vat,
  };
}

export const CUSTOMER: PrintableParty = {
  name: "Jansen Catering B.V.",
  contact_person_name: "Piet Jansen",
  address: "Kerkplein 7",
  zipcode: "5611 AA",
  city: "Eindhoven",
  country_code: "NL",
};

export function invoice(overrides: Partial<PrintableDocument> = {}): PrintableDocument {
  return {
    kind: "invoice",
    language: "nl",
    isConcept: false,
    number: "2024-0001",
    date: "2024-03-01",
    deliveryDate: null,
    dueDate: "2024-03-31",
    company: {
      name: "Bakkerij De Korenschoof",
      address: "Dorpsstraat 1",
      zipcode: "1234 AB",
      city: "Utrecht",
      country_code: "NL",
      vat_number: "NL001234567B01",
      kvk_number: "12345678",
      email: "info@korenschoof.nl",
    },
    contact: CUSTOMER,
    templateName: "Standard",
    currency: { code: "eur", exchangeRate: "1" },
    lines: [
      line("Consultancy", "4", "75", "0.21", "Advies over de nieuwe oven"),
      line("Boeken", "3", "12.5", "0.09"),
      line("Verzending", "1", "6.95", "0.21"),
    ],
    paymentInstructions: "Gelieve € 412,29 binnen 30 dagen over te maken op NL91 ABNA 0417 1643 00 o.v.v. 2024-0001.",
    vatNotice: null,
    smallBusinessScheme: false,
    creditedInvoiceNumber: null,
    reference: "PO-778",
    paymentQr: null,
    ...overrides,
  };
}
