/**
 * The contact of a document (sales invoice, quotation, expense), one implementation for every
 * kind: `contact_id` or a new inline `contact` (created here, in the document's transaction; the
 * previous contact is dissociated, never deleted), and the `cached_contact` copy — the live
 * contact while the document is a concept, the copy frozen at publication after that.
 * The documents pipeline's contact step; other modules reach it through documents/service.ts.
 */
import type { Executor } from "../../db/connection.js";
import { ValidationErrors } from "../../platform/errors.js";
import {
  type ContactAttributes,
  type ContactRow,
  type ContactSnapshot,
  contactById,
  contactSnapshot,
  contactsByIds,
  createContactIn,
} from "../contacts/service.js";

export interface DocumentContactAttributes {
  contact?: ContactAttributes | null;
  contact_id?: number | null;
}

/** The contact the document will have after the request; problems are named as the document's. */
export async function resolveDocumentContact(
  transaction: Executor,
  companyId: number,
  currentContactId: number | null,
  attributes: DocumentContactAttributes,
  errors: ValidationErrors,
): Promise<ContactRow | null> {
  if (attributes.contact !== undefined && attributes.contact !== null) {
    if (attributes.contact_id !== undefined && attributes.contact_id !== null) {
      errors.add("contact", { key: "notWithContactId" });
      return null;
    }
    const contactErrors = new ValidationErrors();
    const created = await createContactIn(transaction, companyId, attributes.contact, contactErrors);
    errors.absorb(contactErrors, "contact.");
    return created;
  }
  const contactId = attributes.contact_id === undefined ? currentContactId : attributes.contact_id;
  if (contactId === null) return null;
  const contact = await contactById(transaction, companyId, contactId, "keep");
  if (!contact) errors.add("contact_id", { key: "notACompanyContact" });
  return contact ?? null;
}

export interface DocumentWithContact {
  contact_id: number | null;
  /** the frozen copy as stored (JSON), null until publication */
  cached_contact: string | null;
}

/** The copy to freeze into a document at publication. */
export function frozenContactCopy(contact: ContactRow | null): string | null {
  return contact === null ? null : JSON.stringify(contactSnapshot(contact));
}

/** The current contacts of the documents that have no frozen copy yet, in one query. */
export async function liveContactCopies(
  executor: Executor,
  companyId: number,
  documents: readonly DocumentWithContact[],
): Promise<Map<number, ContactSnapshot>> {
  const wanted = documents.flatMap((document) =>
    document.cached_contact === null && document.contact_id !== null ? [document.contact_id] : [],
  );
  const contacts = await contactsByIds(executor, companyId, wanted);
  return new Map([...contacts].map(([id, contact]) => [id, contactSnapshot(contact)]));
}

/** A document's `cached_contact`: frozen once published, the live contact before. */
export function documentContactCopy(
  document: DocumentWithContact,
  liveCopies: Map<number, ContactSnapshot>,
): ContactSnapshot | null {
  if (document.cached_contact !== null) return JSON.parse(document.cached_contact) as ContactSnapshot;
  return document.contact_id === null ? null : (liveCopies.get(document.contact_id) ?? null);
}
