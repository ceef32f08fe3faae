/**
 * Contacts (customers and suppliers). Contact numbers are unique per company; a blank one, on
 * create or update, is generated from the company's counter inside the writing transaction,
 * skipping numbers a person used by hand (see numbers.ts), so numbers are never handed out twice.
 * Every new contact, also one a document creates inline, counts against the plan's
 * `max_contacts` (402 when it is reached), checked first in the creating transaction.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { booleanFromColumn, booleanToColumn } from "../../db/dialect.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError, notFound, ValidationErrors } from "../../platform/errors.js";
import { checkIban, normaliseIban } from "../../platform/iban.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { isBlank, normaliseCountryCode, normaliseVatNumber } from "../../platform/text.js";
import { assertCanCreate } from "../plans/service.js";
import { checkGivenContactNumber, duplicateContactNumber, writeWithGeneratedNumber } from "./numbers.js";
import { contactName, validateContact } from "./rules.js";
import { ContactPayload, type ContactSchema } from "./schemas.js";

/** The inline contact a document may carry, as its request schema embeds it. */
export { ContactAttributes as ContactAttributesSchema } from "./schemas.js";

import {
  type ContactFilter,
  type ContactRow,
  contactInUse,
  countContacts,
  deleteContact,
  findContact,
  findContactsByIds,
  insertContact,
  insertContactIfNumberFree,
  insertContactUsage,
  listContacts,
  setIbanWhereUnknown,
  updateContact,
  updateContactIfNumberFree,
} from "./store.js";

export type { ContactRow, ContactTables } from "./store.js";
/** The company's contacts with a text in their name, as a subquery for the documents' `search[q]`. */
export { contactIdsNamed } from "./store.js";
export type Contact = Static<typeof ContactSchema>;
export type ContactAttributes = Partial<Static<typeof ContactPayload.schema>>;
const RESOURCE = "contact";

export function presentContact(row: ContactRow): Contact {
  const isIndividual = row.is_individual !== 0;
  return {
    id: row.id,
    is_individual: isIndividual,
    is_supplier: booleanFromColumn(row.is_supplier),
    name: contactName({
      is_individual: isIndividual,
      company_name: row.company_name,
      contact_person_name: row.contact_person_name,
    }),
    company_name: row.company_name,
    contact_person_name: row.contact_person_name,
    contact_person_email_address: row.contact_person_email_address,
    address: row.address,
    zipcode: row.zipcode,
    city: row.city,
    government_identification_number: row.government_identification_number,
    country_code: row.country_code,
    kvk_number: row.kvk_number,
    phone: row.phone,
    vat_number: row.vat_number,
    contact_number: row.contact_number,
    free_1: row.free_1,
    free_2: row.free_2,
    free_3: row.free_3,
    iban: row.iban ?? undefined,
  };
}

/** Column values for the supplied attributes only, normalised. */
function columnsOf(attributes: ContactAttributes) {
  const { is_individual, is_supplier, country_code, vat_number, contact_number, iban, ...text } = attributes;
  return {
    ...text,
    ...(is_individual !== undefined ? { is_individual: booleanToColumn(is_individual ?? false) ?? 0 } : {}),
    ...(is_supplier !== undefined ? { is_supplier: booleanToColumn(is_supplier ?? false) ?? 0 } : {}),
    ...(country_code !== undefined ? { country_code: normaliseCountryCode(country_code) } : {}),
    ...(vat_number !== undefined ? { vat_number: normaliseVatNumber(vat_number) } : {}),
    ...(iban !== undefined ? { iban: normaliseIban(iban) } : {}),
    ...(contact_number !== undefined ? { contact_number: isBlank(contact_number) ? null : contact_number.trim() } : {}),
  };
}

type ValidatedColumns = Partial<
  Pick<
    ContactRow,
    "is_individual" | "company_name" | "contact_person_name" | "contact_person_email_address" | "country_code" | "iban"
  >
>;

