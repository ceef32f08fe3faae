/**
 * Pure validation of a company as it would be stored (after an update is merged in), per spec
 * 2.1: a name, a known type, and a VAT number whenever the company is VAT liable; and, for the
 * Kasboek extensions, a well-formed IBAN and BIC when given. Values arrive normalised (see
 * `normaliseIban`, `normaliseBic`), so each check sees the form that would be stored.
 */
import type { ValidationErrors } from "../../platform/errors.js";
import { checkBic, checkIban } from "../../platform/iban.js";
import { isBlank, isCountryCode, isEmailAddress } from "../../platform/text.js";

export interface CompanyFields {
  name: string | null;
  country_code: string | null;
  email: string | null;
  vat_liable: boolean;
  vat_number: string | null;
  iban: string | null;
  bic: string | null;
}

export function validateCompany(company: CompanyFields, errors: ValidationErrors): void {
  if (isBlank(company.name)) errors.add("name", { key: "blank" });
  if (company.country_code !== null && !isCountryCode(company.country_code)) {
    errors.add("country_code", { key: "countryCode" });
  }
  if (!isBlank(company.email) && !isEmailAddress(company.email)) errors.add("email", { key: "emailAddress" });
  if (company.vat_liable && isBlank(company.vat_number)) {
    errors.add("vat_number", { key: "blankWhenVatLiable" });
  }
  if (company.iban !== null) {
    const check = checkIban(company.iban);
    if (!check.ok) errors.add("iban", check.problem);
  }
  if (company.bic !== null) {
    const check = checkBic(company.bic);
    if (!check.ok) errors.add("bic", check.problem);
  }
}
