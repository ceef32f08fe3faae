/**
 * Country classes the VAT rules need: the member states of the EU's VAT area on a date (ISO codes;
 * Greece is GR as a country and EL only on VAT numbers). Pure; the list changes only by treaty.
 */
const EU_COUNTRY_CODES = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);

/** States that have left, with the last day (YYYY-MM-DD) they were in the EU's VAT area. */
const FORMER_MEMBERS = new Map([
  // the United Kingdom left on 31 January 2020, but stayed in the VAT area to the end of the transition
  ["GB", "2020-12-31"],
]);

/**
 * The member state that issued a VAT number, from its prefix (EL is Greece), or null when the
 * prefix names none on `date`.
 */
export function countryOfVatNumber(vatNumber: string | null, date: string): string | null {
  const prefix = vatNumber?.trim().slice(0, 2).toUpperCase() ?? "";
  const country = prefix === "EL" ? "GR" : prefix;
  return /^[A-Z]{2}$/.test(country) && isEuCountry(country, date) ? country : null;
}

/** Whether the country was in the EU's VAT area on `date` (YYYY-MM-DD, the tax point). */
export function isEuCountry(countryCode: string | null, date: string): boolean {
  if (countryCode === null) return false;
  const code = countryCode.toUpperCase();
  const lastDay = FORMER_MEMBERS.get(code);
  return EU_COUNTRY_CODES.has(code) || (lastDay !== undefined && date <= lastDay);
}
