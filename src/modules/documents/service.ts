/**
 * The one documents pipeline: draft → validate → number → freeze → print, configured per type by
 * a `DocumentKind` (kind.ts). Sales invoices, quotations and expenses all write through here, so
 * the ledger has exactly one place to post a published document (`publish`).
 *
 * Invariants:
 * - One transaction per write; the document row is locked first, so two requests on one
 *   document never interleave. A new document has no row yet: its plan's quota is checked
 *   first instead, which locks the company's row when the quota is limited (plans/service.ts).
 * - Publication of a document that is posted holds the company's row for the books before it
 *   takes a number, so the company's row is always locked before a counter row, by every write:
 *   a new document checking its quota, and a publication posting to the ledger.
 * - Every problem of a request is recorded before anything is written; one 422 names them all.
 * - A locked (published) document accepts only its `editableWhenLocked` attributes, or values
 *   sent back exactly as shown.
 * - Numbers come from a per-company counter row inside the publishing transaction: gapless and
 *   unique under any concurrency; a number written by hand is never handed out again.
 * - A document published as it is created is inserted as a concept and published in the same
 *   transaction, by the one publication step (publication.ts); every write is answered from a
 *   fresh read.
 * - Only concepts are deleted; their payments stay (unlinked) and their files go.
 */
import type { Static, TObject } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { isUniqueViolation } from "../../db/dialect.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import { lockedChanges } from "../../platform/changes.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { invalid, notFound, ValidationErrors } from "../../platform/errors.js";
import { deleteAttachmentsOf } from "../attachments/service.js";
import {
  applyDocumentLines,
  deleteDocumentLines,
  type InvoiceLineItem,
  type LinesPlan,
  planDocumentLines,
} from "../invoice-lines/service.js";
import { removeDocumentPosting } from "../ledger/service.js";
import { syncDocumentPayments, unlinkDocumentPayments } from "../payments/service.js";
import { assertCanCreate } from "../plans/service.js";
import { productDefaultsOf } from "../products/service.js";
import type { DocumentDraft, DocumentKind, DocumentType, DraftTools, StoredDocument, WriteContext } from "./kind.js";
import { type KindOf, lockedRow, publishStored } from "./publication.js";

export type { DocumentContactAttributes, DocumentWithContact } from "./contact.js";
export { documentContactCopy, liveContactCopies, resolveDocumentContact } from "./contact.js";
export type {
  DocumentDraft,
  DocumentKind,
  DocumentStore,
  DocumentType,
  DraftTools,
  PublishedColumns,
  StoredDocument,
  Transition,
  WriteContext,
} from "./kind.js";
export { type CompanyDetails, documentPdf, type PrintContext, type PrintedDocument } from "./print.js";
export { companyOfWrite, documentPostingInput, postEarlierPublication } from "./publication.js";

/** The lines step of every draft: the request's line changes planned against the stored lines, products filling in what a line leaves out. */
export function planLines(
  tools: DraftTools,
  companyId: number,
  document: { type: DocumentType; id: number | null },
  items: readonly InvoiceLineItem[] | undefined,
): Promise<LinesPlan> {
  const { transaction, errors } = tools;
  return planDocumentLines(transaction, companyId, document, items, errors, productDefaultsOf(transaction, companyId));
}

/**
 * Writes one document (new when `id` is null) in the caller's transaction: state, lock and
 * field rules first, then the row, its lines and children, then publication or the state move.
 * Answers the document's id.
 */
export async function writeDocumentIn<
  Row extends StoredDocument,
  Schema extends TObject,
  Draft extends DocumentDraft<unknown>,
  Insert,
  Update,
  Presented,
  Options,
