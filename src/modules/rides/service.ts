/**
 * Rides: mileage records. An update changes only the supplied fields and the result
 * is validated as a whole, so one 422 names every invalid attribute.
 */
import type { Static } from "@sinclair/typebox";
import { booleanFromColumn, booleanToColumn } from "../../db/dialect.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound, ValidationErrors } from "../../platform/errors.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { validateRide } from "./rules.js";
import { RidePayload, type RideSchema } from "./schemas.js";
import { deleteRide, findRide, insertRide, listRides, type RideRow, updateRide } from "./store.js";

export type { RideTables } from "./store.js";
export type Ride = Static<typeof RideSchema>;
type RideAttributes = Partial<Static<typeof RidePayload.schema>>;
const RESOURCE = "ride";

function presentRide(row: RideRow): Ride {
  return {
    id: row.id,
    departure_address: row.departure_address,
    visiting_address: row.visiting_address,
    km_start: row.km_start,
    km_end: row.km_end,
    private: booleanFromColumn(row.private),
    date: row.date,
  };
}

function readRide(company: CompanyAccess, body: unknown): { attributes: RideAttributes; errors: ValidationErrors } {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(RidePayload, body, { timeZone: company.timeZone }, errors);
  return { attributes, errors };
}

/** Column values for the supplied attributes only. */
function columnsOf(attributes: RideAttributes) {
  const { private: isPrivate, ...rest } = attributes;
  return { ...rest, ...(isPrivate !== undefined ? { private: booleanToColumn(isPrivate) } : {}) };
}

export async function listCompanyRides(
  deps: ServiceDeps,
  company: CompanyAccess,
  selection: "all" | "business",
  paging: Paging,
): Promise<Page<Ride>> {
  const { rows, total } = await listRides(deps.db, company.companyId, selection, paging);
  return { items: rows.map(presentRide), total, paging };
}

export async function showRide(deps: ServiceDeps, company: CompanyAccess, rideId: number): Promise<Ride> {
  const row = await findRide(deps.db, company.companyId, rideId);
  if (!row) throw notFound(RESOURCE);
  return presentRide(row);
}

export async function createRide(deps: ServiceDeps, company: CompanyAccess, body: unknown): Promise<Ride> {
  const { attributes, errors } = readRide(company, body);
  const candidate = {
    departure_address: attributes.departure_address ?? null,
    visiting_address: attributes.visiting_address ?? null,
    km_start: attributes.km_start ?? null,
    km_end: attributes.km_end ?? null,
    private: booleanToColumn(attributes.private ?? null),
    date: attributes.date ?? null,
  };
  validateRide(candidate, errors);
  errors.throwIfAny(RESOURCE);
  const row = await insertRide(deps.db, { ...candidate, company_id: company.companyId, date: candidate.date ?? "" });
  return presentRide(row);
}

export async function updateCompanyRide(
  deps: ServiceDeps,
  company: CompanyAccess,
  rideId: number,
  body: unknown,
): Promise<Ride> {
  const { attributes, errors } = readRide(company, body);
  return deps.db.transaction().execute(async (tx) => {
    const existing = await findRide(tx, company.companyId, rideId, "lock");
    if (!existing) throw notFound(RESOURCE);
    const { date, ...changes } = columnsOf(attributes);
    validateRide({ ...existing, ...changes, date: date === undefined ? existing.date : date }, errors);
    errors.throwIfAny(RESOURCE);
    const update = { ...changes, ...(date ? { date } : {}) };
    const updated =
      Object.keys(update).length === 0 ? existing : await updateRide(tx, company.companyId, rideId, update);
    return presentRide(updated);
  });
}

export async function deleteCompanyRide(deps: ServiceDeps, company: CompanyAccess, rideId: number): Promise<void> {
  if (!(await deleteRide(deps.db, company.companyId, rideId))) throw notFound(RESOURCE);
}
