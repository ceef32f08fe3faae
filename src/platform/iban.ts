/**
 * Bank identifiers a Dutch invoice prints so the customer can pay: the IBAN (ISO 13616) and
 * the BIC (ISO 9362). Both are checked in the normalised form the `normalise*` functions
 * return, which is also the stored form: upper-case, without spaces. Whether a value is valid
 * is ibantools' answer (its country table: lengths, account number formats and, where a
 * country has them, national check digits, besides the ISO 7064 mod 97-10 check digits); this
 * file only puts that answer into the words of our problems. Pure code.
 */

import { countrySpecs, ValidationErrorsBIC, ValidationErrorsIBAN, validateBIC, validateIBAN } from "ibantools";
import type { Problem } from "./catalogue/keys.js";

export type BankIdCheck = { ok: true } | { ok: false; problem: Problem };

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

/**
 * The one problem of an invalid IBAN the user can act on first: the country, then the length,
 * then the account number's format and its own check digits, then the IBAN's check digits.
 */
function ibanProblem(iban: string, codes: readonly ValidationErrorsIBAN[]): BankIdCheck {
  const country = iban.slice(0, 2);
  const length = countrySpecs[country]?.chars;
  if (codes.includes(ValidationErrorsIBAN.NoIBANCountry) || length === undefined) {
    return { ok: false, problem: { key: "ibanCountry" } };
  }
  if (codes.includes(ValidationErrorsIBAN.WrongBBANLength)) {
    return { ok: false, problem: { key: "ibanLength", country, expected: length, actual: iban.length } };
  }
  if (codes.includes(ValidationErrorsIBAN.WrongBBANFormat)) {
    return { ok: false, problem: { key: "ibanAccountFormat" } };
  }
  if (codes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) {
    return { ok: false, problem: { key: "ibanAccountCheckDigits" } };
  }
  return { ok: false, problem: { key: "ibanCheckDigits" } };
}

/** Checks a normalised IBAN; the problem reads after the attribute name ("iban …"). */
export function checkIban(iban: string): BankIdCheck {
  // a dash or dot would only surface as a wrong length or format; this says what is wrong
  if (!/^[A-Z0-9]+$/.test(iban)) return { ok: false, problem: { key: "lettersAndDigitsOnly" } };
  const { valid, errorCodes } = validateIBAN(iban);
  return valid ? { ok: true } : ibanProblem(iban, errorCodes);
}

/** Checks a normalised BIC; the problem reads after the attribute name ("bic …"). */
export function checkBic(bic: string): BankIdCheck {
  const { valid, errorCodes } = validateBIC(bic);
  if (valid) return { ok: true };
  if (errorCodes.includes(ValidationErrorsBIC.NoBICCountry) && /^[A-Z]{2}$/.test(bic.slice(4, 6))) {
    return { ok: false, problem: { key: "bicCountry" } };
  }
  return { ok: false, problem: { key: "bicFormat" } };
}
