/**
 * Payments: signed amounts in integer cents (negative = money going out) on a bank or cash
 * account. A payment is `booked` once it is linked to a document (a sales invoice or expense);
 * until then it is `unbooked`, the list's default. An update changes only the supplied fields;
 * Kasboek's `sales_invoice_id` / `expense_id` link a payment to a published document (link.ts).
 * Every change posts in the same transaction (P3/P5): against debtors or creditors when the linked
 * document is in the books, against unallocated receipts otherwise (posting.ts); a change or
 * delete reverses. The wire shape is present.ts; a bank statement's payments are bank.ts.
 *
 * A document takes at most MAX_PAYMENTS_PER_DOCUMENT payments (422 naming `payments` beyond): what
 * is paid on a document is summed in SQL conditions as a 64-bit integer, and this cap keeps that
 * sum far from overflowing (1,000 payments of at most 10^15 cents are 10^18, below 2^63 ≈ 9.2 ×
 * 10^18) whatever else the company books.
 */
import type { Static } from "@sinclair/typebox";
import Big from "big.js";
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import { dateInTimeZone, parseDateTime } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound, ValidationErrors } from "../../platform/errors.js";
import { decimalToCents } from "../../platform/money.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { isPaymentAccount, resolveAccountReference } from "../accounts/service.js";
import { type DocumentLink, holdPaymentsOf, type LinkColumns, linkColumns, MAX_PAYMENTS_PER_DOCUMENT } from "./link.js";
import { postPayment } from "./posting.js";
import { type Payment, presentOne, presentPayments } from "./present.js";
import { PaymentPayload, type PaymentSelection } from "./schemas.js";
import { splitPayment } from "./split.js";

/** The payments a sales invoice may carry, as its request schema embeds them. */
export { PaymentAttributes as PaymentAttributesSchema } from "./schemas.js";

import {
  countPaymentsOfDocument,
  deletePayment,
  findPayment,
  findPaymentsOfDocument,
  insertPayment,
  listPayments,
  type PaidCentsExpressions,
  type PaymentFilter,
  paidCentsExpressions,
  unlinkPayments,
  updatePayment,
} from "./store.js";

export type { Payment } from "./present.js";
export type { PaymentTables } from "./store.js";

type PaymentAttributes = Partial<Static<typeof PaymentPayload.schema>>;
const RESOURCE = "payment";

/** Checks and converts the supplied attributes; absent attributes stay absent. */
type PaymentColumns = { amount_cents?: number; description?: string | null; account_id?: number; paid_at?: string };

async function paymentColumns(
  executor: Executor,
  companyId: number,
  attributes: PaymentAttributes,
  errors: ValidationErrors,
  prefix = "",
): Promise<PaymentColumns> {
  const columns: PaymentColumns = {};
  if (attributes.amount !== undefined) {
    if (attributes.amount === null) errors.add(`${prefix}amount`, { key: "blank" });
    else {
      const cents = decimalToCents(new Big(attributes.amount));
      if (cents === null) errors.add(`${prefix}amount`, { key: "twoDecimals" });
      else if (cents === 0) errors.add(`${prefix}amount`, { key: "notZero" });
      else columns.amount_cents = cents;
    }
  }
  if (attributes.description !== undefined) columns.description = attributes.description;
  if (attributes.paid_at !== undefined) {
    if (attributes.paid_at === null) errors.add(`${prefix}paid_at`, { key: "blank" });
    else columns.paid_at = attributes.paid_at;
  }
  if (attributes.account_id !== undefined || attributes.account_path !== undefined) {
    const account = await resolveAccountReference(executor, companyId, attributes, errors, prefix);
    if (account === undefined && !errors.has(`${prefix}account_id`) && !errors.has(`${prefix}account_path`)) {
      errors.add(`${prefix}account_id`, { key: "blank" });
    } else if (account && !isPaymentAccount(account)) errors.add(`${prefix}account_id`, { key: "bankOrCashAccount" });
    else if (account) columns.account_id = account.id;
  }
  return columns;
}

function readPayment(company: CompanyAccess, body: unknown) {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(PaymentPayload, body, { timeZone: company.timeZone }, errors);
  return { attributes, errors };
}