function validateColumns(candidate: ValidatedColumns, errors: ValidationErrors): void {
  validateContact(
    {
      is_individual: candidate.is_individual === 1,
      company_name: candidate.company_name ?? null,
      contact_person_name: candidate.contact_person_name ?? null,
      contact_person_email_address: candidate.contact_person_email_address ?? null,
      country_code: candidate.country_code ?? null,
      iban: candidate.iban ?? null,
    },
    errors,
  );
}

/**
 * Creates a contact inside the caller's transaction; used by this module's endpoint and by
 * documents that create their contact inline. Problems are added to `errors`, which the caller
 * throws; null is returned when the contact could not be stored.
 */
export async function createContactIn(
  transaction: Executor,
  companyId: number,
  attributes: ContactAttributes,
  errors: ValidationErrors,
): Promise<ContactRow | null> {
  await assertCanCreate(transaction, {
    resource: "contacts",
    companyId,
    count: () => countContacts(transaction, companyId),
  });
  const { contact_number: givenNumber = null, ...columns } = columnsOf(attributes);
  const candidate = { is_individual: 0, is_supplier: 0, ...columns };
  validateColumns(candidate, errors);
  if (givenNumber !== null) await checkGivenContactNumber(transaction, companyId, givenNumber, errors);
  if (!errors.isEmpty) return null;
  const values = {
    company_id: companyId,
    company_name: null,
    contact_person_name: null,
    contact_person_email_address: null,
    address: null,
    zipcode: null,
    city: null,
    government_identification_number: null,
    country_code: null,
    kvk_number: null,
    phone: null,
    vat_number: null,
    free_1: null,
    free_2: null,
    free_3: null,
    iban: null,
    ...candidate,
  };
  if (givenNumber !== null) {
    return insertContact(transaction, { ...values, contact_number: givenNumber }).catch(duplicateContactNumber);
  }
  return writeWithGeneratedNumber(transaction, companyId, (contactNumber) =>
    insertContactIfNumberFree(transaction, { ...values, contact_number: contactNumber }),
  );
}

function readContact(company: CompanyAccess, body: unknown) {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(ContactPayload, body, { timeZone: company.timeZone }, errors);
  return { attributes, errors };
}

export async function createContact(deps: ServiceDeps, company: CompanyAccess, body: unknown): Promise<Contact> {
  const { attributes, errors } = readContact(company, body);
  const row = await deps.db.transaction().execute(async (transaction) => {
    const created = await createContactIn(transaction, company.companyId, attributes, errors);
    errors.throwIfAny(RESOURCE);
    return created;
  });
  if (row === null) throw new Error("contact was neither stored nor rejected");
  return presentContact(row);
}

export async function updateCompanyContact(
  deps: ServiceDeps,
  company: CompanyAccess,
  contactId: number,
  body: unknown,
): Promise<Contact> {
  const { attributes, errors } = readContact(company, body);
  return deps.db.transaction().execute(async (transaction) => {
    const existing = await findContact(transaction, company.companyId, contactId, "lock");
    if (!existing) throw notFound(RESOURCE);
    const { contact_number: requestedNumber, ...columns } = columnsOf(attributes);
    validateColumns({ ...existing, ...columns }, errors);
    const givenNumber =
      typeof requestedNumber === "string" && requestedNumber !== existing.contact_number ? requestedNumber : undefined;
    if (givenNumber !== undefined) {
      await checkGivenContactNumber(transaction, company.companyId, givenNumber, errors, contactId);
    }
    errors.throwIfAny(RESOURCE);
    // A blank (or null) number asks for a generated one, as on create.
    if (requestedNumber === null) {
      const row = await writeWithGeneratedNumber(transaction, company.companyId, (contactNumber) =>
        updateContactIfNumberFree(transaction, company.companyId, contactId, {
          ...columns,
          contact_number: contactNumber,
        }),
      );
      return presentContact(row);
    }
    const changes = { ...columns, ...(givenNumber === undefined ? {} : { contact_number: givenNumber }) };
    if (Object.keys(changes).length === 0) return presentContact(existing);
    return presentContact(
      await updateContact(transaction, company.companyId, contactId, changes).catch(duplicateContactNumber),
    );
  });
}

