/**
 * Companies: the tenants. Creating one makes the creator its owner and member, opens it to the
 * API with every scope allowed and seeds its chart of accounts and default template, all in one
 * transaction. `access_control.allowed_scopes` answers with the scopes the caller may use there:
 * the company's allowed scopes that the caller's token also holds. `vat_liable` defaults to true
 * (as on the Rompslomp API), so a new company needs a VAT number unless it says it is not liable
 * (the small-business scheme, KOR). The operator's command line goes through
 * the same coercion, normalisation and rules as the API; only the names in its messages differ.
 * A company is reachable through the API only when both its own `api_accessible` and its plan's
 * are true; `access_control.api_accessible` and the access check both use that one value
 * (access-control.ts, which also holds the operator's switch; details.ts reads the seller). A
 * company created through the API counts against its owner's `max_companies_per_user` (plans).
 */

import type { Static } from "@sinclair/typebox";
import { booleanFromColumn, booleanToColumn } from "../../db/dialect.js";
import type { CompanyAccess } from "../../platform/access.js";
import { announceAccessChange } from "../../platform/access-cache.js";
import { readWritePayload } from "../../platform/attributes.js";
import type { Problem } from "../../platform/catalogue/keys.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError, notFound, ValidationErrors } from "../../platform/errors.js";
import { normaliseBic, normaliseIban } from "../../platform/iban.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { ALL_SCOPES, intersectScopes, type Scope } from "../../platform/scopes.js";
import { normaliseCountryCode, normaliseVatNumber } from "../../platform/text.js";
import { payloadProblems } from "../../platform/validation-errors.js";
import { seedDefaultChart } from "../accounts/service.js";
import { assertCanCreate, DEFAULT_PLAN } from "../plans/service.js";
import { seedDefaultTemplate } from "../templates/service.js";
import { isApiAccessible, storedScopes } from "./access-control.js";
import { normaliseKvkNumber, validateCompany } from "./rules.js";
import { type COMPANY_TYPES, CompanyPayload, type CompanySchema } from "./schemas.js";
import {
  type CompanyRow,
  countCompaniesOwnedBy,
  deleteCompany,
  findCompany,
  insertCompany,
  insertMembership,
  listCompaniesOfUser,
  updateCompany,
} from "./store.js";

export { companyAccess, type OperatorAccessControl, updateAccessControl } from "./access-control.js";
export { type CompanyDetails, companyDetails, companyDetailsHoldingBooks } from "./details.js";
export type { CompanyTables } from "./store.js";

export type Company = Static<typeof CompanySchema>;
type CompanyType = (typeof COMPANY_TYPES)[number];
const RESOURCE = "company";

export function presentCompany(row: CompanyRow, tokenScopes: readonly Scope[]): Company {
  return {
    id: row.id,
    name: row.name,
    owner_name: row.owner_name,
    address: row.address,
    zipcode: row.zipcode,
    city: row.city,
    country_code: row.country_code,
    kvk_number: row.kvk_number,
    email: row.email,
    website: row.website,
    type: row.type as CompanyType | null,
    vat_liable: booleanFromColumn(row.vat_liable),
    vat_number: row.vat_number,
    access_control: {
      api_accessible: isApiAccessible(row),
      allowed_scopes: intersectScopes(storedScopes(row), tokenScopes),
    },
    // extensions: absent while unset, so reference clients see the reference's shape
    iban: row.iban ?? undefined,
    bic: row.bic ?? undefined,
  };
}

type CompanyAttributes = Partial<Static<typeof CompanyPayload.schema>>;

function normalised(attributes: CompanyAttributes): CompanyAttributes {
  const result = { ...attributes };
  if ("country_code" in attributes) result.country_code = normaliseCountryCode(attributes.country_code ?? null);
  if ("kvk_number" in attributes) result.kvk_number = normaliseKvkNumber(attributes.kvk_number ?? null);
  if ("vat_number" in attributes) result.vat_number = normaliseVatNumber(attributes.vat_number ?? null);
  if ("iban" in attributes) result.iban = normaliseIban(attributes.iban ?? null);
  if ("bic" in attributes) result.bic = normaliseBic(attributes.bic ?? null);
  return result;
}

