/**
 * The Dutch catalogue: every word printed on an invoice or quotation for a customer in the
 * Netherlands (or of unknown country). The legal VAT notices carry the English wording as well,
 * as they always have. Pure data.
 */
import type { Labels } from "./printable.js";

export const NL: Labels = {
  kinds: {
    invoice: {
      title: "Factuur",
      conceptTitle: "Conceptfactuur",
      number: "Factuurnummer",
      date: "Factuurdatum",
      dueDate: "Vervaldatum",
    },
    credit: {
      title: "Creditfactuur",
      conceptTitle: "Conceptcreditfactuur",
      // a credit invoice is numbered in the invoice series: its number is a factuurnummer
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
  },
  concept: "CONCEPT",
  reference: "Referentie",
  deliveryDate: "Leverdatum",
  correctsInvoice: "Correctie op factuur",
  customer: "Aan",
  attention: "t.a.v.",
  kvk: "KvK",
  vatNumber: "BTW-nummer",
  iban: "IBAN",
  bic: "BIC",
  email: "E-mail",
  website: "Website",
  phone: "Telefoon",
  description: "Omschrijving",
  quantity: "Aantal",
  price: "Prijs",
  vat: "BTW",
  amount: "Bedrag",
  totalExclVat: "Totaal excl. BTW",
  vatOver: (rate, base) => `BTW ${rate} over ${base}`,
  totalInclVat: "Totaal incl. BTW",
  converted: (code, rate) => `Totaal in ${code.toUpperCase()} (koers ${rate})`,
  continued: "vervolg",
  page: (current, count) => `Pagina ${current} van ${count}`,
  paymentInstructions: "Betaling",
  scanToPay: "Scan de code met uw bankapp om te betalen.",
  reverseCharge: ["BTW verlegd / VAT reverse-charged"],
  intraEu: [
    "Intracommunautaire levering, 0% BTW, artikel 138 Btw-richtlijn",
    "Intra-Community supply, 0% VAT, article 138 VAT Directive",
  ],
  smallBusinessScheme: ["Vrijgesteld van omzetbelasting op grond van artikel 25 Wet OB"],
  customerVatNumber: "BTW-nummer afnemer / customer VAT number",
  creator: (templateName) => `Kasboek (sjabloon: ${templateName})`,
  payment: {
    transfer: ({ amount, dueDate, account, invoiceNumber, reference }) => {
      let text = `Gelieve ${amount} vóór ${dueDate} over te maken`;
      if (account !== null) {
        text += ` op ${account.iban}`;
        if (account.bic !== null) text += ` (BIC ${account.bic})`;
        if (account.holder !== null) text += ` t.n.v. ${account.holder}`;
      }
      if (reference !== null) text += ` onder vermelding van betalingskenmerk ${reference}`;
      else if (invoiceNumber !== null) text += ` onder vermelding van factuurnummer ${invoiceNumber}`;
      return `${text}.`;
    },
    online: (amount, dueDate) => `Gelieve ${amount} vóór ${dueDate} online te betalen.`,
    alreadyPaid: "Deze factuur is al betaald.",
    refund: (amount) => `Het bedrag van ${amount} wordt aan u terugbetaald of verrekend.`,
  },
};
