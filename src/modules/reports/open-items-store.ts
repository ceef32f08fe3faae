/**
 * The open items' read model: published sales invoices and expenses with what was paid on them,
 * read from the `sales_invoices`, `expenses` and `payments` tables of their modules, read-only,
 * typed as those modules declare them;
 * every query is a SELECT scoped by company. The payments of one document are few enough to sum
 * as 64-bit integers in a condition (payments/service.ts caps them); what is selected of them is
 * read exactly (db/exact-sums.ts), as a bigint.
 */
import { type RawBuilder, sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { type ExactSumText, exactSum, readExactSum, summing } from "../../db/exact-sums.js";
import type { ExpenseTables } from "../expenses/service.js";
import type { PaymentTables } from "../payments/service.js";
import type { SalesInvoiceTables } from "../sales-invoices/service.js";
import type { AgingBounds, BucketCents } from "./rules.js";

/** What open items read, as the modules that own these tables declare them. */
type OpenItemTables = SalesInvoiceTables & ExpenseTables & PaymentTables;

function reading(executor: Executor) {
  return executor.withTables<OpenItemTables>();
}

export interface OpenDocumentRow {
  id: number;
  contact_id: number | null;
  cached_contact: string | null;
  invoice_number: string | null;
  date: string;
  due_date: string;
  price_with_vat_cents: number;
  paid_cents: bigint;
}

/**
 * The payments linked to each document row, paid before the instant `paidBefore` (ISO UTC; null:
 * ever): `sum` for a condition, `exact` to select (read with readExactSum).
 */
function paidBeforeExpressions(documentTable: "invoice" | "expense", documentType: string, paidBefore: string | null) {
  const paidInTime = paidBefore === null ? sql`` : sql`and linked.paid_at < ${paidBefore}`;
  const linked = (sum: RawBuilder<unknown>) => sql`(select ${sum} from payments as linked
    where linked.company_id = ${sql.ref(`${documentTable}.company_id`)}
      and linked.document_type = ${documentType}
      and linked.document_id = ${sql.ref(`${documentTable}.id`)}
      ${paidInTime})`;
  return {
    sum: linked(sql`coalesce(sum(linked.amount_cents), 0)`) as RawBuilder<number>,
    // a document's payments fit 64 bits (payments/service.ts caps them): the plain sum serves
    exact: linked(exactSum(sql.ref("linked.amount_cents"), "plain")) as RawBuilder<ExactSumText>,
  };
}

const withPaidCents = <Row extends { paid_cents: ExactSumText }>(rows: Row[]) =>
  rows.map((row) => ({ ...row, paid_cents: readExactSum(row.paid_cents) }));

/**
 * Published sales invoices dated on or before `date` on which something is open at the instant
 * `paidBefore` (null: counting every payment): open = total − payments (positive: the customer
 * owes; negative: we owe them).
 */
export async function findOpenSalesInvoices(
  executor: Executor,
  companyId: number,
  date: string,
  paidBefore: string | null,
): Promise<OpenDocumentRow[]> {
  const paid = paidBeforeExpressions("invoice", "sales_invoice", paidBefore);
  const rows = await reading(executor)
    .selectFrom("sales_invoices as invoice")
    .select([
      "invoice.id",
      "invoice.contact_id",
      "invoice.cached_contact",
      "invoice.invoice_number",
      "invoice.date",
      "invoice.due_date",
      "invoice.price_with_vat_cents",
      paid.exact.as("paid_cents"),
    ])
    .where("invoice.company_id", "=", companyId)
    .where("invoice.status", "=", "published")
    .where("invoice.date", "<=", date)
    .where(sql<number>`invoice.price_with_vat_cents - ${paid.sum}`, "<>", 0)
    .orderBy("invoice.id")
    .execute();
  return withPaidCents(rows);
}

/**
 * Published expenses dated on or before `date` on which something is open at `paidBefore`.
 * Payments to suppliers are negative, so open = total + payments. Expenses have no due date: the
 * expense date stands in for it.
 */
export async function findOpenExpenses(
  executor: Executor,
  companyId: number,
  date: string,
  paidBefore: string | null,
): Promise<OpenDocumentRow[]> {
  const paid = paidBeforeExpressions("expense", "expense", paidBefore);
  const rows = await reading(executor)
    .selectFrom("expenses as expense")
    .select([
      "expense.id",
      "expense.contact_id",
      "expense.cached_contact",
      "expense.invoice_number",
      "expense.date",
      sql<string>`expense.date`.as("due_date"),
      "expense.price_with_vat_cents",
      paid.exact.as("paid_cents"),
    ])
    .where("expense.company_id", "=", companyId)
    .where("expense.state", "=", "published")
    .where("expense.date", "<=", date)
    .where(sql<number>`expense.price_with_vat_cents + ${paid.sum}`, "<>", 0)
    .orderBy("expense.id")
    .execute();
  return withPaidCents(rows);
}

/**
 * The open amounts of the documents `findOpenSalesInvoices` or `findOpenExpenses` would list, summed
 * in the database per aging bucket and in all, without a row per document: what a summary needs
 * at any number of open items.
 */
export async function sumOpenItemsByAge(
  executor: Executor,
  companyId: number,
  kind: "sales_invoice" | "expense",
  date: string,
  paidBefore: string | null,
  bounds: AgingBounds,
): Promise<{ total_cents: bigint; buckets: BucketCents }> {
  // each document's payments summed once, in one pass over the company's payments, and joined:
  // a subquery per document cost PostgreSQL 0.9 s at 100k open invoices
  let payments = reading(executor)
    .selectFrom("payments as payment")
    .select(["payment.document_id", sql<number>`sum(payment.amount_cents)`.as("paid_cents")])
    .where("payment.company_id", "=", companyId)
    .where("payment.document_type", "=", kind)
    .where("payment.document_id", "is not", null);
  if (paidBefore !== null) payments = payments.where("payment.paid_at", "<", paidBefore);
  const paid = payments.groupBy("payment.document_id").as("paid");
  const paidCents = sql`coalesce(${sql.ref("paid.paid_cents")}, 0)`;
  const items =
    kind === "sales_invoice"
      ? reading(executor)
          .selectFrom("sales_invoices as invoice")
          .leftJoin(paid, "paid.document_id", "invoice.id")
          .select([
            "invoice.due_date as due_date",
            sql<number>`invoice.price_with_vat_cents - ${paidCents}`.as("open_cents"),
          ])
          .where("invoice.company_id", "=", companyId)
          .where("invoice.status", "=", "published")
          .where("invoice.date", "<=", date)
      : reading(executor)
          .selectFrom("expenses as expense")
          .leftJoin(paid, "paid.document_id", "expense.id")
          .select([
            "expense.date as due_date",
            sql<number>`expense.price_with_vat_cents + ${paidCents}`.as("open_cents"),
          ])
          .where("expense.company_id", "=", companyId)
          .where("expense.state", "=", "published")
          .where("expense.date", "<=", date);
  const open = sql.ref("item.open_cents");
  const due = sql.ref("item.due_date");
  const inBucket = (condition: RawBuilder<unknown>) => sql`case when ${condition} then ${open} end`;
  const row = await summing((shape) =>
    reading(executor)
      .selectFrom(items.as("item"))
      .select([
        exactSum(open, shape).as("total"),
        exactSum(inBucket(sql`${due} >= ${bounds.notDueFrom}`), shape).as("not_due"),
        exactSum(inBucket(sql`${due} < ${bounds.notDueFrom} and ${due} >= ${bounds.days30From}`), shape).as("1_30"),
        exactSum(inBucket(sql`${due} < ${bounds.days30From} and ${due} >= ${bounds.days60From}`), shape).as("31_60"),
        exactSum(inBucket(sql`${due} < ${bounds.days60From} and ${due} >= ${bounds.days90From}`), shape).as("61_90"),
        exactSum(inBucket(sql`${due} < ${bounds.days90From}`), shape).as("over_90"),
      ])
      .where(sql<number>`${open}`, "<>", 0)
      .executeTakeFirstOrThrow(),
  );
  return {
    total_cents: readExactSum(row.total),
    buckets: {
      not_due: readExactSum(row.not_due),
      "1_30": readExactSum(row["1_30"]),
      "31_60": readExactSum(row["31_60"]),
      "61_90": readExactSum(row["61_90"]),
      over_90: readExactSum(row.over_90),
    },
  };
}
