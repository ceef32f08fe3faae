/**
 * Companies: the tenants. Creating one makes the creator its owner and member, opens it to the
 * API with every scope allowed (DESIGN.md section 9) and seeds its chart of accounts and default
 * template, all in one transaction. `access_control.allowed_scopes` answers with the scopes the
 * caller may use there: the company's allowed scopes that the caller's token also holds.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { booleanFromColumn, booleanToColumn } from "../../db/dialect.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError, notFound, ValidationErrors } from "../../platform/errors.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { ALL_SCOPES, intersectScopes, type Scope, sortScopes } from "../../platform/scopes.js";
import { normaliseCountryCode, normaliseVatNumber } from "../../platform/text.js";
import { seedDefaultChart } from "../accounts/service.js";
import { seedDefaultTemplate } from "../templates/service.js";
import { validateCompany } from "./rules.js";
import { type COMPANY_TYPES, CompanyPayload, type CompanySchema } from "./schemas.js";
import {
  type CompanyRow,
  deleteCompany,
  findCompany,
  findCompanyForUser,
  insertCompany,
  insertMembership,
  listCompaniesOfUser,
  updateCompany,
} from "./store.js";

export type Company = Static<typeof CompanySchema>;
type CompanyType = (typeof COMPANY_TYPES)[number];
const RESOURCE = "Company";

function storedScopes(row: CompanyRow): Scope[] {
  return sortScopes(row.allowed_scopes.split(" "));
}

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
      api_accessible: booleanFromColumn(row.api_accessible),
      allowed_scopes: intersectScopes(storedScopes(row), tokenScopes),
    },
  };
}

export async function companyAccess(
  deps: ServiceDeps,
  companyId: number,
  userId: number,
): Promise<CompanyAccess | null> {
  const row = await findCompanyForUser(deps.db, companyId, userId);
  if (!row) return null;
  return {
    companyId: row.id,
    timeZone: row.time_zone,
    isMember: row.membership_id !== null,
    isOwner: row.owner_user_id === userId,
    apiAccessible: row.api_accessible !== 0,
    allowedScopes: storedScopes(row),
  };
}

type CompanyAttributes = Partial<Static<typeof CompanyPayload.schema>>;

function normalised(attributes: CompanyAttributes): CompanyAttributes {
  const result = { ...attributes };
  if ("country_code" in attributes) result.country_code = normaliseCountryCode(attributes.country_code ?? null);
  if ("vat_number" in attributes) result.vat_number = normaliseVatNumber(attributes.vat_number ?? null);
  return result;
}

function readCompanyPayload(body: unknown): { attributes: CompanyAttributes; errors: ValidationErrors } {
  const errors = new ValidationErrors();
  const attributes = normalised(readWritePayload(CompanyPayload, body, { timeZone: "Europe/Amsterdam" }, errors));
  return { attributes, errors };
}

export interface NewCompany {
  name: string;
  vat_liable: boolean;
  vat_number?: string | null;
}

/** Creates a company for `userId` inside one transaction; used by the API and the CLI. */
async function createCompanyRecord(
  deps: ServiceDeps,
  userId: number,
  attributes: CompanyAttributes,
): Promise<CompanyRow> {
  const now = deps.now().toISOString();
  return deps.db.transaction().execute(async (tx) => {
    const company = await insertCompany(tx, {
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
      api_accessible: 1,
      allowed_scopes: ALL_SCOPES.join(" "),
      created_at: now,
    });
    await insertMembership(tx, { company_id: company.id, user_id: userId, role: "owner", created_at: now });
    await seedDefaultChart(tx, company.id);
    await seedDefaultTemplate(tx, company.id);
    return company;
  });
}

function validateMerged(row: Partial<CompanyRow>, attributes: CompanyAttributes, errors: ValidationErrors): void {
  const pick = <Key extends keyof CompanyAttributes>(key: Key, fallback: CompanyAttributes[Key]) =>
    key in attributes ? attributes[key] : fallback;
  validateCompany(
    {
      name: pick("name", row.name ?? null) ?? null,
      country_code: pick("country_code", row.country_code ?? null) ?? null,
      email: pick("email", row.email ?? null) ?? null,
      vat_liable: pick("vat_liable", booleanFromColumn(row.vat_liable ?? 1)) ?? true,
      vat_number: pick("vat_number", row.vat_number ?? null) ?? null,
    },
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
  return presentCompany(await createCompanyRecord(deps, userId, attributes), tokenScopes);
}

/** The CLI's bootstrap: same rules as the API. */
export async function createCompanyForOperator(
  deps: ServiceDeps,
  userId: number,
  company: NewCompany,
): Promise<number> {
  const attributes: CompanyAttributes = normalised({ ...company });
  const errors = new ValidationErrors();
  validateMerged({}, attributes, errors);
  errors.throwIfAny(RESOURCE);
  return (await createCompanyRecord(deps, userId, attributes)).id;
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

export async function updateCompanyAttributes(
  deps: ServiceDeps,
  companyId: number,
  tokenScopes: readonly Scope[],
  body: unknown,
): Promise<Company> {
  const { attributes, errors } = readCompanyPayload(body);
  return deps.db.transaction().execute(async (tx) => {
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
    const updated = Object.keys(changes).length === 0 ? existing : await updateCompany(tx, companyId, changes);
    return presentCompany(updated, tokenScopes);
  });
}

/** Deleting a company removes all its data; only its owner may. */
export async function deleteOwnedCompany(deps: ServiceDeps, access: CompanyAccess): Promise<void> {
  if (!access.isOwner) {
    throw new ApiError("client.authorization.access_denied", "Only the owner of a company can delete it");
  }
  await deleteCompany(deps.db, access.companyId);
}

/** The operator's switch (`kasboek companies update`): API access and the allowed scopes. */
export async function updateAccessControl(
  deps: ServiceDeps,
  companyId: number,
  changes: { apiAccessible?: boolean; allowedScopes?: readonly Scope[] },
): Promise<{ api_accessible: boolean; allowed_scopes: Scope[] }> {
  const existing = await findCompany(deps.db, companyId);
  if (!existing) throw notFound(RESOURCE);
  const updated = await updateCompany(deps.db, companyId, {
    ...(changes.apiAccessible !== undefined ? { api_accessible: changes.apiAccessible ? 1 : 0 } : {}),
    ...(changes.allowedScopes !== undefined ? { allowed_scopes: sortScopes(changes.allowedScopes).join(" ") } : {}),
  });
  return { api_accessible: updated.api_accessible !== 0, allowed_scopes: storedScopes(updated) };
}

/** The company's stored details, for documents that print them. */
export async function companyDetails(executor: Executor, companyId: number): Promise<CompanyRow | undefined> {
  return findCompany(executor, companyId);
}
