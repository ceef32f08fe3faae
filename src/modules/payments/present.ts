/** A payment on the wire, with Kasboek's `bank_transaction` on one from a bank statement. */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { formatDateTime } from "../../platform/dates.js";
import { centsToDecimal } from "../../platform/money.js";
import { accountPathsById } from "../accounts/service.js";
import type { BankTransactionDetails } from "./bank.js";
import type { PaymentSchema } from "./schemas.js";
import type { PaymentRow } from "./store.js";

export type Payment = Static<typeof PaymentSchema>;

function presentPayment(row: PaymentRow, accountPath: string | undefined, timeZone: string): Payment {
  return {
    id: row.id,
    amount: centsToDecimal(row.amount_cents),
    description: row.description,
    account_id: row.account_id,
    account_path: accountPath ?? null,
    paid_at: formatDateTime(row.paid_at, timeZone),
    bank_transaction:
      row.bank_statement_id === null || row.bank_transaction === null
        ? undefined
        : { statement_id: row.bank_statement_id, ...(JSON.parse(row.bank_transaction) as BankTransactionDetails) },
  };
}

export async function presentPayments(
  executor: Executor,
  company: CompanyAccess,
  rows: PaymentRow[],
): Promise<Payment[]> {
  const paths = await accountPathsById(
    executor,
    company.companyId,
    rows.map((row) => row.account_id),
  );
  return rows.map((row) => presentPayment(row, paths.get(row.account_id), company.timeZone));
}

export async function presentOne(executor: Executor, company: CompanyAccess, row: PaymentRow): Promise<Payment> {
  const paths = await accountPathsById(executor, company.companyId, [row.account_id]);
  return presentPayment(row, paths.get(row.account_id), company.timeZone);
}
