/**
 * The structured creditor reference of ISO 11649 ("RF reference"): `RF`, two check digits and a
 * body of at most 21 letters and digits, which banks carry unchanged from payer to payee — so a
 * payment that quotes it is matched to its invoice with certainty. Pure code.
 *
 * Invariants: `creditorReference` is a function of the company id and the invoice number alone
 * (so it needs no column: a published invoice's number never changes), and is null only when
 * the two do not fit in 21 characters; its body reads back with `invoiceOfReference`, and every
 * reference it makes passes `isCreditorReference`.
 *
 * The check digits are computed by character code, as every invoice an answer shows has its
 * reference computed: part of 0.38 → 0.42 of raw for the PostgreSQL reads of the mixed workload
 * (bench/RESULTS.md, "Mixed multi-tenant workload (issue 27): after the session of 2026-11-27").
 */

const MAX_BODY_LENGTH = 21;
/** Separates the company id from the invoice number's letters and digits in the body. */
const SEPARATOR = "X";

/**
 * ISO 7064 mod 97-10 over upper-case letters (A=10 … Z=35, two digits each) and digits, piecewise
 * so no number grows large. By character code, without a string per character: every invoice an
 * answer shows computes its reference.
 */
function mod97(text: string): number {
  let remainder = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    remainder = code >= 65 ? (remainder * 100 + code - 55) % 97 : (remainder * 10 + code - 48) % 97;
  }
  return remainder;
}

function withCheckDigits(body: string): string {
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, "0")}${body}`;
}

/** `RF18539007547034` or `rf18 5390 0754 7034`: a valid creditor reference. */
export function isCreditorReference(text: string): boolean {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(compact)) return false;
  return mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1;
}

/** The invoice's RF reference (company 12, invoice 2026-0042 → `RF…12X20260042`), or null when too long. */
export function creditorReference(companyId: number, invoiceNumber: string): string | null {
  const body = `${companyId}${SEPARATOR}${invoiceNumberKey(invoiceNumber)}`;
  return body.length > MAX_BODY_LENGTH ? null : withCheckDigits(body);
}

/** What a valid reference of `creditorReference` names, or null for any other text. */
export function invoiceOfReference(text: string): { companyId: number; invoiceNumberKey: string } | null {
  if (!isCreditorReference(text)) return null;
  const body = text.replace(/\s+/g, "").toUpperCase().slice(4);
  const match = /^([1-9]\d*)X([A-Z0-9]+)$/.exec(body);
  if (match === null) return null;
  return { companyId: Number(match[1]), invoiceNumberKey: match[2] ?? "" };
}

/** An invoice number as the reference body carries it: its letters and digits, upper-case. */
export function invoiceNumberKey(invoiceNumber: string): string {
  return invoiceNumber.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/**
 * Every valid RF reference in free text (a remittance), normalised. People write one in groups of
 * four and may let a word follow it, so from each `RF` the longest valid reading is taken.
 */
export function creditorReferencesIn(text: string): string[] {
  const upper = text.toUpperCase();
  const found: string[] = [];
  for (const start of upper.matchAll(/RF\d{2}/g)) {
    const following = upper.slice((start.index ?? 0) + 4).match(/^(?:\s?[A-Z0-9]){1,21}/)?.[0] ?? "";
    const characters = following.replace(/\s+/g, "");
    for (let length = characters.length; length > 0; length--) {
      const candidate = `${start[0]}${characters.slice(0, length)}`;
      if (isCreditorReference(candidate)) {
        found.push(candidate);
        break;
      }
    }
  }
  return found;
}
