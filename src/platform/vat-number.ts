/**
 * VAT identification numbers, checked in the normalised form `normaliseVatNumber` stores
 * (upper-case, no spaces, dots or dashes). Only the shape per country is checked — which
 * catches typing errors without refusing numbers a tax office may issue tomorrow — except for
 * the Netherlands, whose check digits we verify because Dutch customers are our main case.
 * Whether a number is actually registered is VIES's business, never ours. Pure code.
 */
import { type Problem, VAT_COUNTRIES, type VatCountry } from "./catalogue/keys.js";

export type VatNumberCheck = { ok: true } | { ok: false; problem: Problem };

/**
 * The pattern of each country's VAT numbers (Greece as EL); the catalogues describe each shape
 * in words (catalogue/en.ts `VAT_NUMBER_SHAPES`).
 */
const PATTERNS: Record<VatCountry, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(?:\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO[1-9]\d{1,9}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  GB: /^GB(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  CH: /^CHE\d{9}(?:MWST|TVA|IVA)$/,
  NO: /^NO\d{9}MVA$/,
};

/**
 * The check of VAT numbers issued until 2020 (the RSIN with the eleven-test): the first eight
 * digits weighted 9 down to 2, minus the ninth, is a multiple of 11.
 */
export function passesElevenTest(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits) || /^0+$/.test(nineDigits)) return false;
  let sum = 0;
  for (let index = 0; index < 9; index++) {
    const digit = Number(nineDigits[index]);
    sum += index < 8 ? digit * (9 - index) : -digit;
  }
  return sum % 11 === 0;
}

/**
 * The check of VAT numbers issued to sole proprietors since 2020: the whole number, with
 * letters as two digits (A = 10 … N = 23, L = 21, B = 11), is 1 modulo 97 (as in IBAN).
 */
export function passesMod97Test(vatNumber: string): boolean {
  if (!/^NL\d{9}B\d{2}$/.test(vatNumber)) return false;
  let remainder = 0;
  for (const character of vatNumber) {
    const value = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function isVatCountry(prefix: string): prefix is VatCountry {
  return (VAT_COUNTRIES as readonly string[]).includes(prefix);
}

function checkDutch(vatNumber: string): VatNumberCheck {
  const digits = vatNumber.slice(2, 11);
  if (passesElevenTest(digits) || passesMod97Test(vatNumber)) return { ok: true };
  return { ok: false, problem: { key: "dutchVatCheckDigits" } };
}

/** Checks a normalised VAT number; the problem reads after the attribute name ("vat_number …"). */
export function checkVatNumber(normalised: string): VatNumberCheck {
  const prefix = normalised.slice(0, 2);
  if (prefix === "GR") {
    return { ok: false, problem: { key: "greekVatPrefix" } };
  }
  if (!isVatCountry(prefix)) return { ok: false, problem: { key: "vatCountry" } };
  if (!PATTERNS[prefix].test(normalised)) return { ok: false, problem: { key: "vatNumberShape", country: prefix } };
  return prefix === "NL" ? checkDutch(normalised) : { ok: true };
}
