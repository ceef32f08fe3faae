/**
 * A payment in the books (P3/P5): against the debtor or creditor of the document it settles once
 * that document is posted, against unallocated money otherwise. Shared by the payments the API
 * writes and those a bank statement import writes (bank.ts).
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import { type PaymentPostingInput, postedDocument, postNewPayments, syncPaymentPosting } from "../ledger/service.js";
import type { PaymentRow } from "./store.js";

export const LEDGER_DOCUMENT_TYPES = ["sales_invoice", "expense"] as const;

/** What the ledger posts for the payment as it now is. */
async function postingInput(
  transaction: Executor,
  company: Pick<CompanyAccess, "companyId" | "timeZone">,
  row: PaymentRow,
): Promise<PaymentPostingInput> {
  const documentType = LEDGER_DOCUMENT_TYPES.find((type) => type === row.document_type);
  const posted =
    documentType === undefined || row.document_id === null
      ? null
      : await postedDocument(transaction, company.companyId, { type: documentType, id: row.document_id });
  return {
    id: row.id,
    date: dateInTimeZone(new Date(row.paid_at), company.timeZone),
    description: row.description,
    amountCents: row.amount_cents,
    accountId: row.account_id,
    settles: posted === null || documentType === undefined ? null : { type: documentType, contactId: posted.contactId },
  };
}

/** Posts the payment as it now is (null: deleted), in the caller's transaction. */
export async function postPayment(
  transaction: Executor,
  company: Pick<CompanyAccess, "companyId" | "timeZone">,
  paymentId: number,
  row: PaymentRow | null,
): Promise<void> {
  const input = row === null ? null : await postingInput(transaction, company, row);
  await syncPaymentPosting(transaction, company.companyId, paymentId, input);
}

/** Posts payments that have no posting yet (a bank statement's), together (ledger `postNewPayments`). */
export async function postNewPaymentRows(
  transaction: Executor,
  company: Pick<CompanyAccess, "companyId" | "timeZone">,
  rows: readonly PaymentRow[],
): Promise<void> {
  const inputs: PaymentPostingInput[] = [];
  for (const row of rows) inputs.push(await postingInput(transaction, company, row));
  await postNewPayments(transaction, company.companyId, inputs);
}
