/**
 * Lines as the wire shows them, for every kind of document: from rows read for many documents at
 * once, or from rows a request has just written. Account paths are read in one query, and only
 * when a line has an account.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { centsToDecimal, formatDecimal } from "../../platform/money.js";
import { accountPathsById } from "../accounts/service.js";
import type { InvoiceLineSchema } from "./schemas.js";
import { findLinesOfDocuments, type InvoiceLineRow } from "./store.js";

export type InvoiceLine = Static<typeof InvoiceLineSchema>;

export function presentLine(row: InvoiceLineRow, accountPath: string | null): InvoiceLine {
  return {
    id: row.id,
    description: row.description,
    extended_description: row.extended_description,
    price_per_unit: formatDecimal(row.price_per_unit),
    price_with_vat: centsToDecimal(row.price_with_vat_cents),
    price_without_vat: centsToDecimal(row.price_without_vat_cents),
    vat_amount: centsToDecimal(row.vat_amount_cents),
    vat_rate: formatDecimal(row.vat_rate),
    vat_type_id: row.vat_type_id,
    quantity: formatDecimal(row.quantity),
    product_id: row.product_id,
    account_id: row.account_id,
    account_path: accountPath,
  };
}

/** The presented lines of many documents at once, by document id, in line order. */
export async function presentLinesByDocument(
  executor: Executor,
  companyId: number,
  documentType: string,
  documentIds: readonly number[],
): Promise<Map<number, InvoiceLine[]>> {
  const rows = await findLinesOfDocuments(executor, companyId, documentType, documentIds);
  return presentLineRows(executor, companyId, documentIds, rows);
}

/** Presents line rows already at hand (read, or just written), by document id, in their order. */
export async function presentLineRows(
  executor: Executor,
  companyId: number,
  documentIds: readonly number[],
  rows: readonly InvoiceLineRow[],
): Promise<Map<number, InvoiceLine[]>> {
  const paths = await accountPathsById(
    executor,
    companyId,
    rows.flatMap((row) => (row.account_id === null ? [] : [row.account_id])),
  );
  const byDocument = new Map<number, InvoiceLine[]>(documentIds.map((id) => [id, []]));
  for (const row of rows) {
    const path = row.account_id === null ? null : (paths.get(row.account_id) ?? null);
    byDocument.get(row.document_id)?.push(presentLine(row, path));
  }
  return byDocument;
}
