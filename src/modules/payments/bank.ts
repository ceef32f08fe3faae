/**
 * The payments of a bank statement import (bank-statements module): each transaction a payment
 * with the bank's record of it (`bank_transaction`), a copy of one the account already holds kept
 * as its duplicate, out of the books. A bank payment linked to a document, at import or later by
 * hand, is a confirmed match: the document's contact learns the IBAN it was paid from (contacts
 * `learnContactIban`), so the next payment from it matches by itself.
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound } from "../../platform/errors.js";
import { learnContactIban } from "../contacts/service.js";
import { postedDocument } from "../ledger/service.js";
import type { DocumentLink } from "./link.js";
import { LEDGER_DOCUMENT_TYPES, postNewPaymentRows } from "./posting.js";
import { findPayment, insertPayments, type PaymentRow, paymentsByBankFingerprint } from "./store.js";

/** A payment's `bank_transaction` besides the statement: the bank's record of the transaction. */
export interface BankTransactionDetails {
  booking_date: string;
  value_date: string | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  end_to_end_id: string | null;
  reference: string | null;
  remittance: string | null;
}

/** One transaction of a bank statement as a payment (bank-statements/service.ts makes them). */
export interface BankPayment {
  amountCents: number;
  description: string | null;
  paidAt: string;
  fingerprint: string;
  details: BankTransactionDetails;
  /** the document it certainly settles, or null: it stays unbooked */
  settles: DocumentLink | null;
}

/**
 * A statement's transactions as payments on `accountId`, in the caller's transaction: each new one
 * posts like every other payment (P3/P5), each the account already holds (same fingerprint) is kept as
 * its duplicate, unposted and unlinked. Written and posted a few hundred rows per statement, so a
 * statement of 10,000 transactions is a few dozen statements (bench/bank-import.ts). Answers how
 * many were new, duplicates and linked.
 */
export async function insertBankPayments(
  transaction: Executor,
  company: Pick<CompanyAccess, "companyId" | "timeZone">,
  statementId: number,
  accountId: number,
  items: readonly BankPayment[],
): Promise<{ newCount: number; duplicatesCount: number; matchedCount: number }> {
  const held = await paymentsByBankFingerprint(
    transaction,
    company.companyId,
    accountId,
    items.map((item) => item.fingerprint),
  );
  const rows = await insertPayments(
    transaction,
    items.map((item) => {
      const original = held.get(item.fingerprint);
      const document = original === undefined ? item.settles : null;
      return {
        company_id: company.companyId,
        amount_cents: item.amountCents,
        description: item.description,
        account_id: accountId,
        paid_at: item.paidAt,
        document_type: document?.type ?? null,
        document_id: document?.id ?? null,
        source: "bank_import",
        bank_statement_id: statementId,
        bank_transaction: JSON.stringify(item.details),
        bank_fingerprint: item.fingerprint,
        duplicate_of_id: original ?? null,
      };
    }),
  );
  const fresh = rows.filter((row) => row.duplicate_of_id === null);
  await postNewPaymentRows(transaction, company, fresh);
  const linked = fresh.filter((row) => row.document_id !== null);
  for (const row of linked) await learnCounterpartyIban(transaction, company.companyId, row);
  return { newCount: fresh.length, duplicatesCount: rows.length - fresh.length, matchedCount: linked.length };
}

/** The contact of the document a bank payment settles learns the payment's IBAN (see the invariants). */
export async function learnCounterpartyIban(
  executor: Executor,
  companyId: number,
  row: Pick<PaymentRow, "document_type" | "document_id" | "bank_transaction">,
): Promise<void> {
  const type = LEDGER_DOCUMENT_TYPES.find((documentType) => documentType === row.document_type);
  if (type === undefined || row.document_id === null || row.bank_transaction === null) return;
  const { counterparty_iban: iban } = JSON.parse(row.bank_transaction) as Partial<BankTransactionDetails>;
  if (iban == null) return;
  const posted = await postedDocument(executor, companyId, { type, id: row.document_id });
  if (posted?.contactId == null) return;
  await learnContactIban(executor, companyId, posted.contactId, iban);
}

/** A payment as the bank matching reads it (bank-statements module). */
export interface PaymentToMatch {
  amountCents: number;
  /** the day it was paid, in the company's time zone */
  date: string;
  description: string | null;
  /** settled already, or a bank statement's copy of another: nothing to match */
  settled: boolean;
  bank: BankTransactionDetails | null;
}

/** The payment as the matching reads it; 404 when the company has none of that id. */
export async function paymentToMatch(
  deps: ServiceDeps,
  company: Pick<CompanyAccess, "companyId" | "timeZone">,
  paymentId: number,
): Promise<PaymentToMatch> {
  const row = await findPayment(deps.db, company.companyId, paymentId);
  if (!row) throw notFound("payment");
  return {
    amountCents: row.amount_cents,
    date: dateInTimeZone(new Date(row.paid_at), company.timeZone),
    description: row.description,
    settled: row.document_id !== null || row.duplicate_of_id !== null,
    bank: row.bank_transaction === null ? null : (JSON.parse(row.bank_transaction) as BankTransactionDetails),
  };
}
