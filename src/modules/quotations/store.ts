/**
 * SQL for `quotations`. Every query is scoped by company, except the lookup by signing token:
 * the token itself is the capability the public signing page holds.
 */
import type { Generated, Selectable, Updateable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { selectPage } from "../../db/paging.js";
import { countOfAll, narrowsNothing } from "../../db/row-counts.js";
import type { Paging } from "../../platform/params.js";
import type { QuotationStatus } from "./rules.js";

interface QuotationsTable {
  id: Generated<number>;
  company_id: number;
  /** only the lifecycle (rules.ts) writes it */
  status: QuotationStatus;
  date: string;
  contact_id: number | null;
  cached_contact: string | null;
  template_id: number | null;
  invoice_number: string | null;
  creates_sign_url_on_publish: number;
  /** SHA-256 of the signing link's token, and the nonce it is derived from (sign-token.ts) */
  sign_token_hash: string | null;
  sign_nonce: string | null;
  sign_expires_at: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  decided_via: string | null;
  sales_invoice_id: number | null;
  price_without_vat_cents: number;
  vat_amount_cents: number;
  price_with_vat_cents: number;
  published_at: string | null;
  created_at: string;
}

export type QuotationRow = Selectable<QuotationsTable>;
export type QuotationInsert = Omit<QuotationRow, "id">;
export type QuotationUpdate = Updateable<Omit<QuotationsTable, "id" | "company_id" | "created_at">>;

type QuotationTables = { quotations: QuotationsTable };

function quotations(executor: Executor) {
  return executor.withTables<QuotationTables>();
}

export interface QuotationFilter {
  statuses?: readonly QuotationStatus[];
  from?: string;
  till?: string;
  contactId?: number;
}

export async function listQuotations(
  executor: Executor,
  companyId: number,
  filter: QuotationFilter,
  paging: Paging,
): Promise<{ rows: QuotationRow[]; total: number }> {
  let query = quotations(executor).selectFrom("quotations").where("company_id", "=", companyId);
  if (filter.statuses !== undefined) query = query.where("status", "in", [...filter.statuses]);
  if (filter.from !== undefined) query = query.where("date", ">=", filter.from);
  if (filter.till !== undefined) query = query.where("date", "<=", filter.till);
  if (filter.contactId !== undefined) query = query.where("contact_id", "=", filter.contactId);
  return selectPage(
    query,
    paging,
    (page) => page.selectAll().orderBy("date", "desc").orderBy("id", "desc"),
    narrowsNothing(filter) ? countOfAll(executor, "quotations", companyId) : undefined,
  );
}

export async function findQuotation(
  executor: Executor,
  companyId: number,
  quotationId: number,
): Promise<QuotationRow | undefined> {
  return quotations(executor)
    .selectFrom("quotations")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "=", quotationId)
    .executeTakeFirst();
}

export async function findQuotationBySignToken(
  executor: Executor,
  signTokenHash: string,
): Promise<QuotationRow | undefined> {
  return quotations(executor)
    .selectFrom("quotations")
    .selectAll()
    .where("sign_token_hash", "=", signTokenHash)
    .executeTakeFirst();
}

export async function quotationNumberTaken(
  executor: Executor,
  companyId: number,
  invoiceNumber: string,
  exceptQuotationId: number | null,
): Promise<boolean> {
  let query = quotations(executor)
    .selectFrom("quotations")
    .select("id")
    .where("company_id", "=", companyId)
    .where("invoice_number", "=", invoiceNumber);
  if (exceptQuotationId !== null) query = query.where("id", "!=", exceptQuotationId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertQuotation(executor: Executor, values: QuotationInsert): Promise<number> {
  const row = await quotations(executor)
    .insertInto("quotations")
    .values(values)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateQuotation(
  executor: Executor,
  companyId: number,
  quotationId: number,
  changes: QuotationUpdate,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await quotations(executor)
    .updateTable("quotations")
    .set(changes)
    .where("company_id", "=", companyId)
    .where("id", "=", quotationId)
    .execute();
}

/** Takes the quotation's row lock for the rest of the transaction (see sales invoices). */
export async function lockQuotation(executor: Executor, companyId: number, quotationId: number): Promise<boolean> {
  const result = await quotations(executor)
    .updateTable("quotations")
    .set((eb) => ({ status: eb.ref("status") }))
    .where("company_id", "=", companyId)
    .where("id", "=", quotationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many of the company's quotations were created at or after `since` (its plan's monthly quota). */
export async function countQuotationsCreatedSince(
  executor: Executor,
  companyId: number,
  since: string,
): Promise<number> {
  const row = await quotations(executor)
    .selectFrom("quotations")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("company_id", "=", companyId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteQuotation(executor: Executor, companyId: number, quotationId: number): Promise<void> {
  await quotations(executor)
    .deleteFrom("quotations")
    .where("company_id", "=", companyId)
    .where("id", "=", quotationId)
    .execute();
}
