/**
 * Sales invoice use cases. Each write is one transaction: the invoice, its lines, nested
 * payments, the inline contact and — at publication — the number, the frozen contact copy and
 * the queued e-mail are stored together or not at all. The invoice row is locked first, so two
 * requests on one invoice never interleave; the number comes from the company's counter inside
 * the publishing transaction, so numbers are gapless and unique under any concurrency.
 */
import type { Executor } from "../../db/connection.js";
import { isUniqueViolation } from "../../db/dialect.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import { lockedChanges } from "../../platform/changes.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError, notFound, ValidationErrors } from "../../platform/errors.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { deleteAttachmentsOf } from "../attachments/service.js";
import { frozenContactCopy } from "../contacts/document-contacts.js";
import { holdContactForDocument } from "../contacts/service.js";
import { nextInSeries } from "../counters/service.js";
import { applyDocumentLines, deleteDocumentLines, finaliseDocumentLines } from "../invoice-lines/service.js";
import { insertDocumentPayments, unlinkDocumentPayments } from "../payments/service.js";
import { findSalesInvoiceRow, paidCents } from "./load.js";
import { DOCUMENT_TYPE, presentSalesInvoice, presentSalesInvoices, type SalesInvoice } from "./present.js";
import { publicationMail } from "./printable.js";
import { EDITABLE_WHEN_PUBLISHED, formatInvoiceNumber, invoiceNumberSeries } from "./rules.js";
import { draftSalesInvoice, type InvoiceDraft, type SalesInvoiceAttributes } from "./save.js";
import { SalesInvoicePayload, type SalesInvoiceSelection } from "./schemas.js";
import {
  deleteSalesInvoice,
  insertSalesInvoice,
  listSalesInvoices,
  lockSalesInvoice,
  type SalesInvoiceFilter,
  type SalesInvoiceRow,
  updateSalesInvoice,
} from "./store.js";

export type { SalesInvoice } from "./present.js";

const RESOURCE = "Sales invoice";

export interface WriteOptions {
  /** throws 403 invalid_scope unless the caller may also manage payments */
  requirePaymentsScope: () => void;
}

function invalid(message: string): ApiError {
  return new ApiError("client.parameters.validation", `${RESOURCE} is invalid: ${message}`);
}

function checkPublishable(draft: InvoiceDraft, errors: ValidationErrors): void {
  if (draft.contact === null) errors.add("contact_id", "can't be blank when publishing");
  if (draft.lines.lines.length === 0) errors.add("invoice_lines", "can't be empty when publishing");
  if (draft.columns.sends_copy_by_email_on_publish && draft.contact !== null) {
    if (!draft.contact.contact_person_email_address) {
      errors.add("sends_copy_by_email_on_publish", "needs a contact with an e-mail address");
    }
  }
}

/** Numbers the invoice, freezes its contact, finalises its lines and queues the e-mail copy. */
async function publish(
  transaction: Executor,
  deps: ServiceDeps,
  company: CompanyAccess,
  invoiceId: number,
  draft: InvoiceDraft,
): Promise<boolean> {
  const date = draft.columns.date;
  const sequence = await nextInSeries(transaction, company.companyId, invoiceNumberSeries(date));
  const document = { type: DOCUMENT_TYPE, id: invoiceId };
  const invoiceNumber = formatInvoiceNumber(date, sequence);
  await updateSalesInvoice(transaction, company.companyId, invoiceId, {
    status: "published",
    invoice_number: invoiceNumber,
    published_at: deps.now().toISOString(),
    cached_contact: frozenContactCopy(draft.contact),
  });
  if (draft.contact !== null) await holdContactForDocument(transaction, company.companyId, draft.contact.id, document);
  await finaliseDocumentLines(transaction, company.companyId, document);
  if (!draft.columns.sends_copy_by_email_on_publish || draft.contact === null) return false;
  await publicationMail(transaction, company.companyId, invoiceId, invoiceNumber, draft, deps.now());
  return true;
}

/**
 * Writes one invoice (new when `invoiceId` is null) in the caller's transaction: every rule
 * checked first, then the row, its lines and payments, and the publication. Answers the invoice's
 * id and whether mail was queued.
 */
