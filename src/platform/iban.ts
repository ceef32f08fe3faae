/**
 * Bank identifiers a Dutch invoice prints so the customer can pay: the IBAN (ISO 13616) and
 * the BIC (ISO 9362). Both are checked in the normalised form the `normalise*` functions
 * return, which is also the stored form: upper-case, without spaces. An IBAN is accepted when
 * its country is in the IBAN registry, its length is that country's and its check digits hold
 * (ISO 7064 mod 97-10); the national account number inside is the bank's business, not ours,
 * so its structure is not checked. Pure code.
 */
import type { Problem } from "./catalogue/keys.js";

export type BankIdCheck = { ok: true } | { ok: false; problem: Problem };

/**
 * IBAN lengths per country of the SWIFT IBAN registry (every SEPA country and the rest).
 * Overseas territories that use their mother country's IBANs (Réunion, Åland, …) need no row:
 * their IBANs start with FR, FI, ….
 */
// biome-ignore format: one table, alphabetical, reads best as rows
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24,
  SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** People write IBANs in groups of four and BICs sometimes spaced; neither has spaces inside. */
function normalised(value: string | null): string | null {
  if (value === null) return null;
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return compact === "" ? null : compact;
}

/** "nl91 abna 0417 1643 00" → "NL91ABNA0417164300"; blank → null. */
export function normaliseIban(value: string | null): string | null {
  return normalised(value);
}

/** "abnanl2a" → "ABNANL2A"; blank → null. */
export function normaliseBic(value: string | null): string | null {
  return normalised(value);
}

/** The IBAN with its first four characters moved to the end, letters as numbers (A = 10 … Z = 35), modulo 97. */
function ibanRemainder(iban: string): number {
  let remainder = 0;
  for (const character of `${iban.slice(4)}${iban.slice(0, 4)}`) {
    // Digit by digit keeps the number small: an IBAN is far longer than a safe integer.
    const value = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Checks a normalised IBAN; the problem reads after the attribute name ("iban …"). */
export function checkIban(iban: string): BankIdCheck {
  if (!/^[A-Z0-9]+$/.test(iban)) return { ok: false, problem: { key: "lettersAndDigitsOnly" } };
  const country = iban.slice(0, 2);
  const length = /^[A-Z]{2}$/.test(country) ? IBAN_LENGTHS[country] : undefined;
  if (length === undefined) {
    return { ok: false, problem: { key: "ibanCountry" } };
  }
  if (iban.length !== length) {
    return { ok: false, problem: { key: "ibanLength", country, expected: length, actual: iban.length } };
  }
  // Check digits are 02 to 98 by construction; 00, 01 and 99 can still satisfy mod 97 by accident.
  const checkDigits = iban.slice(2, 4);
  if (!/^\d{2}$/.test(checkDigits) || checkDigits < "02" || checkDigits > "98" || ibanRemainder(iban) !== 1) {
    return { ok: false, problem: { key: "ibanCheckDigits" } };
  }
  return { ok: true };
}

/** 4 letters of the bank, 2 of the country, 2 letters or digits of the location, optionally 3 of the branch. */
const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;

/** Checks a normalised BIC; the problem reads after the attribute name ("bic …"). */
export function checkBic(bic: string): BankIdCheck {
  if (BIC_PATTERN.test(bic)) return { ok: true };
  return { ok: false, problem: { key: "bicFormat" } };
}
