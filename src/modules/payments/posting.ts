/**
 * A payment in the books (P3/P5): against the debtor or creditor of the document it settles once
 * that document is posted, against unallocated money otherwise. Shared by the payments the API
 * writes and those a bank statement import writes (bank.ts).
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import { postedDocument, syncPaymentPosting } from "../ledger/service.js";
import type { PaymentRow } from "./store.js";

export const LEDGER_DOCUMENT_TYPES = ["sales_invoice", "expense"] as const;

/** Posts the payment as it now is (null: deleted), in the caller's transaction. */
export async function postPayment(
  transaction: Executor,
  company: Pick<CompanyAccess, "companyId" | "timeZone">,
  paymentId: number,
  row: PaymentRow | null,
): Promise<void> {
  if (row === null) return syncPaymentPosting(transaction, company.companyId, paymentId, null);
  const documentType = LEDGER_DOCUMENT_TYPES.find((type) => type === row.document_type);
  const posted =
    documentType === undefined || row.document_id === null
      ? null
      : await postedDocument(transaction, company.companyId, { type: documentType, id: row.document_id });
  await syncPaymentPosting(transaction, company.companyId, paymentId, {
    id: row.id,
    date: dateInTimeZone(new Date(row.paid_at), company.timeZone),
    description: row.description,
    amountCents: row.amount_cents,
    accountId: row.account_id,
    settles: posted === null || documentType === undefined ? null : { type: documentType, contactId: posted.contactId },
  });
}
