/**
 * What a document PDF prints, as plain data: the seller, the customer, the lines with their
 * integer cents, and the notices. The callers (the documents pipeline) fill it from stored rows;
 * the renderer only reads it. Pure types, no code.
 */

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
  isConcept: boolean;
  number: string | null;
  date: string;
  dueDate: string | null;
  company: PrintableParty;
  contact: PrintableParty | null;
  templateName: string;
  currency: { code: string; exchangeRate: string };
  lines: PrintableLine[];
  paymentInstructions: string | null;
  vatNotice: "reverse_charge" | "intra_eu" | null;
  reference: string | null;
}
