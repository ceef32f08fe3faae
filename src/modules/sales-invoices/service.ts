/**
 * Sales invoice use cases, written through the one documents pipeline (documents/service.ts)
 * with the sales invoice's configuration (kind.ts): each write is one transaction in which the
 * invoice, its lines, nested payments, the inline contact and — at publication — the number, the
 * frozen contact copy and the queued e-mail are stored together or not at all.
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ValidationErrors } from "../../platform/errors.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import {
  deleteDocument,
  findDocument,
  postEarlierPublication,
  saveDocument,
  writeDocumentIn,
} from "../documents/service.js";
import type { OutboxMessage } from "../outbox/service.js";
import type { SalesInvoiceAttributes, WriteOptions } from "./fields.js";
import { paidCents, SALES_INVOICE } from "./kind.js";
import { presentSalesInvoice, presentSalesInvoices, type SalesInvoice } from "./present.js";
import { salesInvoicePdf } from "./printable.js";
import type { SalesInvoiceSelection } from "./schemas.js";
import { type SalesInvoiceFilter, salesInvoiceLister } from "./store.js";

const listSalesInvoices = salesInvoiceLister(paidCents());

export type { WriteOptions } from "./fields.js";
export type { SalesInvoice } from "./present.js";
export type { SalesInvoiceTables } from "./store.js";

/**
 * A concept invoice made by another module (a quotation being invoiced) inside its transaction,
 * with the same rules as one made through the API. Answers the new invoice's id.
 */
export async function createConceptSalesInvoiceIn(
  transaction: Executor,
  deps: ServiceDeps,
  company: CompanyAccess,
  attributes: Pick<SalesInvoiceAttributes, "contact_id" | "template_id" | "invoice_lines">,
): Promise<number> {
  const noPayments = () => {
    throw new Error("a concept made from another document carries no payments");
  };
  const context = { deps, company, now: deps.now(), options: { requirePaymentsScope: noPayments }, afterCommit: [] };
  return writeDocumentIn(transaction, SALES_INVOICE, context, null, attributes, new ValidationErrors());
}

export function createSalesInvoice(
  deps: ServiceDeps,
  company: CompanyAccess,
  body: unknown,
  options: WriteOptions,
): Promise<SalesInvoice> {
  return saveDocument(deps, SALES_INVOICE, company, null, body, options);
}

export function updateCompanySalesInvoice(
  deps: ServiceDeps,
  company: CompanyAccess,
  invoiceId: number,
  body: unknown,
  options: WriteOptions,
): Promise<SalesInvoice> {
  return saveDocument(deps, SALES_INVOICE, company, invoiceId, body, options);
}

export interface SalesInvoiceSearch {
  from?: string;
  till?: string;
  contactId?: number;
  apiReference?: string;
  /** `search[q]` (a Kasboek extension) */
  text?: string;
}

const OUTSTANDING = ["published", "imported"] as const;

function selectionFilter(selection: SalesInvoiceSelection, today: string): SalesInvoiceFilter {
  switch (selection) {
    case "all":
      return {};
    case "published":
    case "concept":
    case "imported":
      return { statuses: [selection] };
    case "unpaid":
      return { statuses: OUTSTANDING, owed: "positive" };
    case "expired":
      return { statuses: OUTSTANDING, owed: "positive", dueBefore: today };
    case "overpaid":
      return { statuses: OUTSTANDING, owed: "negative" };
    case "credit_invoices":
      return { creditOnly: true };
    // Kasboek has no collection agency hand-over or doubtful-debt marking, so no invoice is in these
    case "questionable_or_unpayable":
    case "debt_collector":
      return { nothing: true };
  }
}

export async function listCompanySalesInvoices(
  deps: ServiceDeps,
  company: CompanyAccess,
  selection: SalesInvoiceSelection,
  search: SalesInvoiceSearch,
  paging: Paging,
): Promise<Page<SalesInvoice>> {
  const filter = { ...selectionFilter(selection, dateInTimeZone(deps.now(), company.timeZone)), ...search };
  const { rows, total } = await listSalesInvoices(deps.db, company.companyId, filter, paging);
  return { items: await presentSalesInvoices(deps.db, company, rows), total, paging };
}

export async function showSalesInvoice(
  deps: ServiceDeps,
  company: CompanyAccess,
  invoiceId: number,
): Promise<SalesInvoice> {
  return presentSalesInvoice(
    deps.db,
    company,
    await findDocument(deps.db, SALES_INVOICE, company.companyId, invoiceId),
  );
}

/** Only concepts can be deleted; their payments stay, unbooked again, and their files go. */
export function deleteCompanySalesInvoice(deps: ServiceDeps, company: CompanyAccess, invoiceId: number): Promise<void> {
  return deleteDocument(deps, SALES_INVOICE, company, invoiceId);
}

/** For nested routes (attachments): the invoice must be the company's. */
export async function requireSalesInvoice(deps: ServiceDeps, company: CompanyAccess, invoiceId: number) {
  await findDocument(deps.db, SALES_INVOICE, company.companyId, invoiceId);
}

export async function salesInvoicePdfOf(deps: ServiceDeps, company: CompanyAccess, invoiceId: number) {
  return salesInvoicePdf(deps.db, await findDocument(deps.db, SALES_INVOICE, company.companyId, invoiceId));
}

/** The outbox's attachment renderer for invoice copies: the invoice's PDF. */
export async function salesInvoiceMailAttachments(executor: Executor, message: OutboxMessage) {
  const row = await findDocument(executor, SALES_INVOICE, message.company_id, message.document_id);
  const pdf = await salesInvoicePdf(executor, row);
  return [{ filename: pdf.fileName, content: pdf.content, contentType: "application/pdf" }];
}

/** Posts an invoice published before the ledger existed (the upgrade migration). */
export function postEarlierSalesInvoice(executor: Executor, companyId: number, invoiceId: number): Promise<void> {
  return postEarlierPublication(executor, SALES_INVOICE, companyId, invoiceId);
}
