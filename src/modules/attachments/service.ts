/**
 * Files attached to a document (a sales invoice now, expenses later). An attachment belongs to
 * exactly one document of one company and is only ever reached through that document, so the
 * caller (the parent's routes) decides whether the document exists and may change. Uploads and
 * deletes re-run that check inside their transaction, so a file is never added to or removed
 * from a document that is concurrently deleted or locked. Content types come from the bytes.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import type { Resource } from "../../platform/catalogue/keys.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound, ValidationErrors } from "../../platform/errors.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import type { Scope } from "../../platform/scopes.js";
import { checkFileName, decodeBase64, detectContentType } from "./rules.js";

/** The upload rules other modules that take a file share (bank statements). */
export { checkFileName, decodeBase64, uploadBodyLimit } from "./rules.js";

import { type AttachmentObjectSchema, AttachmentPayload } from "./schemas.js";

/** The attachment objects a document shows, as its response schema embeds them. */
export { AttachmentObjectSchema } from "./schemas.js";

import {
  type AttachmentSummary,
  attachmentSummariesOf,
  type DocumentKey,
  deleteAttachmentRow,
  deleteDocumentAttachmentRows,
  findAttachment,
  insertAttachment,
  listAttachmentSummaries,
} from "./store.js";

export type AttachmentObject = Static<typeof AttachmentObjectSchema>;
export type { DocumentKey };

/** A document as attachments see it: its key plus its API path, under which downloads live. */
/** Why the parent is looked up: a parent may refuse `change` (e.g. a locked document). */
export type ParentPurpose = "read" | "change";

export interface AttachmentParent {
  /** the parent's path segment, e.g. "sales_invoices" */
  pathSegment: string;
  /** the path parameter naming the parent, e.g. "sales_invoice_id" */
  idParam: string;
  /** stored as attachments.document_type, e.g. "sales_invoice" */
  documentType: string;
  /** the parent as its 404 message names it, e.g. "salesInvoice" */
  resource: Resource;
  scope: Scope;
  /**
   * Throws notFound when the parent is not the company's; may also refuse changes. For uploads
   * and deletes it runs again inside the write transaction (`deps.db` is then that transaction):
   * it must not open a transaction of its own, and may lock the parent row.
   */
  findParent: (deps: ServiceDeps, company: CompanyAccess, parentId: number, purpose: ParentPurpose) => Promise<void>;
}

export interface AttachedDocument extends DocumentKey {
  /** e.g. `/api/v1/companies/1/sales_invoices/2`; download paths are `${path}/attachments/${id}` */
  path: string;
}

export interface AttachmentDownload {
  file_name: string;
  content_type: string;
  content: Buffer;
}

/** Re-checks the parent document with the deps given (inside the write transaction). */
export type ParentGuard = (deps: ServiceDeps) => Promise<void>;

const RESOURCE = "attachment";
const noGuard: ParentGuard = async () => {};

function presentAttachment(row: AttachmentSummary, url: string): AttachmentObject {
  return {
    id: row.id,
    attachment: url,
    attachment_file_name: row.file_name,
    attachment_content_type: row.content_type,
    attachment_file_size: row.file_size_bytes,
  };
}

function downloadPath(document: AttachedDocument, attachmentId: number): string {
  return `${document.path}/attachments/${attachmentId}`;
}

/** Decodes and checks the payload; one 422 names every invalid attribute. */
function readUpload(company: CompanyAccess, body: unknown): { fileName: string; content: Buffer } {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(AttachmentPayload, body, { timeZone: company.timeZone }, errors);
  let content: Buffer | undefined;
  if (!errors.has("attachment")) {
    if (attributes.attachment === undefined || attributes.attachment === null) {
      errors.add("attachment", { key: "blankFile" });
    } else {
      const decoded = decodeBase64(attributes.attachment);
      if (decoded.ok) content = decoded.value;
      else errors.add("attachment", decoded.problem);
    }
  }
  let fileName: string | undefined;
  if (!errors.has("attachment_file_name")) {
    const checked = checkFileName(attributes.attachment_file_name);
    if (checked.ok) fileName = checked.value;
    else errors.add("attachment_file_name", checked.problem);
  }
  errors.throwIfAny(RESOURCE);
  if (content === undefined || fileName === undefined)
    throw new Error("upload checked without a problem but incomplete");
  return { fileName, content };
}

export async function uploadAttachment(
  deps: ServiceDeps,
  company: CompanyAccess,
  document: AttachedDocument,
  body: unknown,
  guard: ParentGuard = noGuard,
): Promise<AttachmentObject> {
  const { fileName, content } = readUpload(company, body);
  const row = await deps.db.transaction().execute(async (transaction) => {
    await guard({ ...deps, db: transaction });
    return insertAttachment(transaction, {
      company_id: company.companyId,
      document_type: document.type,
      document_id: document.id,
      file_name: fileName,
      content_type: detectContentType(content),
      file_size_bytes: content.length,
      content,
      created_at: deps.now().toISOString(),
    });
  });
  return presentAttachment(row, downloadPath(document, row.id));
}

export async function listAttachments(
  deps: ServiceDeps,
  company: CompanyAccess,
  document: AttachedDocument,
  paging: Paging,
): Promise<Page<AttachmentObject>> {
  const { rows, total } = await listAttachmentSummaries(deps.db, company.companyId, document, paging);
  return { items: rows.map((row) => presentAttachment(row, downloadPath(document, row.id))), total, paging };
}

export async function downloadAttachment(
  deps: ServiceDeps,
  company: CompanyAccess,
  document: DocumentKey,
  attachmentId: number,
): Promise<AttachmentDownload> {
  const row = await findAttachment(deps.db, company.companyId, document, attachmentId);
  if (!row) throw notFound(RESOURCE);
  return { file_name: row.file_name, content_type: row.content_type, content: row.content };
}

export async function deleteAttachment(
  deps: ServiceDeps,
  company: CompanyAccess,
  document: DocumentKey,
  attachmentId: number,
  guard: ParentGuard = noGuard,
): Promise<void> {
  await deps.db.transaction().execute(async (transaction) => {
    await guard({ ...deps, db: transaction });
    if (!(await deleteAttachmentRow(transaction, company.companyId, document, attachmentId))) throw notFound(RESOURCE);
  });
}

/** When a document is deleted its files go with it, in the caller's transaction. */
export async function deleteAttachmentsOf(transaction: Executor, companyId: number, document: DocumentKey) {
  await deleteDocumentAttachmentRows(transaction, companyId, document);
}

/**
 * The presented attachments of many documents of one type in one query, for embedding as
 * `attachment_objects`; `urlFor` gives the download path of each. Documents without files are
 * absent from the map.
 */
export async function attachmentObjectsByDocument(
  executor: Executor,
  companyId: number,
  documentType: string,
  documentIds: readonly number[],
  urlFor: (documentId: number, attachmentId: number) => string,
): Promise<Map<number, AttachmentObject[]>> {
  const rows = await attachmentSummariesOf(executor, companyId, documentType, documentIds);
  const byDocument = new Map<number, AttachmentObject[]>();
  for (const row of rows) {
    const presented = presentAttachment(row, urlFor(row.document_id, row.id));
    const list = byDocument.get(row.document_id);
    if (list) list.push(presented);
    else byDocument.set(row.document_id, [presented]);
  }
  return byDocument;
}
