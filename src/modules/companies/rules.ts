/**
 * Pure validation of a company's details, one place for the API, `kasboek bootstrap` and
 * `kasboek companies update`. What must be present is judged on the company as it would be
 * stored (after an update is merged in): a name, and a VAT number whenever the
 * company is VAT liable. What must be well-formed is judged on the values a write gives: the
 * country code, the e-mail address, the KvK number (8 digits), the VAT number (its country's
 * format, and the check digits of a Dutch one), and the Kasboek extensions IBAN and BIC; a
 * blank value is no value and is not checked. A number stored before its rule existed
 * therefore does not block a change of something else. Values arrive normalised (see
 * `normaliseKvkNumber` and the platform's `normalise*`), so each check sees the stored form.
 */
import type { Problem } from "../../platform/catalogue/keys.js";
import type { ValidationErrors } from "../../platform/errors.js";
import { checkBic, checkIban } from "../../platform/iban.js";
import { isBlank, isCountryCode, isEmailAddress } from "../../platform/text.js";
import { checkVatNumber } from "../../platform/vat-number.js";

/** What must be present, as the company would be stored. */
export interface CompanyWhole {
  name: string | null;
  vat_liable: boolean;
  vat_number: string | null;
}

type Check = { ok: true } | { ok: false; problem: Problem };

/** The details whose form is checked, in the order their problems are named. */
const FORM_CHECKS = {
  country_code: (value: string): Check =>
    isCountryCode(value) ? { ok: true } : { ok: false, problem: { key: "countryCode" } },
  email: (value: string): Check =>
    isEmailAddress(value) ? { ok: true } : { ok: false, problem: { key: "emailAddress" } },
  kvk_number: (value: string): Check =>
    /^\d{8}$/.test(value) ? { ok: true } : { ok: false, problem: { key: "kvkDigits" } },
  vat_number: checkVatNumber,
  iban: checkIban,
  bic: checkBic,
} as const;

/** The details a write gives whose form is checked (absent: not given). */
export type GivenDetails = { [Attribute in keyof typeof FORM_CHECKS]?: string | null };

/** "1234 5678" → "12345678": the Chamber of Commerce prints it in groups; blank → null. */
export function normaliseKvkNumber(value: string | null): string | null {
  return isBlank(value) ? null : value.replace(/\s+/g, "");
}

export function validateCompany(company: CompanyWhole, given: GivenDetails, errors: ValidationErrors): void {
  if (isBlank(company.name)) errors.add("name", { key: "blank" });
  for (const [attribute, check] of Object.entries(FORM_CHECKS)) {
    const value = given[attribute as keyof GivenDetails];
    if (isBlank(value)) continue;
    const result = check(value);
    if (!result.ok) errors.add(attribute, result.problem);
  }
  if (company.vat_liable && isBlank(company.vat_number)) {
    errors.add("vat_number", { key: "blankWhenVatLiable" });
  }
}
