/**
 * The open documents a bank payment may settle: published sales invoices and expenses of the
 * company with something still open, with their contact's name and IBAN. Read-only, from the
 * `sales_invoices`, `expenses`, `payments` and `contacts` tables as their modules declare them;
 * every query is scoped by company.
 *
 * Invariants:
 * - `open_cents` is the amount of the payment that settles the document exactly: positive for an
 *   invoice the customer still owes (money in), negative for an expense still to pay (money out),
 *   the other way round for credit documents;
 * - the paid part is the payments module's own expression (its one rule for what is paid), read
 *   exactly as a bigint.
 */
import { sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { readExactSum } from "../../db/exact-sums.js";
import type { ContactTables } from "../contacts/service.js";
import type { ExpenseTables } from "../expenses/service.js";
import { type PaymentTables, paidCentsOfDocuments } from "../payments/service.js";
import type { SalesInvoiceTables } from "../sales-invoices/service.js";
import type { DocumentType, OpenDocument } from "./matching.js";

type MatchingTables = SalesInvoiceTables & ExpenseTables & PaymentTables & ContactTables;

const reading = (executor: Executor) => executor.withTables<MatchingTables>();

const CONTACT_NAME = sql<
  string | null
>`case when contact.is_individual = 1 then contact.contact_person_name else contact.company_name end`;

interface Row {
  id: number;
  number: string | null;
  contact_id: number | null;
  contact_name: string | null;
  contact_iban: string | null;
  date: string;
  due_date: string;
  total_cents: number;
  paid_cents: string;
}

function openDocument(type: DocumentType, row: Row): OpenDocument {
  const paid = readExactSum(row.paid_cents as Parameters<typeof readExactSum>[0]);
  // an expense is settled by payments out (negative): what settles it is −(total + paid)
  const open = type === "sales_invoice" ? BigInt(row.total_cents) - paid : -(BigInt(row.total_cents) + paid);
  return {
    type,
    id: row.id,
    number: row.number,
    contactId: row.contact_id,
    contactName: row.contact_name,
    contactIban: row.contact_iban,
    date: row.date,
    dueDate: row.due_date,
    openCents: open,
  };
}

async function openSalesInvoices(executor: Executor, companyId: number): Promise<OpenDocument[]> {
  const paid = paidCentsOfDocuments("invoice", "sales_invoice");
  const rows = await reading(executor)
    .selectFrom("sales_invoices as invoice")
    .leftJoin("contacts as contact", (join) =>
      join.onRef("contact.id", "=", "invoice.contact_id").onRef("contact.company_id", "=", "invoice.company_id"),
    )
    .select([
      "invoice.id",
      "invoice.invoice_number as number",
      "invoice.contact_id",
      CONTACT_NAME.as("contact_name"),
      "contact.iban as contact_iban",
      "invoice.date",
      "invoice.due_date",
      "invoice.price_with_vat_cents as total_cents",
      paid.exact.as("paid_cents"),
    ])
    .where("invoice.company_id", "=", companyId)
    .where("invoice.status", "=", "published")
    .where(sql<number>`invoice.price_with_vat_cents - ${paid.sum}`, "<>", 0)
    .orderBy("invoice.id")
    .execute();
  return rows.map((row) => openDocument("sales_invoice", row));
}

async function openExpenses(executor: Executor, companyId: number): Promise<OpenDocument[]> {
  const paid = paidCentsOfDocuments("expense", "expense");
  const rows = await reading(executor)
    .selectFrom("expenses as expense")
    .leftJoin("contacts as contact", (join) =>
      join.onRef("contact.id", "=", "expense.contact_id").onRef("contact.company_id", "=", "expense.company_id"),
    )
    .select([
      "expense.id",
      "expense.invoice_number as number",
      "expense.contact_id",
      CONTACT_NAME.as("contact_name"),
      "contact.iban as contact_iban",
      "expense.date",
      // an expense has no due date: its date stands in
      sql<string>`expense.date`.as("due_date"),
      "expense.price_with_vat_cents as total_cents",
      paid.exact.as("paid_cents"),
    ])
    .where("expense.company_id", "=", companyId)
    .where("expense.state", "=", "published")
    .where(sql<number>`expense.price_with_vat_cents + ${paid.sum}`, "<>", 0)
    .orderBy("expense.id")
    .execute();
  return rows.map((row) => openDocument("expense", row));
}

/** The company's open sales invoices and expenses (see the invariants). */
export async function findOpenDocuments(executor: Executor, companyId: number): Promise<OpenDocument[]> {
  return [...(await openSalesInvoices(executor, companyId)), ...(await openExpenses(executor, companyId))];
}
