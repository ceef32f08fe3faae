/**
 * SQL for `attachments`. Every query is scoped by company and by the owning document, so an
 * attachment id alone never reaches another company's or another document's file. Lists never
 * select `content`: only a download reads the bytes. Both drivers hand back a Buffer for the
 * blob/bytea column; `asBuffer` makes that an explicit guarantee rather than a driver detail.
 */
import type { Generated, Selectable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { selectPage } from "../../db/paging.js";
import { reusableQuery } from "../../db/reusable-query.js";
import type { Paging } from "../../platform/params.js";

interface AttachmentsTable {
  id: Generated<number>;
  company_id: number;
  document_type: string;
  document_id: number;
  file_name: string;
  content_type: string;
  file_size_bytes: number;
  content: Buffer;
  created_at: string;
}

export type AttachmentRow = Selectable<AttachmentsTable>;
export type AttachmentInsert = Omit<AttachmentRow, "id">;
export type AttachmentSummary = Omit<AttachmentRow, "content">;

/** The document an attachment belongs to, e.g. `{type: "sales_invoice", id: 12}`. */
export interface DocumentKey {
  type: string;
  id: number;
}

type AttachmentTables = { attachments: AttachmentsTable };

const SUMMARY_COLUMNS = [
  "id",
  "company_id",
  "document_type",
  "document_id",
  "file_name",
  "content_type",
  "file_size_bytes",
  "created_at",
] as const;

function attachments(executor: Executor) {
  return executor.withTables<AttachmentTables>();
}

function asBuffer(content: Buffer | Uint8Array): Buffer {
  return Buffer.isBuffer(content) ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

function ofDocument(executor: Executor, companyId: number, document: DocumentKey) {
  return attachments(executor)
    .selectFrom("attachments")
    .where("company_id", "=", companyId)
    .where("document_type", "=", document.type)
    .where("document_id", "=", document.id);
}

export async function insertAttachment(executor: Executor, values: AttachmentInsert): Promise<AttachmentSummary> {
  return attachments(executor)
    .insertInto("attachments")
    .values(values)
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function listAttachmentSummaries(
  executor: Executor,
  companyId: number,
  document: DocumentKey,
  paging: Paging,
): Promise<{ rows: AttachmentSummary[]; total: number }> {
  return selectPage(ofDocument(executor, companyId, document), paging, (query) =>
    query.select(SUMMARY_COLUMNS).orderBy("id", "asc"),
  );
}

/** The attachments of many documents of one type, for embedding in a list of documents. */
const summariesOfDocuments = reusableQuery(
  (executor, companyId: number, documentType: string, documentIds: readonly number[]) =>
    attachments(executor)
      .selectFrom("attachments")
      .select(SUMMARY_COLUMNS)
      .where("company_id", "=", companyId)
      .where("document_type", "=", documentType)
      .where("document_id", "in", documentIds)
      .orderBy("document_id", "asc")
      .orderBy("id", "asc"),
);

export async function attachmentSummariesOf(
  executor: Executor,
  companyId: number,
  documentType: string,
  documentIds: readonly number[],
): Promise<AttachmentSummary[]> {
  if (documentIds.length === 0) return [];
  return summariesOfDocuments(executor, companyId, documentType, [...new Set(documentIds)]);
}

export async function findAttachment(
  executor: Executor,
  companyId: number,
  document: DocumentKey,
  attachmentId: number,
): Promise<AttachmentRow | undefined> {
  const row = await ofDocument(executor, companyId, document)
    .selectAll()
    .where("id", "=", attachmentId)
    .executeTakeFirst();
  return row === undefined ? undefined : { ...row, content: asBuffer(row.content) };
}

export async function deleteAttachmentRow(
  executor: Executor,
  companyId: number,
  document: DocumentKey,
  attachmentId: number,
): Promise<boolean> {
  const result = await attachments(executor)
    .deleteFrom("attachments")
    .where("company_id", "=", companyId)
    .where("document_type", "=", document.type)
    .where("document_id", "=", document.id)
    .where("id", "=", attachmentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteDocumentAttachmentRows(
  executor: Executor,
  companyId: number,
  document: DocumentKey,
): Promise<void> {
  await attachments(executor)
    .deleteFrom("attachments")
    .where("company_id", "=", companyId)
    .where("document_type", "=", document.type)
    .where("document_id", "=", document.id)
    .execute();
}
