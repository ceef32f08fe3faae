/** Wire shapes of a contact, field order as the reference. */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const ContactSchema = ResponseObject({
  id: Filled.integer(),
  is_individual: Filled.boolean(),
  is_supplier: Nullable.boolean(),
  name: Nullable.string(),
  company_name: Nullable.string(),
  contact_person_name: Nullable.string(),
  contact_person_email_address: Nullable.string(),
  address: Nullable.string(),
  zipcode: Nullable.string(),
  city: Nullable.string(),
  government_identification_number: Nullable.string(),
  country_code: Nullable.string(),
  kvk_number: Nullable.string(),
  phone: Nullable.string(),
  vat_number: Nullable.string(),
  contact_number: Filled.string(),
  free_1: Nullable.string(),
  free_2: Nullable.string(),
  free_3: Nullable.string(),
  iban: Type.Optional(
    Filled.string({
      description:
        "Kasboek extension, absent while unknown: the contact's bank account, typed in or learned from a bank payment linked to one of its documents; a statement's payment from it is matched to the contact's open documents",
    }),
  ),
});

export const ContactResponse = Type.Object({ contact: ContactSchema });
export const ContactListResponse = Type.Object({ contacts: Type.Array(ContactSchema) });

const text = () => Nullable.string({ maxLength: 255 });

export const ContactAttributes = Type.Object({
  is_individual: Nullable.boolean(),
  is_supplier: Nullable.boolean(),
  company_name: text(),
  contact_person_name: text(),
  contact_person_email_address: text(),
  address: text(),
  zipcode: Nullable.string({ maxLength: 20 }),
  city: text(),
  government_identification_number: text(),
  country_code: Nullable.string({ maxLength: 2 }),
  kvk_number: Nullable.string({ maxLength: 20 }),
  phone: Nullable.string({ maxLength: 50 }),
  vat_number: Nullable.string({ maxLength: 20 }),
  contact_number: Nullable.string({ maxLength: 50 }),
  free_1: text(),
  free_2: text(),
  free_3: text(),
  iban: Nullable.string({ maxLength: 42 }),
});

export const ContactPayload = { wrapper: "contact", schema: ContactAttributes, readOnly: ["id", "name"] } as const;

export const CONTACT_SELECTIONS = ["all", "customers", "suppliers"] as const;

/** The text fields `search[q]` matches against, as the reference lists them. */
export const CONTACT_SEARCH_FIELDS = [
  "company_name",
  "contact_person_name",
  "contact_person_email_address",
  "kvk_number",
  "contact_number",
  "address",
  "phone",
  "vat_number",
  "zipcode",
  "city",
] as const;
