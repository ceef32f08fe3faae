/**
 * The sales invoices' `search[q]` (a Kasboek extension): the text in an invoice's number,
 * api_reference or description, or in its contact's name — SQL for the store (store.ts), served by
 * migration 0031's indexes and the contacts' own (0027), through db/search.ts. Which of a
 * contact's fields count as its name is the contacts module's rule (`contactIdsNamed`), shared
 * with the expenses' search.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { containsAny, ofCompany } from "../../db/search.js";
import { contactIdsNamed } from "../contacts/service.js";

/** The invoice's own columns `search[q]` looks in; migration 0031 indexes them. */
const SEARCHED_COLUMNS = ["invoice_number", "api_reference", "description"] as const;

/**
 * The company's invoices with `text` in their own searched columns or in their contact's name
 * (the contact as it is now, whose id the invoice keeps), as a union of two index lookups.
 */
export function searched(executor: Executor, companyId: number, text: string): Expression<SqlBool> {
  const own = sql`select sales_invoices.id from sales_invoices
    where ${ofCompany(executor, "sales_invoices", companyId, text)}
    and ${containsAny(executor, "sales_invoices", SEARCHED_COLUMNS, text)}`;
  const ofContacts = sql`select sales_invoices.id from sales_invoices
    where sales_invoices.company_id = ${companyId}
    and sales_invoices.contact_id in (${contactIdsNamed(executor, companyId, text)})`;
  return sql<SqlBool>`sales_invoices.id in (${own} union ${ofContacts})`;
}
