/**
 * Pure rules of a sales invoice: defaults, the invoice number format, payment status, when a
 * VAT number is required, and the payment instructions with their placeholders filled. No
 * database, no clock, no environment.
 */
import type { Problem, SellerRequirement } from "../../platform/catalogue/keys.js";
import { isEuCountry } from "../../platform/countries.js";
import { creditorReference } from "../../platform/creditor-reference.js";
import { addDays, isSupportedDate, LAST_DATE } from "../../platform/dates.js";
import { centsToDecimal } from "../../platform/money.js";
import type { PaymentStatus } from "./schemas.js";

export const DEFAULT_PAYMENT_TERM_DAYS = 30;
export const EARLIEST_INVOICE_DATE = "1990-01-01";

/** The date plus the payment term, cut at the last supported date (a later one could not be stored). */
export function defaultDueDate(date: string): string {
  const due = addDays(date, DEFAULT_PAYMENT_TERM_DAYS);
  return isSupportedDate(due) ? due : LAST_DATE;
}

/** Numbers run per calendar year of the invoice date: 2024-0001, 2024-0002, … */
export function invoiceNumberSeries(date: string): string {
  return `sales_invoice:${date.slice(0, 4)}`;
}

export function formatInvoiceNumber(date: string, sequence: number): string {
  return `${date.slice(0, 4)}-${String(sequence).padStart(4, "0")}`;
}

/** The RF reference of an invoice once it has a number (platform/creditor-reference.ts); null before. */
export function invoiceCreditorReference(invoice: {
  company_id: number;
  status: string;
  invoice_number: string | null;
}): string | null {
  if (invoice.status === "concept" || invoice.invoice_number === null) return null;
  return creditorReference(invoice.company_id, invoice.invoice_number);
}

/** What is still open: the total less what was paid (bigint: the payments may add up past 2^53 cents). */
export function openAmountCents(totalCents: number, paidCents: bigint): bigint {
  return BigInt(totalCents) - paidCents;
}

/**
 * paid at zero; unpaid while something is owed; overpaid when more came in than was owed. A credit
 * invoice (negative total) is mirrored: what is owed is a refund, so the signs flip.
 */
export function paymentStatus(totalCents: number, paidCents: bigint): PaymentStatus {
  const open = openAmountCents(totalCents, paidCents);
  const owed = totalCents < 0 ? -open : open;
  if (owed === 0n) return "paid";
  return owed > 0n ? "unpaid" : "overpaid";
}

/** Why the invoice needs the customer's VAT number, or null when it does not. */
export function vatNumberRequirement(
  vatTypeNames: readonly string[],
  contactCountryCode: string | null,
  invoiceDate: string,
): "reverse_charge" | "intra_eu" | null {
  if (vatTypeNames.includes("vat_reverse_charged")) return "reverse_charge";
  const country = contactCountryCode?.toUpperCase() ?? null;
  if (vatTypeNames.includes("vat_zero") && isEuCountry(country, invoiceDate) && country !== "NL") return "intra_eu";
  return null;
}

export interface PaymentInstructionValues {
  invoiceNumber: string | null;
  amountCents: number;
  dueDate: string;
}

/**
 * Placeholders a custom payment instruction may carry: {invoice_number}, {amount} (the total in
 * euro) and {due_date}. Unknown placeholders are left as written.
 */
export function fillPaymentInstructions(template: string, values: PaymentInstructionValues): string {
  const replacements: Record<string, string> = {
    invoice_number: values.invoiceNumber ?? "",
    amount: centsToDecimal(values.amountCents),
    due_date: values.dueDate,
  };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => replacements[name] ?? whole);
}

/** What a published invoice still accepts: new payments and the references of API clients. */
export const EDITABLE_WHEN_PUBLISHED: ReadonlySet<string> = new Set([
  "payments",
  "api_reference",
  "payment_reference",
  "_publish",
]);

/** What the invoice rules ask of the seller (the company), as stored. */
export interface Seller {
  name: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  kvk_number: string | null;
  vat_liable: boolean;
  vat_number: string | null;
  iban: string | null;
}

function blank(value: string | null): boolean {
  return value === null || value.trim() === "";
}

/**
 * What a Dutch invoice must state about the seller (Belastingdienst "factuureisen", art. 35a Wet
 * OB) that the company lacks, as [attribute, problem] pairs named under `company.`: name and
 * address, KvK number, the VAT number when VAT-liable, and the IBAN when the customer is asked to
 * pay by transfer.
 */
export function sellerProblems(seller: Seller, paymentMethod: string): Array<[string, Problem]> {
  const problems: Array<[string, Problem]> = [];
  const needed = (attribute: keyof Seller, value: string | null, requirement: SellerRequirement) => {
    if (blank(value)) problems.push([`company.${attribute}`, { key: "blankForSeller", requirement }]);
  };
  needed("name", seller.name, "name");
  needed("address", seller.address, "address");
  needed("zipcode", seller.zipcode, "address");
  needed("city", seller.city, "address");
  needed("kvk_number", seller.kvk_number, "kvkNumber");
  if (seller.vat_liable) needed("vat_number", seller.vat_number, "vatNumber");
  if (paymentMethod === "pay_transfer") needed("iban", seller.iban, "transferAccount");
  return problems;
}
