/**
 * Currencies of documents: lower-case ISO 4217 codes. They are presentation only:
 * every stored amount is in euro. Pure code.
 */

export const EURO = "eur";

/** Currencies are lower-case ISO 4217 codes that the runtime knows. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[a-z]{3}$/.test(code)) return false;
  return Intl.supportedValuesOf("currency").includes(code.toUpperCase());
}

/** A given currency in its stored form ("EUR " → "eur"); the problem is recorded when it is not one. */
export function normaliseCurrency(given: string | null | undefined, stored: string): string {
  return (given ?? stored).trim().toLowerCase();
}