function readCompanyPayload(body: unknown): { attributes: CompanyAttributes; errors: ValidationErrors } {
  const errors = new ValidationErrors();
  const attributes = normalised(readWritePayload(CompanyPayload, body, { timeZone: "Europe/Amsterdam" }, errors));
  return { attributes, errors };
}

/** A new company as code gives it (tests, the CLI after `readNewCompanyForOperator`); `vat_liable` defaults to true. */
export type NewCompany = Omit<CompanyAttributes, "name"> & { name: string };

/**
 * Creates a company for `userId` inside one transaction; used by the API and the CLI. A company
 * the API creates counts against the plan's `max_companies_per_user`; the operator's are not limited.
 */
async function createCompanyRecord(
  deps: ServiceDeps,
  userId: number,
  attributes: CompanyAttributes,
  limited: "limited" | "unlimited",
): Promise<CompanyRow> {
  const now = deps.now().toISOString();
  return deps.db.transaction().execute(async (tx) => {
    if (limited === "limited") {
      await assertCanCreate(tx, { resource: "companies", count: () => countCompaniesOwnedBy(tx, userId) });
    }
    const companyId = await insertCompany(tx, {
      owner_user_id: userId,
      name: (attributes.name ?? "").trim(),
      owner_name: attributes.owner_name ?? null,
      address: attributes.address ?? null,
      zipcode: attributes.zipcode ?? null,
      city: attributes.city ?? null,
      country_code: attributes.country_code ?? null,
      kvk_number: attributes.kvk_number ?? null,
      email: attributes.email ?? null,
      website: attributes.website ?? null,
      type: attributes.type ?? null,
      vat_liable: booleanToColumn(attributes.vat_liable ?? true) ?? 1,
      vat_number: attributes.vat_number ?? null,
      iban: attributes.iban ?? null,
      bic: attributes.bic ?? null,
      api_accessible: 1,
      allowed_scopes: ALL_SCOPES.join(" "),
      plan: DEFAULT_PLAN,
      created_at: now,
    });
    await insertMembership(tx, { company_id: companyId, user_id: userId, role: "owner", created_at: now });
    await seedDefaultChart(tx, companyId);
    await seedDefaultTemplate(tx, companyId);
    const company = await findCompany(tx, companyId);
    if (!company) throw new Error("the new company cannot be read back");
    return company;
  });
}

function validateMerged(row: Partial<CompanyRow>, attributes: CompanyAttributes, errors: ValidationErrors): void {
  const pick = <Key extends keyof CompanyAttributes>(key: Key, fallback: CompanyAttributes[Key]) =>
    key in attributes ? attributes[key] : fallback;
  validateCompany(
    {
      name: pick("name", row.name ?? null) ?? null,
      vat_liable: pick("vat_liable", booleanFromColumn(row.vat_liable ?? 1)) ?? true,
      vat_number: pick("vat_number", row.vat_number ?? null) ?? null,
    },
    attributes,
    errors,
  );
}

export async function createCompany(
  deps: ServiceDeps,
  userId: number,
  tokenScopes: readonly Scope[],
  body: unknown,
): Promise<Company> {
  const { attributes, errors } = readCompanyPayload(body);
  validateMerged({}, attributes, errors);
  errors.throwIfAny(RESOURCE);
  return presentCompany(await createCompanyRecord(deps, userId, attributes, "limited"), tokenScopes);
}

/** Creates a company for `userId` as code gives it (the CLI, tests): the API's rules apply. */
export async function createCompanyForOperator(
  deps: ServiceDeps,
  userId: number,
  company: NewCompany,
): Promise<number> {
  const attributes: CompanyAttributes = normalised({ ...company });
  const errors = new ValidationErrors();
  validateMerged({}, attributes, errors);
  errors.throwIfAny(RESOURCE);
  return (await createCompanyRecord(deps, userId, attributes, "unlimited")).id;
}

/** Company details as an operator types them (the CLI's options): text, keyed by attribute. */
export type OperatorCompanyInput = { [Key in keyof CompanyAttributes]?: string };

/**
 * Collects problems under the caller's names for the attributes, so that the CLI says `--iban`
 * where the API says `iban`; which problems there are stays the API's business.
 */
class RenamedValidationErrors extends ValidationErrors {
  constructor(private readonly nameOf: (attribute: string) => string) {
    super();
  }

  override add(attribute: string, problem: Problem): void {
    super.add(this.nameOf(attribute), problem);
  }
}

