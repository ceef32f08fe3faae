/**
 * Small text rules shared by resources: blankness, e-mail addresses, country codes, VAT numbers
 * in their stored form, and which strings are text a database keeps exactly as sent. Pure code.
 */

import type { Problem } from "./catalogue/keys.js";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

export function isBlank(value: string | null | undefined): value is null | undefined | "" {
  return value === null || value === undefined || value.trim() === "";
}

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** ISO 3166-1 alpha-2 after normalisation ("nl" → "NL"). */
export function isCountryCode(value: string): boolean {
  return COUNTRY_CODE_PATTERN.test(value);
}

export function normaliseCountryCode(value: string | null): string | null {
  return isBlank(value) ? null : value.trim().toUpperCase();
}

/** VAT numbers are stored without spaces, dots or dashes, upper-case ("nl 1234.56.789.b01" → "NL123456789B01"). */
export function normaliseVatNumber(value: string | null): string | null {
  return isBlank(value) ? null : value.replace(/[\s.-]/g, "").toUpperCase();
}

// With the u flag a surrogate pair is one code point outside this class, so only a lone half
// matches (String.prototype.isWellFormed is not in Node 20).
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when `value` holds a UTF-16 surrogate without its other half: no Unicode text at all. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * Why `value` cannot be stored as sent, or null when it can. PostgreSQL cannot hold U+0000 in
 * text (SQLite can); a lone surrogate would be stored changed on both (SQLite writes bytes that
 * are not UTF-8 and reads back three U+FFFD, PostgreSQL's driver sends one). Every text a
 * request hands to the database passes here: the schemas refuse it wherever it is sent, in a
 * body, a path or a query string (validation.ts `readAs`).
 */
export function unstorableTextProblem(value: string): Problem | null {
  if (value.includes("\u0000")) return { key: "noNul" };
  if (hasLoneSurrogate(value)) return { key: "notText" };
  return null;
}
