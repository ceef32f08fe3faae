/**
 * A payment settled by another module's use case inside its own transaction (a payment booked to
 * an account: modules/payment-bookings): the payment taken and locked, then linked to the document
 * made for it. Invariants, as for a link through the payments endpoints (link.ts, service.ts):
 * - the payment's row is locked first, so a split, a link or another booking of the same payment
 *   waits for this transaction and then finds it booked;
 * - only a published document of the company, as the ledger holds it, is linked; the payment is
 *   posted again against its creditor or debtor (P3/P5) and a bank payment teaches the document's
 *   contact its IBAN.
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import { notFound, ValidationErrors } from "../../platform/errors.js";
import { learnCounterpartyIban } from "./bank.js";
import { type DocumentLink, linkColumns } from "./link.js";
import { postPayment } from "./posting.js";
import { type Payment, presentOne } from "./present.js";
import { findPayment, updatePayment } from "./store.js";

const RESOURCE = "payment";

/** What a use case needs to know of a payment it settles. */
export interface PaymentToSettle {
  id: number;
  /** signed integer cents: negative is money going out */
  amountCents: number;
  /** the day it was paid in the company's time zone, as the ledger dates its posting */
  date: string;
  /** linked to a document already */
  booked: boolean;
  /** a bank statement's copy of a transaction imported before, kept out of the books */
  duplicate: boolean;
}

/** The payment, its row locked for the rest of the transaction; 404 when the company has none such. */
export async function lockPaymentToSettle(
  transaction: Executor,
  company: Pick<CompanyAccess, "companyId" | "timeZone">,
  paymentId: number,
): Promise<PaymentToSettle> {
  const row = await findPayment(transaction, company.companyId, paymentId, "lock");
  if (row === undefined) throw notFound(RESOURCE);
  return {
    id: row.id,
    amountCents: row.amount_cents,
    date: dateInTimeZone(new Date(row.paid_at), company.timeZone),
    booked: row.document_id !== null,
    duplicate: row.duplicate_of_id !== null,
  };
}

/** Links the payment to `document` and posts it so, in the caller's transaction; the payment as it now is. */
export async function linkPaymentIn(
  transaction: Executor,
  company: CompanyAccess,
  paymentId: number,
  document: DocumentLink,
): Promise<Payment> {
  const existing = await findPayment(transaction, company.companyId, paymentId, "lock");
  if (existing === undefined) throw notFound(RESOURCE);
  const errors = new ValidationErrors();
  const attribute = document.type === "expense" ? "expense_id" : "sales_invoice_id";
  const link = await linkColumns(transaction, company.companyId, { [attribute]: document.id }, existing, errors);
  errors.throwIfAny(RESOURCE);
  const row = link === undefined ? existing : await updatePayment(transaction, company.companyId, paymentId, link);
  await postPayment(transaction, company, row.id, row);
  await learnCounterpartyIban(transaction, company.companyId, row);
  return presentOne(transaction, company, row);
}