>(
  transaction: Executor,
  kind: DocumentKind<Row, Schema, Draft, Insert, Update, Presented, Options>,
  context: WriteContext<Options>,
  id: number | null,
  attributes: Partial<Static<Schema>>,
  errors: ValidationErrors,
): Promise<number> {
  const companyId = context.company.companyId;
  const quota = kind.quota;
  if (id === null && quota !== undefined) {
    await assertCanCreate(transaction, {
      resource: quota.resource,
      company: context.company,
      planLimited: context.company.planLimited,
      now: context.now,
      countCreatedSince: (since) => quota.countCreatedSince(transaction, companyId, since),
    });
  }
  const existing = id === null ? null : await lockedRow(transaction, kind, companyId, id);

  const transition = kind.transition(existing, attributes, context);
  if (!transition.ok) {
    if (transition.collected !== true) {
      throw invalid(kind.resource, [{ attribute: transition.attribute, problem: transition.problem }]);
    }
    errors.add(transition.attribute, transition.problem);
  }
  if (existing !== null && kind.isLocked(existing)) {
    const current = (await kind.present(transaction, context.company, existing, context.deps)) as Record<
      string,
      unknown
    >;
    const comparable = kind.comparable ? kind.comparable(attributes) : attributes;
    const locked = lockedChanges(comparable, current, kind.editableWhenLocked);
    if (locked.length > 0) throw invalid(kind.resource, [{ problem: kind.lockedProblem(existing, locked) }]);
  }

  const tools = { transaction, errors };
  const draft = await kind.draft(tools, context, existing, attributes);
  const publishing = transition.ok && transition.publishes;
  if (publishing) {
    if (kind.publicationNeedsContact && draft.contact === null)
      errors.add("contact_id", { key: "blankWhenPublishing" });
    if (draft.lines.lines.length === 0) errors.add("invoice_lines", { key: "emptyWhenPublishing" });
    if (kind.checkPublishable) await kind.checkPublishable(tools, context, draft);
  }
  errors.throwIfAny(kind.resource);

  // payments are only linked by this write or an earlier one: a new document without any has none to post
  const mayHavePayments = existing !== null || kind.addsPayments === undefined || kind.addsPayments(draft);
  const syncPayments = async (documentId: number) => {
    // its payments settle it in the books once it is posted (and stay unallocated before)
    if (kind.posting && mayHavePayments) {
      await syncDocumentPayments(transaction, context.company, { type: kind.type, id: documentId });
    }
  };
  let documentId: number;
  if (existing === null) {
    documentId = await kind.store.insert(transaction, kind.newRow(companyId, draft, context.now.toISOString()));
  } else {
    documentId = existing.id;
    await kind.store.update(transaction, companyId, documentId, kind.changedColumns(draft));
  }
  await applyDocumentLines(transaction, companyId, { type: kind.type, id: documentId }, draft.lines);
  if (kind.afterWrite) await kind.afterWrite(transaction, context, documentId, draft);
  if (publishing) await publishStored(transaction, kind, context, documentId, draft);
  else if (transition.ok && transition.apply) {
    await transition.apply(transaction, await lockedRow(transaction, kind, companyId, documentId));
  }
  await syncPayments(documentId);
  return documentId;
}

/** Create (`id` null) or update from a request body: one transaction, answered as presented. */
export async function saveDocument<
  Row extends StoredDocument,
  Schema extends TObject,
  Draft extends DocumentDraft<unknown>,
  Insert,
  Update,
  Presented,
  Options,
>(
  deps: ServiceDeps,
  kind: DocumentKind<Row, Schema, Draft, Insert, Update, Presented, Options>,
  company: CompanyAccess,
  id: number | null,
  body: unknown,
  options: Options,
): Promise<Presented> {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(kind.payload, body, { timeZone: company.timeZone }, errors);
  const context: WriteContext<Options> = { deps, company, now: deps.now(), options, afterCommit: [] };
  const presented = await deps.db
    .transaction()
    .execute(async (transaction) => {
      const writtenId = await writeDocumentIn(transaction, kind, context, id, attributes, errors);
      return kind.present(transaction, company, await lockedRow(transaction, kind, company.companyId, writtenId), deps);
    })
    .catch((error: unknown) => {
      // a concurrent request took the same number or reference between our check and our write
      if (isUniqueViolation(error)) throw invalid(kind.resource, [kind.uniqueViolation]);
      throw error;
    });
  for (const run of context.afterCommit) run();
  return presented;
}

/**
 * Deletes a document with its lines and files; its payments stay, unlinked. A published one (only
 * an expense may be: `undeletable`) leaves the books by a reversal of its posting on the posting's
 * own date, so a filed period refuses it like any posting; its number is not given again.
 */
export async function deleteDocument<Row extends StoredDocument>(
  deps: ServiceDeps,
  kind: KindOf<Row>,
  company: CompanyAccess,
  id: number,
): Promise<void> {
  await deps.db.transaction().execute(async (transaction) => {
    const row = await lockedRow(transaction, kind, company.companyId, id);
    const refusal = kind.undeletable(row);
    if (refusal !== null) throw invalid(kind.resource, [{ problem: refusal }]);
    const document = { type: kind.type, id };
    // first, while this transaction holds only the document's row: a payment being linked to the
    // document is waited for (and then unlinked) before anything that payment may wait for is taken
    await unlinkDocumentPayments(transaction, company, document);
    await deleteDocumentLines(transaction, company.companyId, document);
    await deleteAttachmentsOf(transaction, company.companyId, document);
    if (document.type === "sales_invoice" || document.type === "expense") {
      await removeDocumentPosting(transaction, company.companyId, { type: document.type, id }, kind.resource);
    }
    await kind.store.remove(transaction, company.companyId, id);
  });
}

/** The stored document, or 404 (for nested routes and downloads). */
export async function findDocument<Row extends StoredDocument>(
  executor: Executor,
  kind: KindOf<Row>,
  companyId: number,
  id: number,
): Promise<Row> {
  const row = await kind.store.find(executor, companyId, id);
  if (!row) throw notFound(kind.resource);
  return row;
}
