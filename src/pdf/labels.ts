/**
 * Every word printed on an invoice or quotation PDF, in one place (Dutch; the users are Dutch
 * small businesses). The legal VAT notices carry the English wording as well, for foreign
 * customers. Pure data.
 */

export interface KindLabels {
  title: string;
  conceptTitle: string;
  number: string;
  date: string;
  dueDate: string;
}

export const KIND_LABELS: Readonly<Record<"invoice" | "quotation", KindLabels>> = {
  invoice: {
    title: "Factuur",
    conceptTitle: "Conceptfactuur",
    number: "Factuurnummer",
    date: "Factuurdatum",
    dueDate: "Vervaldatum",
  },
  quotation: {
    title: "Offerte",
    conceptTitle: "Conceptofferte",
    number: "Offertenummer",
    date: "Offertedatum",
    dueDate: "Geldig tot",
  },
};

export const LABELS = {
  concept: "CONCEPT",
  reference: "Referentie",
  customer: "Aan",
  attention: "t.a.v.",
  kvk: "KvK",
  vatNumber: "BTW-nummer",
  email: "E-mail",
  website: "Website",
  phone: "Telefoon",
  description: "Omschrijving",
  quantity: "Aantal",
  price: "Prijs",
  vat: "BTW",
  amount: "Bedrag",
  totalExclVat: "Totaal excl. BTW",
  vatOver: (rate: string, base: string) => `BTW ${rate} over ${base}`,
  totalInclVat: "Totaal incl. BTW",
  converted: (code: string, rate: string) => `Totaal in ${code.toUpperCase()} (koers ${rate})`,
  continued: "vervolg",
  page: (current: number, count: number) => `Pagina ${current} van ${count}`,
  paymentInstructions: "Betaling",
  reverseCharge: ["BTW verlegd / VAT reverse-charged"],
  intraEu: [
    "Intracommunautaire levering, 0% BTW, artikel 138 Btw-richtlijn",
    "Intra-Community supply, 0% VAT, article 138 VAT Directive",
  ],
  customerVatNumber: "BTW-nummer afnemer / customer VAT number",
  creator: (templateName: string) => `Kasboek (sjabloon: ${templateName})`,
} as const;
