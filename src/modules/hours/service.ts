/**
 * Time records. The client must be a contact of the company; when no date is given it is the
 * start's calendar date in the company's time zone. An update changes only the supplied fields
 * and validates the result as a whole.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import { dateInTimeZone, formatDateTime } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound, ValidationErrors } from "../../platform/errors.js";
import { formatDecimal } from "../../platform/money.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { contactById } from "../contacts/service.js";
import { calculateHours, type HourFields, validateHour } from "./rules.js";
import { HourPayload, type HourSchema } from "./schemas.js";
import { deleteHour, findHour, type HourRow, insertHour, listHours, updateHour } from "./store.js";

export type Hour = Static<typeof HourSchema>;
type HourAttributes = Partial<Static<typeof HourPayload.schema>>;
const RESOURCE = "hour";

function presentHour(row: HourRow, timeZone: string): Hour {
  const calculated = calculateHours(row);
  const instant = (iso: string | null) => (iso === null ? null : formatDateTime(iso, timeZone));
  const decimal = (value: ReturnType<typeof calculateHours>["calculated_duration"]) =>
    value === null ? null : formatDecimal(value);
  return {
    id: row.id,
    client_id: row.client_id,
    project_id: row.project_id,
    calculated_duration: decimal(calculated.calculated_duration),
    calculated_duration_without_pause: decimal(calculated.calculated_duration_without_pause),
    calculated_ended_at: instant(calculated.calculated_ended_at),
    date: row.date,
    started_at: instant(row.started_at),
    ended_at: instant(row.ended_at),
    description: row.description,
  };
}

/** Column values for the supplied attributes only. */
function columnsOf(attributes: HourAttributes) {
  const { duration, pause, ...rest } = attributes;
  return {
    ...rest,
    ...(duration !== undefined ? { duration_hours: duration } : {}),
    ...(pause !== undefined ? { pause_hours: pause } : {}),
  };
}

function readHour(company: CompanyAccess, body: unknown) {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(HourPayload, body, { timeZone: company.timeZone }, errors);
  return { columns: columnsOf(attributes), errors };
}

async function checkClient(
  executor: Executor,
  companyId: number,
  clientId: number | null | undefined,
  errors: ValidationErrors,
): Promise<void> {
  if (clientId === null || clientId === undefined) return;
  if (!(await contactById(executor, companyId, clientId))) errors.add("client_id", { key: "notACompanyContact" });
}

function fieldsOf(candidate: Partial<HourFields>): HourFields {
  return {
    date: candidate.date ?? null,
    started_at: candidate.started_at ?? null,
    ended_at: candidate.ended_at ?? null,
    duration_hours: candidate.duration_hours ?? null,
    pause_hours: candidate.pause_hours ?? null,
  };
}

export async function createHour(deps: ServiceDeps, company: CompanyAccess, body: unknown): Promise<Hour> {
  const { columns, errors } = readHour(company, body);
  const row = await deps.db.transaction().execute(async (transaction) => {
    const date =
      columns.date ?? (columns.started_at ? dateInTimeZone(new Date(columns.started_at), company.timeZone) : null);
    const fields = fieldsOf({ ...columns, date });
    validateHour(fields, errors, company.timeZone);
    await checkClient(transaction, company.companyId, columns.client_id, errors);
    errors.throwIfAny(RESOURCE);
    return insertHour(transaction, {
      company_id: company.companyId,
      client_id: columns.client_id ?? null,
      project_id: columns.project_id ?? null,
      description: columns.description ?? null,
      ...fields,
      date: fields.date ?? "",
    });
  });
  return presentHour(row, company.timeZone);
}

export async function updateCompanyHour(
  deps: ServiceDeps,
  company: CompanyAccess,
  hourId: number,
  body: unknown,
): Promise<Hour> {
  const { columns, errors } = readHour(company, body);
  return deps.db.transaction().execute(async (transaction) => {
    const existing = await findHour(transaction, company.companyId, hourId, "lock");
    if (!existing) throw notFound(RESOURCE);
    const { date, ...changes } = columns;
    const fields = fieldsOf({ ...existing, ...changes, date: date === undefined ? existing.date : date });
    validateHour(fields, errors, company.timeZone);
    await checkClient(transaction, company.companyId, changes.client_id, errors);
    errors.throwIfAny(RESOURCE);
    const update = { ...changes, ...(date ? { date } : {}) };
    if (Object.keys(update).length === 0) return presentHour(existing, company.timeZone);
    return presentHour(await updateHour(transaction, company.companyId, hourId, update), company.timeZone);
  });
}

export async function listCompanyHours(deps: ServiceDeps, company: CompanyAccess, paging: Paging): Promise<Page<Hour>> {
  const { rows, total } = await listHours(deps.db, company.companyId, paging);
  return { items: rows.map((row) => presentHour(row, company.timeZone)), total, paging };
}

export async function showHour(deps: ServiceDeps, company: CompanyAccess, hourId: number): Promise<Hour> {
  const row = await findHour(deps.db, company.companyId, hourId);
  if (!row) throw notFound(RESOURCE);
  return presentHour(row, company.timeZone);
}

export async function deleteCompanyHour(deps: ServiceDeps, company: CompanyAccess, hourId: number): Promise<void> {
  if (!(await deleteHour(deps.db, company.companyId, hourId))) throw notFound(RESOURCE);
}
