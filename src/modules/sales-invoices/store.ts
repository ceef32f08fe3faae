/**
 * SQL for `sales_invoices`. Every query is scoped by company. The amount paid is never stored on
 * the invoice: it is summed from the payments linked to it (an expression the payments module
 * owns) whenever an invoice is read, so it cannot drift from the payments.
 */
import { type Generated, type RawBuilder, type Selectable, sql, type Updateable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { type ExactSumText, readExactSum } from "../../db/exact-sums.js";
import { type SortKey, selectPageFromNearerEnd } from "../../db/paging.js";
import { reusableInsert, reusableQuery } from "../../db/reusable-query.js";
import { countOfAll, narrowsNothing } from "../../db/row-counts.js";
import { ofCompany } from "../../db/search.js";
import type { Paging } from "../../platform/params.js";
import type { InvoiceStatus, PaymentMethod } from "./schemas.js";
import { searched } from "./search-store.js";

interface SalesInvoicesTable {
  id: Generated<number>;
  company_id: number;
  /** only the service writes these, each one of its own list */
  status: InvoiceStatus;
  date: string;
  due_date: string;
  payment_method: PaymentMethod;
  custom_payment_instructions: string | null;
  creates_pay_url_on_publish: number;
  pay_url: string | null;
  description: string | null;
  contact_id: number | null;
  cached_contact: string | null;
  invoice_number: string | null;
  published_at: string | null;
  currency: string;
  currency_exchange_rate: string;
  sends_copy_by_email_on_publish: number;
  template_id: number | null;
  vat_number: string | null;
  validates_vat_number: number;
  api_reference: string | null;
  payment_reference: string | null;
  sale_type: string | null;
  distance_sale: number;
  price_without_vat_cents: number;
  vat_amount_cents: number;
  price_with_vat_cents: number;
  created_at: string;
  /** Kasboek extension: the date of the supply, when it differs from the invoice date */
  delivery_date: string | null;
  /** Kasboek extension: the invoice a credit invoice corrects */
  credited_invoice_id: number | null;
}

export type SalesInvoiceColumns = Selectable<SalesInvoicesTable>;
/** An invoice with what is paid on it: exact at any size, a bigint (see PaidCentsExpression). */
export type SalesInvoiceRow = SalesInvoiceColumns & { paid_cents: bigint };
export type SalesInvoiceInsert = Omit<SalesInvoiceColumns, "id">;
export type SalesInvoiceUpdate = Updateable<Omit<SalesInvoicesTable, "id" | "company_id" | "created_at">>;

/** The table this module owns, for the modules that read it (reports). */
export type SalesInvoiceTables = { sales_invoices: SalesInvoicesTable };

/**
 * The payments module's sum of payments linked to the row `sales_invoices` (integer cents): `sum`
 * for conditions, `exact` to select (read with readExactSum: past 2^53 a number loses cents).
 */
export interface PaidCentsExpression {
  sum: RawBuilder<number>;
  exact: RawBuilder<ExactSumText>;
}

const withPaidCents = <Row extends { paid_cents: ExactSumText }>(row: Row) => ({
  ...row,
  paid_cents: readExactSum(row.paid_cents),
});

function invoices(executor: Executor) {
  return executor.withTables<SalesInvoiceTables>();
}

export interface SalesInvoiceFilter {
  statuses?: readonly InvoiceStatus[];
  /** only documents whose total is below zero */
  creditOnly?: boolean;
  /** by what is still owed, signs mirrored for credit invoices */
  owed?: "positive" | "negative";
  dueBefore?: string;
  from?: string;
  till?: string;
  contactId?: number;
  apiReference?: string;
  /** `search[q]`: text in the number, api_reference, description or the contact's name */
  text?: string;
  /** a selection that no invoice can be in (no such marking exists) */
  nothing?: boolean;
}

function owedExpression(paid: PaidCentsExpression) {
  return sql<number>`(case when sales_invoices.price_with_vat_cents < 0
    then ${paid.sum} - sales_invoices.price_with_vat_cents
    else sales_invoices.price_with_vat_cents - ${paid.sum} end)`;
}

function filtered(executor: Executor, companyId: number, filter: SalesInvoiceFilter, paid: PaidCentsExpression) {
  // a search's indexes, when they answer, find the rows and the company is checked on them (db/search.ts)
  let query = invoices(executor)
    .selectFrom("sales_invoices")
    .where(ofCompany(executor, "sales_invoices", companyId, filter.text));
  if (filter.text !== undefined) query = query.where(searched(executor, companyId, filter.text));
  if (filter.nothing) query = query.where(sql<boolean>`1 = 0`);
  if (filter.statuses !== undefined) query = query.where("status", "in", [...filter.statuses]);
  if (filter.creditOnly) query = query.where("price_with_vat_cents", "<", 0);
  if (filter.owed === "positive") query = query.where(owedExpression(paid), ">", 0);
  if (filter.owed === "negative") query = query.where(owedExpression(paid), "<", 0);
  if (filter.dueBefore !== undefined) query = query.where("due_date", "<", filter.dueBefore);
  if (filter.from !== undefined) query = query.where("date", ">=", filter.from);
  if (filter.till !== undefined) query = query.where("date", "<=", filter.till);
  if (filter.contactId !== undefined) query = query.where("contact_id", "=", filter.contactId);
  if (filter.apiReference !== undefined) query = query.where("api_reference", "=", filter.apiReference);
  return query;
}

/** Newest first; the id makes the order total, so a deep page can be read from the far end. */
const LIST_ORDER: readonly SortKey[] = [
  { column: "sales_invoices.date", direction: "desc" },
  { column: "sales_invoices.id", direction: "desc" },
];

/** The lister of a company's invoices, with what `paid` says was paid on each (built once: reusable-query.ts). */
export function salesInvoiceLister(paid: PaidCentsExpression) {
  const pageRows = reusableQuery((executor, companyId: number, invoiceIds: readonly number[]) =>
    invoices(executor)
      .selectFrom("sales_invoices")
      .selectAll("sales_invoices")
      .select(paid.exact.as("paid_cents"))
      // The page's ids lead, by primary key. The unary `+` keeps the company check (the ids came
      // from this company, so it narrows nothing) off the company's indexes: without statistics
      // SQLite guesses a company has ~10 rows and walked all of its invoices to find these 40.
      .where(sql<number>`+${sql.ref("sales_invoices.company_id")}`, "=", companyId)
      .where("sales_invoices.id", "in", invoiceIds)
      .orderBy("date", "desc")
      .orderBy("id", "desc"),
  );
  return async (
    executor: Executor,
    companyId: number,
    filter: SalesInvoiceFilter,
    paging: Paging,
  ): Promise<{ rows: SalesInvoiceRow[]; total: number }> => {
    // The page's ids first (from the (company_id, date, id) index), then its rows with what is paid
    // on each: the paid sum is a sub-select, which an OFFSET would otherwise run for every skipped row.
    const page = await selectPageFromNearerEnd(
      filtered(executor, companyId, filter, paid),
      paging,
      (query) => query.select("sales_invoices.id"),
      LIST_ORDER,
      narrowsNothing(filter) ? countOfAll(executor, "sales_invoices", companyId) : undefined,
    );
    if (page.rows.length === 0) return { rows: [], total: page.total };
    const rows = await pageRows(
      executor,
      companyId,
      page.rows.map((row) => row.id),
    );
    return { rows: rows.map(withPaidCents), total: page.total };
  };
}

/** The finder of one invoice by id, with what `paid` says was paid on it (built once: reusable-query.ts). */
export function salesInvoiceFinder(
  paid: PaidCentsExpression,
): (executor: Executor, companyId: number, invoiceId: number) => Promise<SalesInvoiceRow | undefined> {
  const find = reusableQuery((executor, companyId: number, invoiceId: number) =>
    invoices(executor)
      .selectFrom("sales_invoices")
      .selectAll("sales_invoices")
      .select(paid.exact.as("paid_cents"))
      .where("company_id", "=", companyId)
      .where("id", "=", invoiceId),
  );
  return async (executor, companyId, invoiceId) => {
    const [row] = await find(executor, companyId, invoiceId);
    return row === undefined ? undefined : withPaidCents(row);
  };
}

export async function apiReferenceTaken(
  executor: Executor,
  companyId: number,
  apiReference: string,
  exceptInvoiceId: number | null,
): Promise<boolean> {
  let query = invoices(executor)
    .selectFrom("sales_invoices")
    .select("id")
    .where("company_id", "=", companyId)
    .where("api_reference", "=", apiReference);
  if (exceptInvoiceId !== null) query = query.where("id", "!=", exceptInvoiceId);
  return (await query.executeTakeFirst()) !== undefined;
}

const insertInvoices = reusableInsert((executor, rows: Array<SalesInvoiceInsert & { id?: number }>) =>
  invoices(executor).insertInto("sales_invoices").values(rows).returning("id"),
);

export async function insertSalesInvoice(executor: Executor, values: SalesInvoiceInsert): Promise<number> {
  const [row] = await insertInvoices(executor, [values]);
  if (row === undefined) throw new Error("the insert of a sales invoice answered no id");
  return row.id;
}

export async function updateSalesInvoice(
  executor: Executor,
  companyId: number,
  invoiceId: number,
  changes: SalesInvoiceUpdate,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await invoices(executor)
    .updateTable("sales_invoices")
    .set(changes)
    .where("company_id", "=", companyId)
    .where("id", "=", invoiceId)
    .execute();
}

/** How many of the company's invoices were created at or after `since` (its plan's monthly quota). */
export async function countSalesInvoicesCreatedSince(
  executor: Executor,
  companyId: number,
  since: string,
): Promise<number> {
  const row = await invoices(executor)
    .selectFrom("sales_invoices")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("company_id", "=", companyId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteSalesInvoice(executor: Executor, companyId: number, invoiceId: number): Promise<void> {
  await invoices(executor)
    .deleteFrom("sales_invoices")
    .where("company_id", "=", companyId)
    .where("id", "=", invoiceId)
    .execute();
}

/**
 * Takes the invoice's row lock for the rest of the transaction (a no-op update works on both
 * databases), so concurrent changes to one invoice — two publications above all — run one after
 * the other. False when the company has no such invoice.
 */
export async function lockSalesInvoice(executor: Executor, companyId: number, invoiceId: number): Promise<boolean> {
  const result = await invoices(executor)
    .updateTable("sales_invoices")
    .set((eb) => ({ status: eb.ref("status") }))
    .where("company_id", "=", companyId)
    .where("id", "=", invoiceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The number and status of one of the company's invoices (the one a credit invoice corrects). */
export async function invoiceNumberAndStatus(
  executor: Executor,
  companyId: number,
  invoiceId: number,
): Promise<{ invoice_number: string | null; status: string } | undefined> {
  return invoices(executor)
    .selectFrom("sales_invoices")
    .select(["invoice_number", "status"])
    .where("company_id", "=", companyId)
    .where("id", "=", invoiceId)
    .executeTakeFirst();
}