/** A new payment's columns: every attribute a payment must have is checked. */
async function newPaymentColumns(
  executor: Executor,
  companyId: number,
  attributes: PaymentAttributes,
  errors: ValidationErrors,
  prefix = "",
): Promise<PaymentColumns> {
  const columns = await paymentColumns(executor, companyId, attributes, errors, prefix);
  if (attributes.amount === undefined) errors.add(`${prefix}amount`, { key: "blank" });
  if (attributes.paid_at === undefined) errors.add(`${prefix}paid_at`, { key: "blank" });
  if (attributes.account_id === undefined && attributes.account_path === undefined) {
    errors.add(`${prefix}account_id`, { key: "orAccountPath" });
  }
  return columns;
}

function newPaymentRow(companyId: number, columns: PaymentColumns, document: DocumentLink | null) {
  return {
    company_id: companyId,
    amount_cents: columns.amount_cents ?? 0,
    description: columns.description ?? null,
    account_id: columns.account_id ?? 0,
    paid_at: columns.paid_at ?? "",
    document_type: document?.type ?? null,
    document_id: document?.id ?? null,
    source: "manual",
    bank_statement_id: null,
    bank_transaction: null,
    bank_fingerprint: null,
    duplicate_of_id: null,
  };
}

/** A bank statement's payments (bank.ts), for the bank-statements module. */
export {
  type BankPayment,
  type BankTransactionDetails,
  insertBankPayments,
  type PaymentToMatch,
  paymentToMatch,
} from "./bank.js";

import { learnCounterpartyIban } from "./bank.js";

export type { DocumentLink } from "./link.js";

/** A payment settled by another module's use case in its transaction (settling.ts). */
export { linkPaymentIn, lockPaymentToSettle, type PaymentToSettle } from "./settling.js";

function documentOf(link: LinkColumns): DocumentLink | null {
  return link?.document_type == null || link.document_id === null
    ? null
    : { type: link.document_type, id: link.document_id };
}

/** The most payments one document takes (see the module's header for why there is a most). */
export { MAX_PAYMENTS_PER_DOCUMENT };

/**
 * Payments given inside a document (a sales invoice's `payments`): checked now, problems named
 * `payments[i].field`, and inserted by `insertDocumentPayments` once the document is known. An
 * existing document (`document`) counts the payments it has already.
 */
export async function planDocumentPayments(
  executor: Executor,
  companyId: number,
  document: DocumentLink | null,
  items: readonly PaymentAttributes[],
  errors: ValidationErrors,
  name = "payments",
): Promise<PaymentColumns[]> {
  if (items.length > 0) {
    const existing =
      document === null ? 0 : await countPaymentsOfDocument(executor, companyId, document.type, document.id);
    if (existing + items.length > MAX_PAYMENTS_PER_DOCUMENT) {
      errors.add(name, { key: "tooManyPayments", most: MAX_PAYMENTS_PER_DOCUMENT });
    }
  }
  return Promise.all(
    items.map((item, index) => newPaymentColumns(executor, companyId, item, errors, `${name}[${index}].`)),
  );
}

export async function insertDocumentPayments(
  transaction: Executor,
  companyId: number,
  document: DocumentLink,
  planned: readonly PaymentColumns[],
): Promise<void> {
  for (const columns of planned) await insertPayment(transaction, newPaymentRow(companyId, columns, document));
}

/** After a document is written: its payments settle it in the books once it is posted. */
export async function syncDocumentPayments(
  transaction: Executor,
  company: CompanyAccess,
  document: DocumentLink,
): Promise<void> {
  for (const row of await findPaymentsOfDocument(transaction, company.companyId, document.type, document.id)) {
    await postPayment(transaction, company, row.id, row);
  }
}

/**
 * When a document goes, its payments stay (money did move) but become unbooked again: each is
 * posted anew, against unallocated receipts instead of the debtor or creditor it settled (no
 * change in the books for the payments of a concept, which settled nothing yet).
 */
export async function unlinkDocumentPayments(
  transaction: Executor,
  company: Pick<CompanyAccess, "companyId" | "timeZone">,
  document: DocumentLink,
) {
  await holdPaymentsOf(transaction, document);
  const linked = await findPaymentsOfDocument(transaction, company.companyId, document.type, document.id);
  await unlinkPayments(transaction, company.companyId, document.type, document.id);
  for (const row of linked)
    await postPayment(transaction, company, row.id, { ...row, document_type: null, document_id: null });
}

/** The sum of the payments linked to each row of `documentTable`, in integer cents, for its queries. */
export function paidCentsOfDocuments(documentTable: string, documentType: string): PaidCentsExpressions {
  return paidCentsExpressions(documentTable, documentType);
}

