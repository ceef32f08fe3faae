/**
 * SQL for `contacts`. Every query is scoped by company; contact numbers are unique per company
 * (enforced by a unique index). The `…IfNumberFree` writes report a number collision as
 * `undefined` and leave the caller's transaction usable, also on PostgreSQL.
 */
import { type Generated, type RawBuilder, type Selectable, sql, type Updateable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { isUniqueViolation, type RowLock, withRowLock } from "../../db/dialect.js";
import { selectPage } from "../../db/paging.js";
import { reusableQuery } from "../../db/reusable-query.js";
import { countOfAll, narrowsNothing } from "../../db/row-counts.js";
import { containsAny, likeAny, ofCompany } from "../../db/search.js";
import type { Paging } from "../../platform/params.js";
import { CONTACT_SEARCH_FIELDS } from "./schemas.js";

interface ContactsTable {
  id: Generated<number>;
  company_id: number;
  is_individual: number;
  is_supplier: number;
  company_name: string | null;
  contact_person_name: string | null;
  contact_person_email_address: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  government_identification_number: string | null;
  country_code: string | null;
  kvk_number: string | null;
  phone: string | null;
  vat_number: string | null;
  contact_number: string;
  free_1: string | null;
  free_2: string | null;
  free_3: string | null;
  /** normalised (platform/iban.ts): upper case, no spaces */
  iban: string | null;
}

export type ContactRow = Selectable<ContactsTable>;
export type ContactInsert = Omit<ContactRow, "id">;
export type ContactUpdate = Updateable<Omit<ContactsTable, "id" | "company_id">>;

interface ContactUsagesTable {
  company_id: number;
  contact_id: number;
  document_type: string;
  document_id: number;
}

export type ContactTables = { contacts: ContactsTable; contact_usages: ContactUsagesTable };

function contacts(executor: Executor) {
  return executor.withTables<ContactTables>();
}

export interface ContactFilter {
  selection: "all" | "customers" | "suppliers";
  query?: string;
  email?: string;
}

function filtered(executor: Executor, companyId: number, filter: ContactFilter) {
  // a search's index, when it answers, finds the rows and the company is checked on them (db/search.ts)
  let query = contacts(executor)
    .selectFrom("contacts")
    .where(ofCompany(executor, "contacts", companyId, filter.query));
  if (filter.selection === "customers") query = query.where("is_supplier", "=", 0);
  if (filter.selection === "suppliers") query = query.where("is_supplier", "=", 1);
  if (filter.email !== undefined) query = query.where("contact_person_email_address", "=", filter.email);
  const text = filter.query;
  if (text !== undefined) query = query.where(containsAny(executor, "contacts", CONTACT_SEARCH_FIELDS, text));
  return query;
}

/** A contact's names: the company's, or the person's; the contacts' search indexes (migration 0027) serve them. */
const NAME_COLUMNS = ["company_name", "contact_person_name"] as const;

/**
 * The ids of the company's contacts with `text` in a name, in any case (`%` and `_` literally), as
 * a subquery for the documents a contact's name finds (`search[q]` of invoices and expenses). The
 * index mirrors every searched contact column (city, address, …) on SQLite, so the contacts it
 * finds are narrowed to those with the text in a name.
 */
export function contactIdsNamed(executor: Executor, companyId: number, text: string): RawBuilder<unknown> {
  const inName = likeAny(
    NAME_COLUMNS.map((column) => `contacts.${column}`),
    text,
  );
  return sql`select contacts.id from contacts
    where ${ofCompany(executor, "contacts", companyId, text)}
    and ${containsAny(executor, "contacts", NAME_COLUMNS, text)} and ${inName}`;
}

export async function listContacts(
  executor: Executor,
  companyId: number,
  filter: ContactFilter,
  paging: Paging,
): Promise<{ rows: ContactRow[]; total: number }> {
  const { selection, ...narrowing } = filter;
  const whole = selection === "all" && narrowsNothing(narrowing);
  return selectPage(
    filtered(executor, companyId, filter),
    paging,
    (query) => query.selectAll().orderBy("id"),
    whole ? countOfAll(executor, "contacts", companyId) : undefined,
  );
}

/** How many contacts the company has (its plan's `max_contacts`). */
export async function countContacts(executor: Executor, companyId: number): Promise<number> {
  const row = await contacts(executor)
    .selectFrom("contacts")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("company_id", "=", companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const contactQuery = (executor: Executor, companyId: number, contactId: number) =>
  contacts(executor).selectFrom("contacts").selectAll().where("company_id", "=", companyId).where("id", "=", contactId);
const contactById = reusableQuery(contactQuery);

export async function findContact(
  executor: Executor,
  companyId: number,
  contactId: number,
  lock: RowLock = "read",
): Promise<ContactRow | undefined> {
  if (lock === "read") return (await contactById(executor, companyId, contactId))[0];
  return withRowLock(executor, contactQuery(executor, companyId, contactId), lock).executeTakeFirst();
}

export async function findContactsByIds(
  executor: Executor,
  companyId: number,
  contactIds: readonly number[],
): Promise<ContactRow[]> {
  if (contactIds.length === 0) return [];
  return contacts(executor)
    .selectFrom("contacts")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "in", [...contactIds])
    .execute();
}

export async function contactNumberTaken(
  executor: Executor,
  companyId: number,
  contactNumber: string,
  exceptContactId?: number,
): Promise<boolean> {
  // a search's index, when it answers, finds the rows and the company is checked on them (db/search.ts)
  let query = contacts(executor)
    .selectFrom("contacts")
    .select("id")
    .where("company_id", "=", companyId)
    .where("contact_number", "=", contactNumber);
  if (exceptContactId !== undefined) query = query.where("id", "!=", exceptContactId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertContact(executor: Executor, values: ContactInsert): Promise<ContactRow> {
  return contacts(executor).insertInto("contacts").values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Inserts unless the company already has the contact number, counting a row another transaction
 * is committing at that moment (PostgreSQL waits for it); undefined when the number was taken.
 */
export async function insertContactIfNumberFree(
  executor: Executor,
  values: ContactInsert,
): Promise<ContactRow | undefined> {
  return contacts(executor)
    .insertInto("contacts")
    .values(values)
    .onConflict((conflict) => conflict.columns(["company_id", "contact_number"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Updates unless the new contact number is taken; undefined when it was. An UPDATE has no
 * ON CONFLICT, and a failed statement aborts a PostgreSQL transaction, so the write runs under
 * a savepoint that a collision rolls back to. `transaction` must be a transaction.
 */
export async function updateContactIfNumberFree(
  transaction: Executor,
  companyId: number,
  contactId: number,
  changes: ContactUpdate,
): Promise<ContactRow | undefined> {
  await sql`savepoint contact_number_write`.execute(transaction);
  try {
    const row = await updateContact(transaction, companyId, contactId, changes);
    await sql`release savepoint contact_number_write`.execute(transaction);
    return row;
  } catch (error) {
    await sql`rollback to savepoint contact_number_write`.execute(transaction);
    await sql`release savepoint contact_number_write`.execute(transaction);
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Sets the contact's IBAN where it has none; answers whether it did. */
export async function setIbanWhereUnknown(
  executor: Executor,
  companyId: number,
  contactId: number,
  iban: string,
): Promise<boolean> {
  const result = await contacts(executor)
    .updateTable("contacts")
    .set({ iban })
    .where("company_id", "=", companyId)
    .where("id", "=", contactId)
    .where("iban", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updateContact(
  executor: Executor,
  companyId: number,
  contactId: number,
  changes: ContactUpdate,
): Promise<ContactRow> {
  return contacts(executor)
    .updateTable("contacts")
    .set(changes)
    .where("company_id", "=", companyId)
    .where("id", "=", contactId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteContact(executor: Executor, companyId: number, contactId: number): Promise<boolean> {
  const result = await contacts(executor)
    .deleteFrom("contacts")
    .where("company_id", "=", companyId)
    .where("id", "=", contactId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Records (once) that a published document holds on to a contact. */
const insertUsage = reusableQuery(
  (executor, companyId: number, contactId: number, documentType: string, documentId: number) =>
    contacts(executor)
      .insertInto("contact_usages")
      .values({ company_id: companyId, contact_id: contactId, document_type: documentType, document_id: documentId })
      .onConflict((conflict) => conflict.columns(["company_id", "document_type", "document_id"]).doNothing()),
);

export async function insertContactUsage(executor: Executor, usage: ContactUsagesTable): Promise<void> {
  await insertUsage(executor, usage.company_id, usage.contact_id, usage.document_type, usage.document_id);
}

export async function contactInUse(executor: Executor, companyId: number, contactId: number): Promise<boolean> {
  const usage = await contacts(executor)
    .selectFrom("contact_usages")
    .select("document_id")
    .where("company_id", "=", companyId)
    .where("contact_id", "=", contactId)
    .limit(1)
    .executeTakeFirst();
  return usage !== undefined;
}