function readOperatorInput(
  input: OperatorCompanyInput,
  nameOf: (attribute: string) => string,
): { attributes: CompanyAttributes; errors: ValidationErrors } {
  const errors = new RenamedValidationErrors(nameOf);
  const attributes: Record<string, unknown> = { ...input };
  for (const { attribute, problem } of payloadProblems(CompanyPayload, attributes)) {
    errors.add(attribute, problem);
    // an attribute that cannot be read is not looked at again (company attributes are flat)
    delete attributes[attribute];
  }
  return { attributes: normalised(attributes as CompanyAttributes), errors };
}

/**
 * Reads and checks a new company from the operator's text with the API's coercion,
 * normalisation and rules, before anything is stored; a problem is a 422 naming `nameOf(attribute)`.
 */
export function readNewCompanyForOperator(
  input: OperatorCompanyInput,
  nameOf: (attribute: string) => string,
): NewCompany {
  const { attributes, errors } = readOperatorInput(input, nameOf);
  validateMerged({}, attributes, errors);
  errors.throwIfAny(RESOURCE);
  return { ...attributes, name: (attributes.name ?? "").trim() };
}

export async function listCompanies(
  deps: ServiceDeps,
  userId: number,
  tokenScopes: readonly Scope[],
  paging: Paging,
  onlyCompanyIds?: readonly number[],
): Promise<Page<Company>> {
  const { rows, total } = await listCompaniesOfUser(deps.db, userId, paging, onlyCompanyIds);
  return { items: rows.map((row) => presentCompany(row, tokenScopes)), total, paging };
}

export async function showCompany(
  deps: ServiceDeps,
  companyId: number,
  tokenScopes: readonly Scope[],
): Promise<Company> {
  const row = await findCompany(deps.db, companyId);
  if (!row) throw notFound(RESOURCE);
  return presentCompany(row, tokenScopes);
}

/** Merges `attributes` into the stored company and saves them if the result is valid. */
async function applyCompanyUpdate(
  deps: ServiceDeps,
  companyId: number,
  attributes: CompanyAttributes,
  errors: ValidationErrors,
): Promise<CompanyRow> {
  const updated = await deps.db.transaction().execute(async (tx) => {
    const existing = await findCompany(tx, companyId);
    if (!existing) throw notFound(RESOURCE);
    validateMerged(existing, attributes, errors);
    errors.throwIfAny(RESOURCE);
    const { vat_liable, name, ...rest } = attributes;
    const changes = {
      ...rest,
      ...(name !== undefined ? { name: (name ?? "").trim() } : {}),
      ...(vat_liable !== undefined ? { vat_liable: booleanToColumn(vat_liable ?? true) ?? 1 } : {}),
    };
    if (Object.keys(changes).length === 0) return existing;
    const updated = await updateCompany(tx, companyId, changes);
    if (!updated) throw notFound(RESOURCE);
    return updated;
  });
  // the time zone is part of a company's access, which may be remembered (access-cache.ts)
  announceAccessChange();
  return updated;
}

export async function updateCompanyAttributes(
  deps: ServiceDeps,
  companyId: number,
  tokenScopes: readonly Scope[],
  body: unknown,
): Promise<Company> {
  const { attributes, errors } = readCompanyPayload(body);
  return presentCompany(await applyCompanyUpdate(deps, companyId, attributes, errors), tokenScopes);
}

/**
 * The operator's change of a company's details (`kasboek companies update`): the API's update
 * with the operator's text; problems name `nameOf(attribute)`. Answers the company as its owner
 * sees it through the API, with every scope the company allows.
 */
export async function updateCompanyDetailsForOperator(
  deps: ServiceDeps,
  companyId: number,
  input: OperatorCompanyInput,
  nameOf: (attribute: string) => string,
): Promise<Company> {
  const { attributes, errors } = readOperatorInput(input, nameOf);
  return presentCompany(await applyCompanyUpdate(deps, companyId, attributes, errors), ALL_SCOPES);
}

/** Deleting a company removes all its data; only its owner may. */
export async function deleteOwnedCompany(deps: ServiceDeps, access: CompanyAccess): Promise<void> {
  if (!access.isOwner) {
    throw new ApiError("client.authorization.access_denied", { key: "ownerOnlyDeletes" });
  }
  await deleteCompany(deps.db, access.companyId);
  announceAccessChange();
}