export async function createPayment(deps: ServiceDeps, company: CompanyAccess, body: unknown): Promise<Payment> {
  const { attributes, errors } = readPayment(company, body);
  return deps.db.transaction().execute(async (transaction) => {
    const columns = await newPaymentColumns(transaction, company.companyId, attributes, errors);
    const link = await linkColumns(transaction, company.companyId, attributes, null, errors);
    errors.throwIfAny(RESOURCE);
    const row = await insertPayment(transaction, newPaymentRow(company.companyId, columns, documentOf(link)));
    await postPayment(transaction, company, row.id, row);
    return presentOne(transaction, company, row);
  });
}

export async function updateCompanyPayment(
  deps: ServiceDeps,
  company: CompanyAccess,
  paymentId: number,
  body: unknown,
): Promise<Payment> {
  const { attributes, errors } = readPayment(company, body);
  return deps.db.transaction().execute(async (transaction) => {
    // locked: a delete or another edit of the payment at the same moment waits, or has happened (404)
    const existing = await findPayment(transaction, company.companyId, paymentId, "lock");
    if (!existing) throw notFound(RESOURCE);
    const link = await linkColumns(transaction, company.companyId, attributes, existing, errors);
    const columns = { ...(await paymentColumns(transaction, company.companyId, attributes, errors)), ...link };
    errors.throwIfAny(RESOURCE);
    const row =
      Object.keys(columns).length === 0
        ? existing
        : await updatePayment(transaction, company.companyId, paymentId, columns);
    await postPayment(transaction, company, row.id, row);
    if (link?.document_id != null) await learnCounterpartyIban(transaction, company.companyId, row);
    return presentOne(transaction, company, row);
  });
}

/** The filter of a `selection`; the book year is the calendar year in the company's time zone. */
function selectionFilter(selection: PaymentSelection, company: CompanyAccess, now: Date): PaymentFilter {
  switch (selection) {
    case "unbooked":
      return { booked: false };
    case "booked":
      return { booked: true };
    case "manual":
      return { source: "manual" };
    case "duplicate_bank_mutations":
      return { duplicatesOnly: true };
    case "all_in_current_bookyear": {
      const year = Number(dateInTimeZone(now, company.timeZone).slice(0, 4));
      return {
        paidFrom: parseDateTime(`${year}-01-01`, company.timeZone) ?? undefined,
        paidBefore: parseDateTime(`${year + 1}-01-01`, company.timeZone) ?? undefined,
      };
    }
    case "all":
      return {};
  }
}

export async function listCompanyPayments(
  deps: ServiceDeps,
  company: CompanyAccess,
  selection: PaymentSelection,
  paging: Paging,
): Promise<Page<Payment>> {
  const filter = selectionFilter(selection, company, deps.now());
  const { rows, total } = await listPayments(deps.db, company.companyId, filter, paging);
  return { items: await presentPayments(deps.db, company, rows), total, paging };
}

export async function showPayment(deps: ServiceDeps, company: CompanyAccess, paymentId: number): Promise<Payment> {
  const row = await findPayment(deps.db, company.companyId, paymentId);
  if (!row) throw notFound(RESOURCE);
  return presentOne(deps.db, company, row);
}

/** Splits an unbooked payment over several documents, all or nothing (split.ts). */
export async function splitCompanyPayment(
  deps: ServiceDeps,
  company: CompanyAccess,
  paymentId: number,
  body: unknown,
): Promise<Payment[]> {
  return deps.db.transaction().execute((transaction) => splitPayment(transaction, company, paymentId, body));
}

export async function deleteCompanyPayment(
  deps: ServiceDeps,
  company: CompanyAccess,
  paymentId: number,
): Promise<void> {
  await deps.db.transaction().execute(async (transaction) => {
    if (!(await deletePayment(transaction, company.companyId, paymentId))) throw notFound(RESOURCE);
    await postPayment(transaction, company, paymentId, null);
  });
}

/** Posts a payment recorded before the ledger existed (the upgrade migration). */
export async function postEarlierPayment(
  executor: Executor,
  company: Pick<CompanyAccess, "companyId" | "timeZone">,
  paymentId: number,
): Promise<void> {
  const row = await findPayment(executor, company.companyId, paymentId);
  if (row) await postPayment(executor, company, paymentId, row);
}
