/**
 * The expenses' `search[q]` (a Kasboek extension), by the sales invoices' rules: the text in an
 * expense's number, in a line's description (what the invoice says in its own description, an
 * expense says on its lines) or in its contact's name — SQL for the store (store.ts), served by
 * migration 0035's indexes and the contacts' own (0027), through db/search.ts. Which of a
 * contact's fields are its name is the contacts module's rule, and how lines are searched the
 * invoice lines' module's.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { containsAny, ofCompany } from "../../db/search.js";
import { contactIdsNamed } from "../contacts/service.js";
import { documentIdsWithLineText } from "../invoice-lines/service.js";

/** The expense's own columns `search[q]` looks in; migration 0035 indexes them. */
const SEARCHED_COLUMNS = ["invoice_number"] as const;

/**
 * The company's expenses with `text` in their number, a line's description or their contact's
 * name (the contact as it is now, whose id the expense keeps), as a union of three index lookups.
 */
export function searched(executor: Executor, companyId: number, text: string): Expression<SqlBool> {
  const own = sql`select expenses.id from expenses
    where ${ofCompany(executor, "expenses", companyId, text)}
    and ${containsAny(executor, "expenses", SEARCHED_COLUMNS, text)}`;
  const ofLines = documentIdsWithLineText(executor, companyId, "expense", text);
  const ofContacts = sql`select expenses.id from expenses
    where expenses.company_id = ${companyId}
    and expenses.contact_id in (${contactIdsNamed(executor, companyId, text)})`;
  return sql<SqlBool>`expenses.id in (${own} union ${ofLines} union ${ofContacts})`;
}
