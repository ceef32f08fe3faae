/**
 * Wire shapes of a company: field order as the reference; `access_control` is read only. `iban`
 * and `bic` are Kasboek extensions (the bank account an invoice prints): they come after every
 * reference field and are left out while unset, so a company without them answers exactly as
 * the reference does.
 */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject, ResponseObjectWithOmissions } from "../../platform/fields.js";

export const COMPANY_TYPES = ["eenmanszaak", "vof", "bv", "vereniging", "stichting", "other"] as const;

export const AccessControlSchema = ResponseObject({
  api_accessible: Nullable.boolean(),
  allowed_scopes: Type.Array(Type.String()),
});

export const CompanySchema = ResponseObjectWithOmissions({
  id: Filled.integer(),
  name: Filled.string(),
  owner_name: Nullable.string(),
  address: Nullable.string(),
  zipcode: Nullable.string(),
  city: Nullable.string(),
  country_code: Nullable.string(),
  kvk_number: Nullable.string(),
  email: Nullable.string(),
  website: Nullable.string(),
  type: Nullable.enumeration(COMPANY_TYPES),
  vat_liable: Nullable.boolean(),
  vat_number: Nullable.string(),
  access_control: AccessControlSchema,
  iban: Type.Optional(Nullable.string()),
  bic: Type.Optional(Nullable.string()),
});

export const CompanyResponse = Type.Object({ company: CompanySchema });
export const CompanyListResponse = Type.Object({ companies: Type.Array(CompanySchema) });

const TEXT_LIMIT = 255;

export const CompanyAttributes = Type.Object({
  name: Nullable.string({ maxLength: TEXT_LIMIT }),
  owner_name: Nullable.string({ maxLength: TEXT_LIMIT }),
  address: Nullable.string({ maxLength: TEXT_LIMIT }),
  zipcode: Nullable.string({ maxLength: 20 }),
  city: Nullable.string({ maxLength: TEXT_LIMIT }),
  country_code: Nullable.string({ maxLength: 2 }),
  kvk_number: Nullable.string({ maxLength: 20 }),
  email: Nullable.string({ maxLength: TEXT_LIMIT }),
  website: Nullable.string({ maxLength: TEXT_LIMIT }),
  type: Nullable.enumeration(COMPANY_TYPES),
  vat_liable: Nullable.boolean(),
  vat_number: Nullable.string({ maxLength: 20 }),
  // room for the spaces people type between groups; the stored form is at most 34 and 11
  iban: Nullable.string({ maxLength: 64 }),
  bic: Nullable.string({ maxLength: 20 }),
});

export const CompanyPayload = {
  wrapper: "company",
  schema: CompanyAttributes,
  readOnly: ["id", "access_control"],
} as const;
