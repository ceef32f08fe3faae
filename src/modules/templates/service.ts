/**
 * Invoice templates: read-only over the API (`public`); every company gets a default one.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { booleanFromColumn } from "../../db/dialect.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound, type ValidationErrors } from "../../platform/errors.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import type { TemplateSchema } from "./schemas.js";
import { findDefaultTemplate, findTemplate, insertTemplate, listTemplates, type TemplateRow } from "./store.js";

export type Template = Static<typeof TemplateSchema>;

export const DEFAULT_TEMPLATE_NAME = "Standard";

function presentTemplate(row: TemplateRow): Template {
  return { id: row.id, name: row.name, is_default: booleanFromColumn(row.is_default) };
}

export async function seedDefaultTemplate(executor: Executor, companyId: number): Promise<void> {
  await insertTemplate(executor, { company_id: companyId, name: DEFAULT_TEMPLATE_NAME, is_default: 1 });
}

export async function listCompanyTemplates(
  deps: ServiceDeps,
  companyId: number,
  paging: Paging,
): Promise<Page<Template>> {
  const { rows, total } = await listTemplates(deps.db, companyId, paging);
  return { items: rows.map(presentTemplate), total, paging };
}

export async function showTemplate(deps: ServiceDeps, companyId: number, templateId: number): Promise<Template> {
  const row = await findTemplate(deps.db, companyId, templateId);
  if (!row) throw notFound("template");
  return presentTemplate(row);
}

/** For documents: a `template_id` must name one of the company's templates (null: the default). */
export async function checkDocumentTemplate(
  executor: Executor,
  companyId: number,
  templateId: number | null,
  errors: ValidationErrors,
): Promise<void> {
  if (templateId !== null && !(await findTemplate(executor, companyId, templateId))) {
    errors.add("template_id", { key: "notACompanyTemplate" });
  }
}

/** The template a document renders with: its own, else the company's default. */
export async function templateForDocument(
  executor: Executor,
  companyId: number,
  templateId: number | null,
): Promise<TemplateRow | undefined> {
  const own = templateId === null ? undefined : await findTemplate(executor, companyId, templateId);
  return own ?? findDefaultTemplate(executor, companyId);
}
