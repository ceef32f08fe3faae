/**
 * The payments of a bank statement import (bank-statements module): each transaction a payment
 * with the bank's record of it (`bank_transaction`), a copy of one the account already holds kept
 * as its duplicate, out of the books. A bank payment linked to a document, at import or later by
 * hand, is a confirmed match: the document's contact learns the IBAN it was paid from (contacts
 * `learnContactIban`), so the next payment from it matches by itself.
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { learnContactIban } from "../contacts/service.js";
import { postedDocument } from "../ledger/service.js";
import type { DocumentLink } from "./link.js";
import { LEDGER_DOCUMENT_TYPES, postPayment } from "./posting.js";
import { insertPayment, type PaymentRow, paymentsByBankFingerprint } from "./store.js";

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
 * its duplicate, unposted and unlinked. Answers how many were new, duplicates and linked.
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
  const counts = { newCount: 0, duplicatesCount: 0, matchedCount: 0 };
  for (const item of items) {
    const original = held.get(item.fingerprint);
    const document = original === undefined ? item.settles : null;
    const row = await insertPayment(transaction, {
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
    });
    if (original !== undefined) {
      counts.duplicatesCount += 1;
      continue;
    }
    held.set(item.fingerprint, row.id);
    await postPayment(transaction, company, row.id, row);
    counts.newCount += 1;
    if (document === null) continue;
    counts.matchedCount += 1;
    await learnCounterpartyIban(transaction, company.companyId, row);
  }
  return counts;
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
