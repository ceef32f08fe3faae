/**
 * SQL for `templates`: a company's invoice layouts; one is the default.
 */
import type { Generated, Selectable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { selectPage } from "../../db/paging.js";
import type { Paging } from "../../platform/params.js";

interface TemplatesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  is_default: number;
}

export type TemplateRow = Selectable<TemplatesTable>;

type TemplateTables = {
  templates: TemplatesTable;
};

function templates(executor: Executor) {
  return executor.withTables<TemplateTables>();
}

export async function insertTemplate(executor: Executor, values: Omit<TemplateRow, "id">): Promise<void> {
  await templates(executor).insertInto("templates").values(values).execute();
}

export async function listTemplates(
  executor: Executor,
  companyId: number,
  paging: Paging,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const base = templates(executor).selectFrom("templates").where("company_id", "=", companyId);
  return selectPage(base, paging, (query) => query.selectAll().orderBy("id"));
}

export async function findTemplate(
  executor: Executor,
  companyId: number,
  templateId: number,
): Promise<TemplateRow | undefined> {
  return templates(executor)
    .selectFrom("templates")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "=", templateId)
    .executeTakeFirst();
}

export async function findDefaultTemplate(executor: Executor, companyId: number): Promise<TemplateRow | undefined> {
  return templates(executor)
    .selectFrom("templates")
    .selectAll()
    .where("company_id", "=", companyId)
    .orderBy("is_default", "desc")
    .orderBy("id")
    .executeTakeFirst();
}
