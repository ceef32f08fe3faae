/**
 * SQL for `payments`. Amounts are signed integer cents. Every query is scoped by company.
 */
import { type Generated, type RawBuilder, type Selectable, sql, type Updateable } from "kysely";
import { type ColumnTypes, insertMany } from "../../db/bulk-insert.js";
import type { Executor } from "../../db/connection.js";
import { type RowLock, withRowLock } from "../../db/dialect.js";
import { type ExactSumText, exactSum } from "../../db/exact-sums.js";
import { selectPage } from "../../db/paging.js";
import { countOfAll, narrowsNothing } from "../../db/row-counts.js";
import type { Paging } from "../../platform/params.js";

interface PaymentsTable {
  id: Generated<number>;
  company_id: number;
  amount_cents: number;
  description: string | null;
  account_id: number;
  paid_at: string;
  document_type: string | null;
  document_id: number | null;
  source: string;
  /** from a bank statement (bank-statements module): the statement, and the JSON of `bank_transaction` */
  bank_statement_id: number | null;
  bank_transaction: string | null;
  /** how the same bank transaction is known again; a copy found has `duplicate_of_id` and no posting */
  bank_fingerprint: string | null;
  duplicate_of_id: number | null;
}

export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentInsert = Omit<PaymentRow, "id">;
export type PaymentUpdate = Updateable<Omit<PaymentsTable, "id" | "company_id">>;

/** The table this module owns, for the modules that read it (reports). */
export type PaymentTables = { payments: PaymentsTable };

function payments(executor: Executor) {
  return executor.withTables<PaymentTables>();
}

export interface PaymentFilter {
  booked?: boolean;
  source?: string;
  /** ISO UTC bounds of paid_at: from inclusive, before exclusive */
  paidFrom?: string;
  paidBefore?: string;
  /** only payments that have a twin: same account, amount and moment */
  duplicatesOnly?: boolean;
}

function filtered(executor: Executor, companyId: number, filter: PaymentFilter) {
  let query = payments(executor).selectFrom("payments as payment").where("payment.company_id", "=", companyId);
  if (filter.booked === true) query = query.where("payment.document_id", "is not", null);
  // a duplicate from a bank statement is in no one's books: it is listed only as a duplicate
  if (filter.booked === false) {
    query = query.where("payment.document_id", "is", null).where("payment.duplicate_of_id", "is", null);
  }
  if (filter.source !== undefined) query = query.where("payment.source", "=", filter.source);
  if (filter.paidFrom !== undefined) query = query.where("payment.paid_at", ">=", filter.paidFrom);
  if (filter.paidBefore !== undefined) query = query.where("payment.paid_at", "<", filter.paidBefore);
  if (filter.duplicatesOnly) {
    // the copies a statement import found, and payments typed in twice (same account, amount, moment)
    query = query.where(({ or, and, eb, exists, selectFrom }) =>
      or([
        eb("payment.duplicate_of_id", "is not", null),
        and([
          eb("payment.source", "=", "manual"),
          exists(
            selectFrom("payments as twin")
              .select("twin.id")
              .whereRef("twin.company_id", "=", "payment.company_id")
              .whereRef("twin.account_id", "=", "payment.account_id")
              .whereRef("twin.amount_cents", "=", "payment.amount_cents")
              .whereRef("twin.paid_at", "=", "payment.paid_at")
              .whereRef("twin.id", "!=", "payment.id")
              .where("twin.source", "=", "manual"),
          ),
        ]),
      ]),
    );
  }
  return query;
}

export async function listPayments(
  executor: Executor,
  companyId: number,
  filter: PaymentFilter,
  paging: Paging,
): Promise<{ rows: PaymentRow[]; total: number }> {
  return selectPage(
    filtered(executor, companyId, filter),
    paging,
    (query) => query.selectAll("payment").orderBy("payment.paid_at", "desc").orderBy("payment.id", "desc"),
    narrowsNothing(filter) ? countOfAll(executor, "payments", companyId) : undefined,
  );
}

export async function findPayment(
  executor: Executor,
  companyId: number,
  paymentId: number,
  lock: RowLock = "read",
): Promise<PaymentRow | undefined> {
  const query = payments(executor)
    .selectFrom("payments")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "=", paymentId);
  return withRowLock(executor, query, lock).executeTakeFirst();
}

