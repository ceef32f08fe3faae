/**
 * Pure rules of a contact: a company needs a company name, an individual a person's
 * name; `name` is derived from whichever applies. Contact numbers default to K00001, K00002, …
 * An IBAN, where given, passes its check (platform/iban.ts).
 */
import type { ValidationErrors } from "../../platform/errors.js";
import { checkIban } from "../../platform/iban.js";
import { isBlank, isCountryCode, isEmailAddress } from "../../platform/text.js";

export interface ContactFields {
  is_individual: boolean;
  company_name: string | null;
  contact_person_name: string | null;
  contact_person_email_address: string | null;
  country_code: string | null;
  /** normalised (platform/iban.ts) */
  iban: string | null;
}

export function contactName(contact: Pick<ContactFields, "is_individual" | "company_name" | "contact_person_name">) {
  return contact.is_individual ? contact.contact_person_name : contact.company_name;
}

export function formatContactNumber(sequence: number): string {
  return `K${String(sequence).padStart(5, "0")}`;
}

export function validateContact(contact: ContactFields, errors: ValidationErrors): void {
  if (contact.is_individual && isBlank(contact.contact_person_name)) {
    errors.add("contact_person_name", { key: "blankForIndividual" });
  }
  if (!contact.is_individual && isBlank(contact.company_name)) {
    errors.add("company_name", { key: "blankUnlessIndividual" });
  }
  const email = contact.contact_person_email_address;
  if (!isBlank(email) && !isEmailAddress(email)) {
    errors.add("contact_person_email_address", { key: "emailAddress" });
  }
  if (contact.country_code !== null && !isCountryCode(contact.country_code)) {
    errors.add("country_code", { key: "countryCode" });
  }
  if (contact.iban !== null) {
    const checked = checkIban(contact.iban);
    if (!checked.ok) errors.add("iban", checked.problem);
  }
}
