/**
 * The sales invoices' `search[q]` (a Kasboek extension): the text in an invoice's number,
 * api_reference or description, or in its contact's name — SQL for the store (store.ts), served by
 * migration 0031's indexes and the contacts' own (0027), through db/search.ts.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { containsAny, likeAny, ofCompany } from "../../db/search.js";

/** The invoice's own columns `search[q]` looks in; migration 0031 indexes them. */
const SEARCHED_COLUMNS = ["invoice_number", "api_reference", "description"] as const;
/** The contact's names; the contacts' own search indexes (migration 0027) serve them. */
const CONTACT_NAME_COLUMNS = ["company_name", "contact_person_name"] as const;

/**
 * The company's invoices with `text` in their own searched columns or in their contact's name
 * (the contact as it is now, whose id the invoice keeps), as a union of two index lookups.
 * SQLite's contact index mirrors every searched contact column (city, address, …), so the
 * contacts it finds are narrowed to those with the text in a name.
 */
export function searched(executor: Executor, companyId: number, text: string): Expression<SqlBool> {
  const inName = likeAny(
    CONTACT_NAME_COLUMNS.map((column) => `contacts.${column}`),
    text,
  );
  const own = sql`select sales_invoices.id from sales_invoices
    where ${ofCompany(executor, "sales_invoices", companyId, text)}
    and ${containsAny(executor, "sales_invoices", SEARCHED_COLUMNS, text)}`;
  const named = sql`select contacts.id from contacts
    where ${ofCompany(executor, "contacts", companyId, text)}
    and ${containsAny(executor, "contacts", CONTACT_NAME_COLUMNS, text)} and ${inName}`;
  const ofContacts = sql`select sales_invoices.id from sales_invoices
    where sales_invoices.company_id = ${companyId} and sales_invoices.contact_id in (${named})`;
  return sql<SqlBool>`sales_invoices.id in (${own} union ${ofContacts})`;
}
