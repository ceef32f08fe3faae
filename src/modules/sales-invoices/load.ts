/**
 * Reading stored invoices together with what has been paid on them, summed from the linked
 * payments at read time (never stored on the invoice, so it cannot drift).
 */
import type { Executor } from "../../db/connection.js";
import { paidCentsOfDocuments } from "../payments/service.js";
import { DOCUMENT_TYPE } from "./present.js";
import { findSalesInvoice, type SalesInvoiceRow } from "./store.js";

export function paidCents() {
  return paidCentsOfDocuments("sales_invoices", DOCUMENT_TYPE);
}

export async function findSalesInvoiceRow(
  executor: Executor,
  companyId: number,
  invoiceId: number,
): Promise<SalesInvoiceRow | undefined> {
  return findSalesInvoice(executor, companyId, invoiceId, paidCents());
}
