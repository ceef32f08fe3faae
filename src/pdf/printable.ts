/**
 * What a document PDF prints, as plain data: the seller, the customer, the lines with their
 * integer cents, the notices, and the words to print them with (`Labels`, one catalogue per
 * language). The callers (the documents pipeline) fill it from stored rows; the renderer only
 * reads it. Pure types, no code.
 */

/** The language of a printed document: Dutch, or English for a customer abroad. */
export type Language = "nl" | "en";

export interface PrintableParty {
  name: string | null;
  contact_person_name?: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  country_code: string | null;
  vat_number?: string | null;
  kvk_number?: string | null;
  email?: string | null;
  website?: string | null;
  contact_number?: string | null;
  /** the seller's bank account, as stored (upper-case, no spaces); printed grouped in fours */
  iban?: string | null;
  bic?: string | null;
}

export interface PrintableLine {
  description: string | null;
  extended_description: string | null;
  quantity: string;
  price_per_unit: string;
  vat_rate: string;
  price_without_vat_cents: number;
  vat_amount_cents: number;
  price_with_vat_cents: number;
}

export interface PrintableDocument {
  kind: "invoice" | "quotation";
  language: Language;
  isConcept: boolean;
  number: string | null;
  date: string;
  /** the date of supply; printed only when it differs from `date` */
  deliveryDate: string | null;
  dueDate: string | null;
  company: PrintableParty;
  contact: PrintableParty | null;
  templateName: string;
  currency: { code: string; exchangeRate: string };
  lines: PrintableLine[];
  paymentInstructions: string | null;
  vatNotice: "reverse_charge" | "intra_eu" | null;
  /** the seller is not VAT-liable (KOR, article 25 Wet OB): say so, and print no zero-rate VAT rows */
  smallBusinessScheme: boolean;
  /** the number of the invoice a credit invoice corrects */
  creditedInvoiceNumber: string | null;
  reference: string | null;
  /** the SEPA QR code's payload (sepa-qr.ts), printed beside the payment instruction; null: none */
  paymentQr: string | null;
}

/** The words of one kind of document: an invoice, a credit invoice (negative total) or a quotation. */
export interface KindLabels {
  title: string;
  conceptTitle: string;
  number: string;
  date: string;
  dueDate: string;
}

/** The default payment lines of an invoice; amounts and dates arrive formatted. */
export interface PaymentLabels {
  /** a request to pay by bank transfer, to the account when known, quoting the number when there is one */
  transfer: (values: {
    amount: string;
    dueDate: string;
    account: { iban: string; bic: string | null; holder: string | null } | null;
    invoiceNumber: string | null;
    /** the invoice's RF reference, quoted instead of the number when there is one */
    reference: string | null;
  }) => string;
  online: (amount: string, dueDate: string) => string;
  alreadyPaid: string;
  /** a credit invoice asks nothing of the customer: the (positive) amount goes back to them */
  refund: (amount: string) => string;
}

/** Every word printed on a document, in one language. */
export interface Labels {
  kinds: Readonly<Record<"invoice" | "credit" | "quotation", KindLabels>>;
  concept: string;
  reference: string;
  deliveryDate: string;
  correctsInvoice: string;
  customer: string;
  attention: string;
  kvk: string;
  vatNumber: string;
  iban: string;
  bic: string;
  email: string;
  website: string;
  phone: string;
  description: string;
  quantity: string;
  price: string;
  vat: string;
  amount: string;
  totalExclVat: string;
  vatOver: (rate: string, base: string) => string;
  totalInclVat: string;
  converted: (code: string, rate: string) => string;
  continued: string;
  page: (current: number, count: number) => string;
  paymentInstructions: string;
  /** beside the SEPA QR code */
  scanToPay: string;
  reverseCharge: readonly string[];
  intraEu: readonly string[];
  smallBusinessScheme: readonly string[];
  customerVatNumber: string;
  creator: (templateName: string) => string;
  payment: PaymentLabels;
}