async function writeSalesInvoice(
  transaction: Executor,
  deps: ServiceDeps,
  company: CompanyAccess,
  invoiceId: number | null,
  attributes: SalesInvoiceAttributes,
  errors: ValidationErrors,
  options: WriteOptions,
): Promise<{ id: number; queuedMail: boolean }> {
  let existing: SalesInvoiceRow | null = null;
  if (invoiceId !== null) {
    if (!(await lockSalesInvoice(transaction, company.companyId, invoiceId))) throw notFound(RESOURCE);
    existing = (await findSalesInvoiceRow(transaction, company.companyId, invoiceId)) ?? null;
    if (existing === null) throw notFound(RESOURCE);
  }
  if (existing !== null && existing.status !== "concept") {
    if (attributes._publish === true) throw invalid("it is already published");
    const current = await presentSalesInvoice(transaction, company, existing);
    const locked = lockedChanges(attributes, current, EDITABLE_WHEN_PUBLISHED);
    if (locked.length > 0) throw invalid(`a published invoice cannot change ${locked.join(", ")}`);
  }
  const draft = await draftSalesInvoice(
    transaction,
    company,
    existing,
    attributes,
    errors,
    deps.now(),
    options.requirePaymentsScope,
  );
  const publishing = attributes._publish === true;
  if (publishing) checkPublishable(draft, errors);
  errors.throwIfAny(RESOURCE);

  let id: number;
  if (existing === null) {
    id = await insertSalesInvoice(transaction, {
      company_id: company.companyId,
      status: "concept",
      invoice_number: null,
      published_at: null,
      cached_contact: null,
      pay_url: null,
      created_at: deps.now().toISOString(),
      ...draft.columns,
    });
  } else {
    id = existing.id;
    await updateSalesInvoice(transaction, company.companyId, id, draft.columns);
  }
  const document = { type: DOCUMENT_TYPE, id };
  await applyDocumentLines(transaction, company.companyId, document, draft.lines);
  await insertDocumentPayments(transaction, company.companyId, document, draft.payments);
  const queuedMail = publishing ? await publish(transaction, deps, company, id, draft) : false;
  return { id, queuedMail };
}

async function save(
  deps: ServiceDeps,
  company: CompanyAccess,
  invoiceId: number | null,
  body: unknown,
  options: WriteOptions,
): Promise<SalesInvoice> {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(SalesInvoicePayload, body, { timeZone: company.timeZone }, errors);
  const { invoice, queuedMail } = await deps.db
    .transaction()
    .execute(async (transaction) => {
      const written = await writeSalesInvoice(transaction, deps, company, invoiceId, attributes, errors, options);
      const saved = await findSalesInvoiceRow(transaction, company.companyId, written.id);
      if (!saved) throw notFound(RESOURCE);
      return { invoice: await presentSalesInvoice(transaction, company, saved), queuedMail: written.queuedMail };
    })
    .catch((error: unknown) => {
      // a concurrent request took the same api_reference between our check and our write
      if (isUniqueViolation(error)) throw invalid("api_reference has already been taken");
      throw error;
    });
  if (queuedMail) deps.nudgeOutbox?.();
  return invoice;
}

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
  const written = await writeSalesInvoice(transaction, deps, company, null, attributes, new ValidationErrors(), {
    requirePaymentsScope: noPayments,
  });
  return written.id;
}

export async function createSalesInvoice(
  deps: ServiceDeps,
  company: CompanyAccess,
  body: unknown,
  options: WriteOptions,
): Promise<SalesInvoice> {
  return save(deps, company, null, body, options);
}

export async function updateCompanySalesInvoice(
  deps: ServiceDeps,
  company: CompanyAccess,
  invoiceId: number,
  body: unknown,
  options: WriteOptions,
): Promise<SalesInvoice> {
  return save(deps, company, invoiceId, body, options);
}

export interface SalesInvoiceSearch {
  from?: string;
  till?: string;
  contactId?: number;
  apiReference?: string;
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
  const { rows, total } = await listSalesInvoices(deps.db, company.companyId, filter, paging, paidCents());
  return { items: await presentSalesInvoices(deps.db, company, rows), total, paging };
}

export async function showSalesInvoice(
  deps: ServiceDeps,
  company: CompanyAccess,
  invoiceId: number,
): Promise<SalesInvoice> {
  const row = await findSalesInvoiceRow(deps.db, company.companyId, invoiceId);
  if (!row) throw notFound(RESOURCE);
  return presentSalesInvoice(deps.db, company, row);
}

/** Only concepts can be deleted; their payments stay, unbooked again, and their files go. */
export async function deleteCompanySalesInvoice(
  deps: ServiceDeps,
  company: CompanyAccess,
  invoiceId: number,
): Promise<void> {
  await deps.db.transaction().execute(async (transaction) => {
    if (!(await lockSalesInvoice(transaction, company.companyId, invoiceId))) throw notFound(RESOURCE);
    const row = await findSalesInvoiceRow(transaction, company.companyId, invoiceId);
    if (!row) throw notFound(RESOURCE);
    if (row.status !== "concept") {
      throw invalid("a published invoice cannot be deleted; correct it with a credit invoice");
    }
    const document = { type: DOCUMENT_TYPE, id: invoiceId };
    await deleteDocumentLines(transaction, company.companyId, document);
    await deleteAttachmentsOf(transaction, company.companyId, document);
    await unlinkDocumentPayments(transaction, company.companyId, document);
    await deleteSalesInvoice(transaction, company.companyId, invoiceId);
  });
}

/** For nested routes (attachments): the invoice must be the company's. */
export async function requireSalesInvoice(deps: ServiceDeps, company: CompanyAccess, invoiceId: number) {
  if (!(await findSalesInvoiceRow(deps.db, company.companyId, invoiceId))) throw notFound(RESOURCE);
}