/** The originals among `fingerprints` on the account: what a statement import already holds. */
export async function paymentsByBankFingerprint(
  executor: Executor,
  companyId: number,
  accountId: number,
  fingerprints: readonly string[],
): Promise<Map<string, number>> {
  if (fingerprints.length === 0) return new Map();
  const rows = await payments(executor)
    .selectFrom("payments")
    .select(["id", "bank_fingerprint"])
    .where("company_id", "=", companyId)
    .where("account_id", "=", accountId)
    .where("duplicate_of_id", "is", null)
    .where("bank_fingerprint", "in", [...fingerprints])
    .execute();
  return new Map(rows.flatMap((row) => (row.bank_fingerprint === null ? [] : [[row.bank_fingerprint, row.id]])));
}

export async function insertPayment(executor: Executor, values: PaymentInsert): Promise<PaymentRow> {
  return payments(executor).insertInto("payments").values(values).returningAll().executeTakeFirstOrThrow();
}

const PAYMENT_COLUMNS: ColumnTypes<PaymentInsert> = {
  company_id: "bigint",
  amount_cents: "bigint",
  description: "text",
  account_id: "bigint",
  paid_at: "timestamptz",
  document_type: "text",
  document_id: "bigint",
  source: "text",
  bank_statement_id: "bigint",
  bank_transaction: "text",
  bank_fingerprint: "text",
  duplicate_of_id: "bigint",
};

/** Inserts many payments in few statements (db/bulk-insert.ts); answers their rows in the order given. */
export function insertPayments(executor: Executor, values: readonly PaymentInsert[]): Promise<PaymentRow[]> {
  return insertMany<PaymentInsert, PaymentRow>(executor, "payments", PAYMENT_COLUMNS, values, true);
}

export async function updatePayment(
  executor: Executor,
  companyId: number,
  paymentId: number,
  changes: PaymentUpdate,
): Promise<PaymentRow> {
  return payments(executor)
    .updateTable("payments")
    .set(changes)
    .where("company_id", "=", companyId)
    .where("id", "=", paymentId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deletePayment(executor: Executor, companyId: number, paymentId: number): Promise<boolean> {
  const result = await payments(executor)
    .deleteFrom("payments")
    .where("company_id", "=", companyId)
    .where("id", "=", paymentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function unlinkPayments(
  executor: Executor,
  companyId: number,
  documentType: string,
  documentId: number,
): Promise<void> {
  await payments(executor)
    .updateTable("payments")
    .set({ document_type: null, document_id: null })
    .where("company_id", "=", companyId)
    .where("document_type", "=", documentType)
    .where("document_id", "=", documentId)
    .execute();
}

/** The cents paid on each row of a documents table: `sum` for conditions, `exact` to select (readExactSum). */
export interface PaidCentsExpressions {
  sum: RawBuilder<number>;
  exact: RawBuilder<ExactSumText>;
}

/**
 * Correlated sub-selects of the cents paid on the current row of `documentTable`. The sum is a
 * 64-bit integer in SQL, which holds the payments one document may have (MAX_PAYMENTS_PER_DOCUMENT
 * of at most MAX_AMOUNT each); it is selected exactly, since past 2^53 a number would not hold it.
 */
export function paidCentsExpressions(documentTable: string, documentType: string): PaidCentsExpressions {
  const linked = (sum: RawBuilder<unknown>) => sql`(select ${sum} from payments as linked
    where linked.company_id = ${sql.ref(`${documentTable}.company_id`)}
      and linked.document_type = ${documentType}
      and linked.document_id = ${sql.ref(`${documentTable}.id`)})`;
  return {
    sum: linked(sql`cast(coalesce(sum(linked.amount_cents), 0) as bigint)`) as RawBuilder<number>,
    exact: linked(exactSum(sql.ref("linked.amount_cents"), "plain")) as RawBuilder<ExactSumText>,
  };
}

/** How many payments are linked to a document. */
export async function countPaymentsOfDocument(
  executor: Executor,
  companyId: number,
  documentType: string,
  documentId: number,
): Promise<number> {
  const { count } = await payments(executor)
    .selectFrom("payments")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("company_id", "=", companyId)
    .where("document_type", "=", documentType)
    .where("document_id", "=", documentId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findPaymentsOfDocument(
  executor: Executor,
  companyId: number,
  documentType: string,
  documentId: number,
): Promise<PaymentRow[]> {
  return payments(executor)
    .selectFrom("payments")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("document_type", "=", documentType)
    .where("document_id", "=", documentId)
    .orderBy("id")
    .execute();
}
