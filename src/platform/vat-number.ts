/**
 * VAT identification numbers, checked in the normalised form `normaliseVatNumber` stores
 * (upper-case, no spaces, dots or dashes). Only the shape per country is checked — which
 * catches typing errors without refusing numbers a tax office may issue tomorrow — except for
 * the Netherlands, whose check digits we verify because Dutch customers are our main case.
 * Whether a number is actually registered is VIES's business, never ours. Pure code.
 */

export type VatNumberCheck = { ok: true } | { ok: false; problem: string };

interface CountryFormat {
  pattern: RegExp;
  /** the shape, for the message: letters and digits as a person would describe them */
  shape: string;
}

/** The formats of the EU member states (Greece as EL), Northern Ireland, the UK, Switzerland and Norway. */
const FORMATS: Record<string, CountryFormat> = {
  AT: { pattern: /^ATU\d{8}$/, shape: "ATU + 8 digits" },
  BE: { pattern: /^BE[01]\d{9}$/, shape: "BE + 10 digits starting with 0 or 1" },
  BG: { pattern: /^BG\d{9,10}$/, shape: "BG + 9 or 10 digits" },
  CY: { pattern: /^CY\d{8}[A-Z]$/, shape: "CY + 8 digits + a letter" },
  CZ: { pattern: /^CZ\d{8,10}$/, shape: "CZ + 8 to 10 digits" },
  DE: { pattern: /^DE\d{9}$/, shape: "DE + 9 digits" },
  DK: { pattern: /^DK\d{8}$/, shape: "DK + 8 digits" },
  EE: { pattern: /^EE\d{9}$/, shape: "EE + 9 digits" },
  EL: { pattern: /^EL\d{9}$/, shape: "EL + 9 digits" },
  ES: {
    pattern: /^ES(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
    shape: "ES + 9 characters: a letter or digit, 7 digits, a letter or digit (not all digits)",
  },
  FI: { pattern: /^FI\d{8}$/, shape: "FI + 8 digits" },
  FR: { pattern: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/, shape: "FR + 2 check characters + 9 digits" },
  HR: { pattern: /^HR\d{11}$/, shape: "HR + 11 digits" },
  HU: { pattern: /^HU\d{8}$/, shape: "HU + 8 digits" },
  IE: {
    pattern: /^IE(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
    shape: "IE + 7 digits + 1 or 2 letters",
  },
  IT: { pattern: /^IT\d{11}$/, shape: "IT + 11 digits" },
  LT: { pattern: /^LT(?:\d{9}|\d{12})$/, shape: "LT + 9 or 12 digits" },
  LU: { pattern: /^LU\d{8}$/, shape: "LU + 8 digits" },
  LV: { pattern: /^LV\d{11}$/, shape: "LV + 11 digits" },
  MT: { pattern: /^MT\d{8}$/, shape: "MT + 8 digits" },
  NL: { pattern: /^NL\d{9}B\d{2}$/, shape: "NL + 9 digits + B + 2 digits" },
  PL: { pattern: /^PL\d{10}$/, shape: "PL + 10 digits" },
  PT: { pattern: /^PT\d{9}$/, shape: "PT + 9 digits" },
  RO: { pattern: /^RO[1-9]\d{1,9}$/, shape: "RO + 2 to 10 digits" },
  SE: { pattern: /^SE\d{10}01$/, shape: "SE + 12 digits ending in 01" },
  SI: { pattern: /^SI\d{8}$/, shape: "SI + 8 digits" },
  SK: { pattern: /^SK\d{10}$/, shape: "SK + 10 digits" },
  XI: { pattern: /^XI(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/, shape: "XI + 9 or 12 digits" },
  GB: { pattern: /^GB(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/, shape: "GB + 9 or 12 digits" },
  CH: { pattern: /^CHE\d{9}(?:MWST|TVA|IVA)$/, shape: "CHE + 9 digits + MWST, TVA or IVA" },
  NO: { pattern: /^NO\d{9}MVA$/, shape: "NO + 9 digits + MVA" },
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

function checkDutch(vatNumber: string): VatNumberCheck {
  const digits = vatNumber.slice(2, 11);
  if (passesElevenTest(digits) || passesMod97Test(vatNumber)) return { ok: true };
  return { ok: false, problem: "is not a valid Dutch VAT number (its check digits do not match)" };
}

/** Checks a normalised VAT number; the problem reads after the attribute name ("vat_number …"). */
export function checkVatNumber(normalised: string): VatNumberCheck {
  const prefix = normalised.slice(0, 2);
  if (prefix === "GR") {
    return { ok: false, problem: "must start with EL for Greece (the VAT prefix is EL, not GR)" };
  }
  const format = FORMATS[prefix];
  if (!/^[A-Z]{2}/.test(prefix) || format === undefined) {
    return { ok: false, problem: "must start with the country code of an EU member state, XI, GB, CH or NO" };
  }
  if (!format.pattern.test(normalised)) {
    return { ok: false, problem: `is not a valid VAT number for ${prefix} (expected ${format.shape})` };
  }
  return prefix === "NL" ? checkDutch(normalised) : { ok: true };
}
