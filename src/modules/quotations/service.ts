/**
 * Quotation use cases. Each write is one transaction with the quotation row locked first; the
 * request's trigger (`_publish`, `_approve`, `_deny`, `_invoice`) moves the status only as the
 * transition table in rules.ts allows, and is refused naming the current status otherwise. From
 * publication on, the contact copy is frozen and the content locked.
 */
import { randomBytes } from "node:crypto";
import type { Executor } from "../../db/connection.js";
import { isUniqueViolation } from "../../db/dialect.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import { lockedChanges } from "../../platform/changes.js";
import { dateInTimeZone } from "../../platform/dates.js";
import { publicUrlOf, type ServiceDeps } from "../../platform/deps.js";
import { ApiError, notFound, ValidationErrors } from "../../platform/errors.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { isBlank } from "../../platform/text.js";
import { frozenContactCopy, resolveDocumentContact } from "../contacts/document-contacts.js";
import { holdContactForDocument } from "../contacts/service.js";
import { nextInSeries } from "../counters/service.js";
import { applyDocumentLines, deleteDocumentLines, planDocumentLines } from "../invoice-lines/service.js";
import { productDefaultsOf } from "../products/service.js";
import { checkDocumentTemplate } from "../templates/service.js";
import { invoiceQuotation } from "./invoicing.js";
import { DOCUMENT_TYPE, presentQuotation, presentQuotations, type Quotation } from "./present.js";
import {
  formatQuotationNumber,
  isLocked,
  type QuotationStatus,
  quotationNumberSeries,
  requestedTrigger,
  SIGN_LINK_VALID_DAYS,
  type Trigger,
  transition,
} from "./rules.js";
import { QuotationPayload, type QuotationSelection } from "./schemas.js";
import {
  deleteQuotation,
  findQuotation,
  insertQuotation,
  listQuotations,
  lockQuotation,
  type QuotationRow,
  quotationNumberTaken,
  updateQuotation,
} from "./store.js";

export type { Quotation } from "./present.js";

const RESOURCE = "Quotation";
const EDITABLE_WHEN_LOCKED: ReadonlySet<string> = new Set(["_publish", "_approve", "_deny", "_invoice"]);
const DAY_MS = 86_400_000;

function invalid(message: string): ApiError {
  return new ApiError("client.parameters.validation", `${RESOURCE} is invalid: ${message}`);
}

async function lockedRow(transaction: Executor, companyId: number, quotationId: number): Promise<QuotationRow> {
  if (!(await lockQuotation(transaction, companyId, quotationId))) throw notFound(RESOURCE);
  const row = await findQuotation(transaction, companyId, quotationId);
  if (!row) throw notFound(RESOURCE);
  return row;
}

/** The next number of the year's series that nobody wrote by hand already. */
async function generatedNumber(transaction: Executor, companyId: number, date: string): Promise<string> {
  for (;;) {
    const number = formatQuotationNumber(date, await nextInSeries(transaction, companyId, quotationNumberSeries(date)));
    if (!(await quotationNumberTaken(transaction, companyId, number, null))) return number;
  }
}

