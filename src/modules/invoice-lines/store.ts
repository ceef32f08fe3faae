/**
 * SQL for `invoice_lines`, the lines of every kind of document. A document is named by its type
 * and id; every query is scoped by company, so a line id of another company never matches.
 */
import { type Generated, type RawBuilder, type Selectable, sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { reusableInsert, reusableQuery } from "../../db/reusable-query.js";
import { containsAny, ofCompany } from "../../db/search.js";

interface InvoiceLinesTable {
  id: Generated<number>;
  company_id: number;
  document_type: string;
  document_id: number;
  position: number;
  description: string | null;
  extended_description: string | null;
  price_per_unit: string;
  quantity: string;
  vat_type_id: number;
  vat_rate: string;
  is_custom_vat_rate: number;
  product_id: number | null;
  account_id: number | null;
  is_final: number;
  price_without_vat_cents: number;
  vat_amount_cents: number;
  price_with_vat_cents: number;
  /** expense lines with reverse-charged VAT: the self-assessment rate; null means the default 21 % */
  reverse_charge_vat_rate: string | null;
}

export type InvoiceLineRow = Selectable<InvoiceLinesTable>;
export type InvoiceLineValues = Omit<InvoiceLineRow, "id" | "company_id" | "document_type" | "document_id">;

type InvoiceLineTables = { invoice_lines: InvoiceLinesTable };

function lines(executor: Executor) {
  return executor.withTables<InvoiceLineTables>();
}

export interface DocumentReference {
  type: string;
  id: number;
}

/**
 * The documents whose lines are searched by their description, with the mirror of those lines'
 * descriptions on SQLite (migration 0035; a partial trigram index on PostgreSQL, which a query
 * naming the type as a literal can use).
 */
const LINE_SEARCH_MIRRORS = { expense: "expense_lines_search" } as const;

/**
 * The ids of the company's documents of `documentType` with `text` in a line's description, in any
 * case (`%` and `_` literally), as a subquery for their `search[q]`.
 */
export function documentIdsWithLineText(
  executor: Executor,
  companyId: number,
  documentType: keyof typeof LINE_SEARCH_MIRRORS,
  text: string,
): RawBuilder<unknown> {
  const mirror = LINE_SEARCH_MIRRORS[documentType];
  return sql`select invoice_lines.document_id from invoice_lines
    where ${ofCompany(executor, "invoice_lines", companyId, text)}
    and invoice_lines.document_type = ${sql.lit(documentType)}
    and ${containsAny(executor, "invoice_lines", ["description"], text, mirror)}`;
}

const linesOfDocuments = reusableQuery(
  (executor, companyId: number, documentType: string, documentIds: readonly number[]) =>
    lines(executor)
      .selectFrom("invoice_lines")
      .selectAll()
      .where("company_id", "=", companyId)
      .where("document_type", "=", documentType)
      .where("document_id", "in", documentIds)
      .orderBy("document_id")
      .orderBy("position")
      .orderBy("id"),
);

export async function findLinesOfDocuments(
  executor: Executor,
  companyId: number,
  documentType: string,
  documentIds: readonly number[],
): Promise<InvoiceLineRow[]> {
  if (documentIds.length === 0) return [];
  return linesOfDocuments(executor, companyId, documentType, documentIds);
}

/**
 * Rows per INSERT: a line binds 18 values, so 500 rows are 9,000 parameters, well under
 * PostgreSQL's 65,535 and SQLite's 32,766 (since 3.32) per statement.
 */
const INSERT_BATCH_ROWS = 500;

type InvoiceLineInsert = InvoiceLineValues & Pick<InvoiceLineRow, "company_id" | "document_type" | "document_id">;

const insertLineRows = reusableInsert((executor, rows: InvoiceLineInsert[]) =>
  lines(executor).insertInto("invoice_lines").values(rows),
);
const _insertLineRowsReturningIds = reusableInsert((executor, rows: InvoiceLineInsert[]) =>
  lines(executor).insertInto("invoice_lines").values(rows).returning(["id", "position"]),
);

export async function insertLines(
  executor: Executor,
  companyId: number,
  document: DocumentReference,
  values: readonly InvoiceLineValues[],
): Promise<void> {
  for (let start = 0; start < values.length; start += INSERT_BATCH_ROWS) {
    await insertLineRows(executor, batchOf(values, start, companyId, document));
  }
}

/** The rows of one insert batch: `values` from `start`, tied to their company and document. */
function batchOf(
  values: readonly InvoiceLineValues[],
  start: number,
  companyId: number,
  document: DocumentReference,
): InvoiceLineInsert[] {
  return values.slice(start, start + INSERT_BATCH_ROWS).map((line) => ({
    ...line,
    company_id: companyId,
    document_type: document.type,
    document_id: document.id,
  }));
}

export async function updateLine(
  executor: Executor,
  companyId: number,
  document: DocumentReference,
  lineId: number,
  values: InvoiceLineValues,
): Promise<void> {
  await lines(executor)
    .updateTable("invoice_lines")
    .set(values)
    .where("company_id", "=", companyId)
    .where("document_type", "=", document.type)
    .where("document_id", "=", document.id)
    .where("id", "=", lineId)
    .execute();
}

export async function deleteLines(
  executor: Executor,
  companyId: number,
  document: DocumentReference,
  lineIds?: readonly number[],
): Promise<void> {
  if (lineIds !== undefined && lineIds.length === 0) return;
  let query = lines(executor)
    .deleteFrom("invoice_lines")
    .where("company_id", "=", companyId)
    .where("document_type", "=", document.type)
    .where("document_id", "=", document.id);
  if (lineIds !== undefined) query = query.where("id", "in", [...lineIds]);
  await query.execute();
}

export async function markLinesFinal(executor: Executor, companyId: number, document: DocumentReference) {
  await lines(executor)
    .updateTable("invoice_lines")
    .set({ is_final: 1 })
    .where("company_id", "=", companyId)
    .where("document_type", "=", document.type)
    .where("document_id", "=", document.id)
    .execute();
}

/** Quantities on final lines of one document type per product, as stored decimal strings. */
export async function finalQuantitiesOfProducts(
  executor: Executor,
  companyId: number,
  documentType: string,
  productIds: readonly number[],
): Promise<Array<{ product_id: number | null; quantity: string }>> {
  if (productIds.length === 0) return [];
  return lines(executor)
    .selectFrom("invoice_lines")
    .select(["product_id", "quantity"])
    .where("company_id", "=", companyId)
    .where("document_type", "=", documentType)
    .where("is_final", "=", 1)
    .where("product_id", "in", [...productIds])
    .execute();
}
