/**
 * Pure validation of a company as it would be stored (after an update is merged in), per spec
 * 2.1: a name, a known type, and a VAT number whenever the company is VAT liable.
 */
import type { ValidationErrors } from "../../platform/errors.js";

export interface CompanyFields {
  name: string | null;
  country_code: string | null;
  email: string | null;
  vat_liable: boolean;
  vat_number: string | null;
}

const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === "";
}

export function normaliseCountryCode(value: string | null): string | null {
  return isBlank(value) ? null : (value as string).trim().toUpperCase();
}

/** VAT numbers are stored without spaces or dots, upper-case ("NL 1234.56.789.B01" → "NL123456789B01"). */
export function normaliseVatNumber(value: string | null): string | null {
  return isBlank(value) ? null : (value as string).replace(/[\s.-]/g, "").toUpperCase();
}

export function validateCompany(company: CompanyFields, errors: ValidationErrors): void {
  if (isBlank(company.name)) errors.add("name", "can't be blank");
  if (company.country_code !== null && !COUNTRY_CODE_PATTERN.test(company.country_code)) {
    errors.add("country_code", "must be a two-letter ISO 3166-1 country code");
  }
  if (company.email !== null && company.email !== "" && !EMAIL_PATTERN.test(company.email)) {
    errors.add("email", "is not an e-mail address");
  }
  if (company.vat_liable && isBlank(company.vat_number)) {
    errors.add("vat_number", "can't be blank when the company is VAT liable");
  }
}