/** Moves the quotation as `trigger` says; the status check has passed already. */
async function applyTrigger(
  transaction: Executor,
  deps: ServiceDeps,
  company: CompanyAccess,
  row: QuotationRow,
  trigger: Trigger,
  to: QuotationStatus,
): Promise<void> {
  const now = deps.now();
  const companyId = company.companyId;
  if (trigger === "_publish") {
    const contact = await resolveDocumentContact(transaction, companyId, row.contact_id, {}, new ValidationErrors());
    if (contact !== null)
      await holdContactForDocument(transaction, companyId, contact.id, { type: DOCUMENT_TYPE, id: row.id });
    const signed = row.creates_sign_url_on_publish !== 0;
    await updateQuotation(transaction, companyId, row.id, {
      status: to,
      invoice_number: row.invoice_number ?? (await generatedNumber(transaction, companyId, row.date)),
      published_at: now.toISOString(),
      cached_contact: frozenContactCopy(contact),
      sign_token: signed ? randomBytes(32).toString("base64url") : null,
      sign_expires_at: signed ? new Date(now.getTime() + SIGN_LINK_VALID_DAYS * DAY_MS).toISOString() : null,
    });
    return;
  }
  if (trigger === "_invoice") {
    const salesInvoiceId = await invoiceQuotation(transaction, deps, company, row);
    await updateQuotation(transaction, companyId, row.id, { status: to, sales_invoice_id: salesInvoiceId });
    return;
  }
  await updateQuotation(transaction, companyId, row.id, {
    status: to,
    decided_by_name: null,
    decided_at: now.toISOString(),
    decided_via: "api",
  });
}

async function writeQuotation(
  transaction: Executor,
  deps: ServiceDeps,
  company: CompanyAccess,
  quotationId: number | null,
  body: unknown,
): Promise<number> {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(QuotationPayload, body, { timeZone: company.timeZone }, errors);
  const companyId = company.companyId;
  const existing = quotationId === null ? null : await lockedRow(transaction, companyId, quotationId);

  const requested = requestedTrigger(attributes);
  if (!requested.ok) throw invalid(requested.problem);
  const trigger = requested.trigger;
  const moved = trigger === null ? null : transition(existing ? (existing.status as QuotationStatus) : null, trigger);
  if (trigger !== null && moved !== null && !moved.ok) throw invalid(`${trigger} ${moved.problem}`);
  if (existing !== null && isLocked(existing.status as QuotationStatus)) {
    const current = await presentQuotation(transaction, companyId, publicUrlOf(deps), existing);
    const locked = lockedChanges(attributes, current, EDITABLE_WHEN_LOCKED);
    if (locked.length > 0) throw invalid(`a ${existing.status} quotation cannot change ${locked.join(", ")}`);
  }

  const contact = await resolveDocumentContact(
    transaction,
    companyId,
    existing?.contact_id ?? null,
    attributes,
    errors,
  );
  if (contact === null && !errors.has("contact_id")) errors.add("contact_id", "can't be blank");
  const date =
    attributes.date === undefined ? (existing?.date ?? dateInTimeZone(deps.now(), company.timeZone)) : attributes.date;
  if (date === null) errors.add("date", "can't be blank");
  const templateId = attributes.template_id === undefined ? (existing?.template_id ?? null) : attributes.template_id;
  await checkDocumentTemplate(transaction, companyId, templateId, errors);
  const givenNumber = attributes.invoice_number === undefined ? existing?.invoice_number : attributes.invoice_number;
  const invoiceNumber = isBlank(givenNumber) ? null : givenNumber.trim();
  if (
    invoiceNumber !== null &&
    (await quotationNumberTaken(transaction, companyId, invoiceNumber, existing?.id ?? null))
  ) {
    errors.add("invoice_number", "has already been taken");
  }
  const lines = await planDocumentLines(
    transaction,
    companyId,
    { type: DOCUMENT_TYPE, id: existing?.id ?? null },
    attributes.invoice_lines,
    errors,
    productDefaultsOf(transaction, companyId),
  );
  if (trigger === "_publish" && lines.lines.length === 0) errors.add("invoice_lines", "can't be empty when publishing");
  errors.throwIfAny(RESOURCE);

  const columns = {
    date: date ?? "",
    contact_id: contact?.id ?? null,
    template_id: templateId,
    invoice_number: invoiceNumber,
    creates_sign_url_on_publish:
      (attributes.creates_sign_url_on_publish ?? existing?.creates_sign_url_on_publish === 1) ? 1 : 0,
    ...lines.totals,
  };
  let id: number;
  if (existing === null) {
    id = await insertQuotation(transaction, {
      company_id: companyId,
      status: "concept",
      cached_contact: null,
      sign_token: null,
      sign_expires_at: null,
      decided_by_name: null,
      decided_at: null,
      decided_via: null,
      sales_invoice_id: null,
      published_at: null,
      created_at: deps.now().toISOString(),
      ...columns,
    });
  } else {
    id = existing.id;
    await updateQuotation(transaction, companyId, id, columns);
  }
  await applyDocumentLines(transaction, companyId, { type: DOCUMENT_TYPE, id }, lines);
  if (trigger !== null && moved?.ok) {
    await applyTrigger(transaction, deps, company, await lockedRow(transaction, companyId, id), trigger, moved.to);
  }
  return id;
}

