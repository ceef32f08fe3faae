/**
 * The publication step of the documents pipeline: number, freeze the contact, finalise the lines,
 * the type's own steps, and the posting, for a stored concept (`publishStored`): a document
 * published as it is created is stored as a concept first, in the same transaction.
 *
 * Invariants:
 * - The company's row is held for the books (`holdBooksForPosting`, or the read of its details
 *   that holds it: `companyOfWrite`) before a number is taken, so every writer locks the company's
 *   row before a counter row (plans/store.ts takes it first too).
 * - Numbers come from a per-company counter row inside the publishing transaction: gapless and
 *   unique under any concurrency; a number written by hand is never handed out again.
 * - The counter row stays locked until commit: racing publications of a company take their
 *   numbers one after the other.
 */
import type { TObject } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { countryOfVatNumber } from "../../platform/countries.js";
import { notFound } from "../../platform/errors.js";
import { type CompanyDetails, companyDetails, companyDetailsHoldingBooks } from "../companies/service.js";
import { contactById, holdContactForDocument } from "../contacts/service.js";
import { nextInSeries } from "../counters/service.js";
import { finaliseDocumentLines, postableLinesOf } from "../invoice-lines/service.js";
import {
  type DocumentPostingInput,
  holdBooksForPosting,
  postedCounterparty,
  postPublishedDocument,
} from "../ledger/service.js";
import { frozenContactCopy } from "./contact.js";
import type { DocumentDraft, DocumentKind, StoredDocument, WriteContext } from "./kind.js";

/** A kind seen only through what every document has (the pipeline's own steps need no more). */
export type KindOf<Row extends StoredDocument> = DocumentKind<
  Row,
  TObject,
  DocumentDraft<unknown>,
  unknown,
  unknown,
  unknown,
  unknown
>;

/**
 * The company's details, read once per write however many steps ask (they do not change within
 * it). A step of a publication that will post asks `holdingBooks`: the read then also holds the
 * books (`holdBooks`), one statement instead of two.
 */
export function companyOfWrite(
  transaction: Executor,
  context: WriteContext<unknown>,
  { holdingBooks = false } = {},
): Promise<CompanyDetails | undefined> {
  if (holdingBooks && !context.booksHeld) {
    context.booksHeld = true;
    context.companyDetails = companyDetailsHoldingBooks(transaction, context.company.companyId);
  }
  context.companyDetails ??= companyDetails(transaction, context.company.companyId);
  return context.companyDetails;
}

/** Holds the company's row for the posting to come, unless this write holds it already. */
async function holdBooks(transaction: Executor, context: WriteContext<unknown>): Promise<void> {
  if (context.booksHeld) return;
  context.booksHeld = true;
  await holdBooksForPosting(transaction, context.company.companyId);
}

export async function lockedRow<Row extends StoredDocument>(
  transaction: Executor,
  kind: Pick<KindOf<Row>, "store" | "resource">,
  companyId: number,
  id: number,
): Promise<Row> {
  if (!(await kind.store.lock(transaction, companyId, id))) throw notFound(kind.resource);
  const row = await kind.store.find(transaction, companyId, id);
  if (!row) throw notFound(kind.resource);
  return row;
}

async function nextNumber(
  transaction: Executor,
  numbering: KindOf<StoredDocument>["numbering"],
  companyId: number,
  date: string,
): Promise<string> {
  for (;;) {
    const number = numbering.format(date, await nextInSeries(transaction, companyId, numbering.series(date)));
    if (!numbering.taken || !(await numbering.taken(transaction, companyId, number))) return number;
  }
}

/**
 * What the ledger posts a published document from: its stored lines, its counterparty as
 * published and the type's own facts. Also used to post documents published before the ledger.
 */
export async function documentPostingInput<Row extends StoredDocument>(
  executor: Executor,
  kind: Pick<KindOf<Row>, "type" | "posting">,
  companyId: number,
  row: Row,
  contact: { id: number | null; country_code: string | null; vat_number: string | null } | null,
): Promise<DocumentPostingInput> {
  if (!kind.posting || kind.type === "quotation") throw new Error(`${kind.type} documents post nothing`);
  const facts = kind.posting(row);
  const lines = await postableLinesOf(executor, companyId, { type: kind.type, id: row.id });
  const corrected = facts.corrects === null ? null : await postedCounterparty(executor, companyId, facts.corrects);
  const vatNumber = facts.vatNumber ?? contact?.vat_number ?? null;
  return {
    source: { type: kind.type, id: row.id },
    date: row.date,
    description: facts.description,
    contactId: contact?.id ?? null,
    // a counterparty without a country is in the state that issued its VAT number, if it has one
    country: contact?.country_code ?? countryOfVatNumber(vatNumber, row.date),
    vatNumber,
    saleType: facts.saleType,
    distanceSale: facts.distanceSale,
    defaultAccountId: facts.defaultAccountId,
    lines,
    // a correction lands where what it corrects landed (DocumentPostingFacts `corrects`)
    ...corrected,
  };
}

/** Numbers a stored concept, freezes its contact, finalises its lines and runs the type's own steps. */
export async function publishStored<Row extends StoredDocument, Draft extends DocumentDraft<unknown>, Options>(
  transaction: Executor,
  kind: DocumentKind<Row, TObject, Draft, unknown, unknown, unknown, Options>,
  context: WriteContext<Options>,
  id: number,
  draft: Draft,
): Promise<void> {
  const companyId = context.company.companyId;
  const row = await lockedRow(transaction, kind, companyId, id);
  if (kind.posting) await holdBooks(transaction, context);
  const invoiceNumber = row.invoice_number ?? (await nextNumber(transaction, kind.numbering, companyId, row.date));
  await kind.store.update(
    transaction,
    companyId,
    id,
    kind.publishedColumns(
      row,
      {
        invoice_number: invoiceNumber,
        published_at: context.now.toISOString(),
        cached_contact: frozenContactCopy(draft.contact),
      },
      context.now,
    ),
  );
  const document = { type: kind.type, id };
  if (draft.contact !== null) await holdContactForDocument(transaction, companyId, draft.contact.id, document);
  if (kind.finalisesLines) await finaliseDocumentLines(transaction, companyId, document);
  const published = await lockedRow(transaction, kind, companyId, id);
  if (kind.afterPublish) await kind.afterPublish(transaction, context, published, draft);
  if (kind.posting) {
    const input = await documentPostingInput(transaction, kind, companyId, published, draft.contact);
    await postPublishedDocument(transaction, companyId, input, kind.resource);
  }
}

/**
 * Posts a document that was published before the ledger existed (the upgrade of an installation),
 * with the counterparty's country as frozen at publication and the contact's VAT number.
 */
export async function postEarlierPublication<Row extends StoredDocument>(
  transaction: Executor,
  kind: KindOf<Row>,
  companyId: number,
  id: number,
): Promise<void> {
  const row = await kind.store.find(transaction, companyId, id);
  if (!row) return;
  const live = row.contact_id === null ? undefined : await contactById(transaction, companyId, row.contact_id);
  const frozen =
    row.cached_contact === null ? null : (JSON.parse(row.cached_contact) as { country_code?: string | null });
  const contact =
    live === undefined && frozen === null
      ? null
      : {
          id: live?.id ?? row.contact_id,
          country_code: frozen?.country_code ?? live?.country_code ?? null,
          vat_number: live?.vat_number ?? null,
        };
  const input = await documentPostingInput(transaction, kind, companyId, row, contact);
  await postPublishedDocument(transaction, companyId, input, kind.resource);
}