export async function listCompanyContacts(
  deps: ServiceDeps,
  company: CompanyAccess,
  filter: ContactFilter,
  paging: Paging,
): Promise<Page<Contact>> {
  const { rows, total } = await listContacts(deps.db, company.companyId, filter, paging);
  return { items: rows.map(presentContact), total, paging };
}

export async function showContact(deps: ServiceDeps, company: CompanyAccess, contactId: number): Promise<Contact> {
  const row = await findContact(deps.db, company.companyId, contactId);
  if (!row) throw notFound(RESOURCE);
  return presentContact(row);
}

/**
 * For documents: the stored contact of this company, or undefined. With "keep" (a document about
 * to refer to it) it cannot be deleted before the caller's transaction ends: a delete waits, then
 * finds it in use; a delete that came first is seen as its absence.
 */
export async function contactById(
  executor: Executor,
  companyId: number,
  contactId: number,
  lock: "read" | "keep" = "read",
): Promise<ContactRow | undefined> {
  return findContact(executor, companyId, contactId, lock);
}

/**
 * The copy of a contact a document keeps (`cached_contact`), with the contact's VAT
 * number beside it for the document's own rules. Shared by every kind of document.
 */
export interface ContactSnapshot {
  name: string | null;
  contact_person_name: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  country_code: string | null;
  contact_person_email_address: string | null;
  contact_number: string | null;
}

export function contactSnapshot(row: ContactRow): ContactSnapshot {
  const contact = presentContact(row);
  return {
    name: contact.name,
    contact_person_name: contact.contact_person_name,
    address: contact.address,
    zipcode: contact.zipcode,
    city: contact.city,
    country_code: contact.country_code,
    contact_person_email_address: contact.contact_person_email_address,
    contact_number: contact.contact_number,
  };
}

/** The company's contacts with these ids, by id; ids that are not its contacts are absent. */
export async function contactsByIds(
  executor: Executor,
  companyId: number,
  contactIds: readonly number[],
): Promise<Map<number, ContactRow>> {
  const rows = await findContactsByIds(executor, companyId, [...new Set(contactIds)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Called by a document when it is published, inside its transaction: from then on the contact
 * cannot be deleted, since the published document must keep pointing at it.
 */
export async function holdContactForDocument(
  transaction: Executor,
  companyId: number,
  contactId: number,
  document: { type: string; id: number },
): Promise<void> {
  await insertContactUsage(transaction, {
    company_id: companyId,
    contact_id: contactId,
    document_type: document.type,
    document_id: document.id,
  });
}

export async function deleteCompanyContact(
  deps: ServiceDeps,
  company: CompanyAccess,
  contactId: number,
): Promise<void> {
  await deps.db.transaction().execute(async (transaction) => {
    // locked: a document made for the contact meanwhile keeps it (documents/contact.ts), so it waits
    // for that document, and then finds the contact in use
    if (!(await findContact(transaction, company.companyId, contactId, "lock"))) throw notFound(RESOURCE);
    if (await contactInUse(transaction, company.companyId, contactId)) {
      throw new ApiError("client.parameters.validation", { key: "inUse", resource: RESOURCE });
    }
    await deleteContact(transaction, company.companyId, contactId);
  });
}

/**
 * A bank payment from `iban` was confirmed as paying one of the contact's documents: the contact
 * learns that IBAN, unless it has one already (the owner's own entry, or an earlier match, wins).
 * Only a valid IBAN is learned.
 */
export async function learnContactIban(
  executor: Executor,
  companyId: number,
  contactId: number,
  iban: string,
): Promise<boolean> {
  const normalised = normaliseIban(iban);
  if (normalised === null || !checkIban(normalised).ok) return false;
  return setIbanWhereUnknown(executor, companyId, contactId, normalised);
}
