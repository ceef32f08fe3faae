/**
 * Country classes the VAT rules need: the member states of the EU (ISO codes; Greece is GR as a
 * country and EL only on VAT numbers). Pure; the list changes only by treaty.
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

export function isEuCountry(countryCode: string | null): boolean {
  return countryCode !== null && EU_COUNTRY_CODES.has(countryCode.toUpperCase());
}
