/**
 * Small text rules shared by resources: blankness, e-mail addresses, country codes and VAT
 * numbers in their stored form. Pure code.
 */

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