async function save(deps: ServiceDeps, company: CompanyAccess, quotationId: number | null, body: unknown) {
  return deps.db
    .transaction()
    .execute(async (transaction) => {
      const id = await writeQuotation(transaction, deps, company, quotationId, body);
      return presentQuotation(
        transaction,
        company.companyId,
        publicUrlOf(deps),
        await lockedRow(transaction, company.companyId, id),
      );
    })
    .catch((error: unknown) => {
      // a concurrent request took the same number between our check and our write
      if (isUniqueViolation(error)) throw invalid("invoice_number has already been taken");
      throw error;
    });
}

export async function createQuotation(deps: ServiceDeps, company: CompanyAccess, body: unknown): Promise<Quotation> {
  return save(deps, company, null, body);
}

export async function updateCompanyQuotation(
  deps: ServiceDeps,
  company: CompanyAccess,
  quotationId: number,
  body: unknown,
): Promise<Quotation> {
  return save(deps, company, quotationId, body);
}

export interface QuotationSearch {
  from?: string;
  till?: string;
  contactId?: number;
}

/** `stopped` is the reference's name for quotations the customer turned down. */
const SELECTION_STATUSES: Record<QuotationSelection, readonly QuotationStatus[] | undefined> = {
  all: undefined,
  approved: ["approved"],
  stopped: ["denied"],
  published: ["published"],
  concept: ["concept"],
  invoiced: ["invoiced"],
};

export async function listCompanyQuotations(
  deps: ServiceDeps,
  company: CompanyAccess,
  selection: QuotationSelection,
  search: QuotationSearch,
  paging: Paging,
): Promise<Page<Quotation>> {
  const filter = { statuses: SELECTION_STATUSES[selection], ...search };
  const { rows, total } = await listQuotations(deps.db, company.companyId, filter, paging);
  return { items: await presentQuotations(deps.db, company.companyId, publicUrlOf(deps), rows), total, paging };
}

export async function showQuotation(
  deps: ServiceDeps,
  company: CompanyAccess,
  quotationId: number,
): Promise<Quotation> {
  const row = await findQuotation(deps.db, company.companyId, quotationId);
  if (!row) throw notFound(RESOURCE);
  return presentQuotation(deps.db, company.companyId, publicUrlOf(deps), row);
}

export async function quotationRow(
  deps: ServiceDeps,
  company: CompanyAccess,
  quotationId: number,
): Promise<QuotationRow> {
  const row = await findQuotation(deps.db, company.companyId, quotationId);
  if (!row) throw notFound(RESOURCE);
  return row;
}

/** Only concepts can be deleted. */
export async function deleteCompanyQuotation(
  deps: ServiceDeps,
  company: CompanyAccess,
  quotationId: number,
): Promise<void> {
  await deps.db.transaction().execute(async (transaction) => {
    const row = await lockedRow(transaction, company.companyId, quotationId);
    if (row.status !== "concept") throw invalid(`a ${row.status} quotation cannot be deleted, only a concept`);
    await deleteDocumentLines(transaction, company.companyId, { type: DOCUMENT_TYPE, id: quotationId });
    await deleteQuotation(transaction, company.companyId, quotationId);
  });
}
