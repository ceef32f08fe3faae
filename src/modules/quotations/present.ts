/**
 * A stored quotation as the wire shows it, field order as the reference; lists are presented
 * with one query for all their lines.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { presentLinesByDocument } from "../invoice-lines/service.js";
import type { QuotationSchema } from "./schemas.js";
import type { QuotationRow } from "./store.js";

export type Quotation = Static<typeof QuotationSchema>;
export const DOCUMENT_TYPE = "quotation";

/** The public signing page of a quotation with a signing token. */
export function signUrl(publicUrl: string, signToken: string): string {
  return `${publicUrl}/sign/quotations/${signToken}`;
}

export async function presentQuotations(
  executor: Executor,
  companyId: number,
  publicUrl: string,
  rows: readonly QuotationRow[],
): Promise<Quotation[]> {
  const lines = await presentLinesByDocument(
    executor,
    companyId,
    DOCUMENT_TYPE,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    contact_id: row.contact_id,
    template_id: row.template_id,
    invoice_number: row.invoice_number,
    date: row.date,
    creates_sign_url_on_publish: row.creates_sign_url_on_publish !== 0 ? true : undefined,
    id: row.id,
    sign_url: row.sign_token === null ? undefined : signUrl(publicUrl, row.sign_token),
    status: row.status,
    sales_invoice_id: row.sales_invoice_id ?? undefined,
    invoice_lines: lines.get(row.id) ?? [],
  }));
}

export async function presentQuotation(
  executor: Executor,
  companyId: number,
  publicUrl: string,
  row: QuotationRow,
): Promise<Quotation> {
  const [quotation] = await presentQuotations(executor, companyId, publicUrl, [row]);
  if (!quotation) throw new Error("quotation could not be presented");
  return quotation;
}
