/**
 * What a company lacks for a Dutch invoice, as the API's publication judges it (sales-invoices
 * `sellerProblems`, art. 35a Wet OB): an address (street, postcode, city), a KvK number, a VAT
 * number while the company is VAT liable, and the IBAN the customer pays to by transfer (the
 * default payment method). Pure, and kept in step with the server's rule by
 * test/web/company-requirements.test.ts, which runs both over the same companies. The name is
 * not listed: the API never stores a company without one.
 */
import type { Schema } from "@kasboek/client";

export type Company = Schema<"Company">;

/** The company attributes an invoice needs, in the order the setup form asks for them. */
export const LEGAL_FIELDS = ["address", "zipcode", "city", "kvk_number", "vat_liable", "vat_number", "iban"] as const;
export type LegalField = (typeof LEGAL_FIELDS)[number];

/** What the company details hold as text (all but the VAT-liable switch). */
export interface RequirementInput {
  address?: string | null | undefined;
  zipcode?: string | null | undefined;
  city?: string | null | undefined;
  kvk_number?: string | null | undefined;
  vat_liable?: boolean | null | undefined;
  vat_number?: string | null | undefined;
  iban?: string | null | undefined;
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === "";

/** The attributes `company` leaves blank that an invoice must state. */
export function missingForInvoices(company: RequirementInput): LegalField[] {
  const missing: LegalField[] = [];
  for (const field of ["address", "zipcode", "city", "kvk_number"] as const) {
    if (blank(company[field])) missing.push(field);
  }
  // the API stores no value as liable: only an explicit false spares the VAT number
  if (company.vat_liable !== false && blank(company.vat_number)) missing.push("vat_number");
  if (blank(company.iban)) missing.push("iban");
  return missing;
}

/** Whether the reader may change the company's details (the company may withhold the scope). */
export function mayEditCompany(company: Company): boolean {
  return company.access_control.allowed_scopes.includes("manage:companies");
}
