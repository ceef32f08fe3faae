/**
 * A payment booked straight to a cost account (`POST …/payments/{id}/book`, a Kasboek extension):
 * bank costs, a subscription, interest paid — money out that no purchase invoice accounts for.
 * It writes through two modules, the expenses' and the payments', neither of which may call the
 * other for it (the expenses read what the payments paid), so the use case has a folder above both.
 *
 * Invariants:
 * - one transaction, all or nothing: a published expense of one line without VAT (`vat_none`),
 *   dated the day of the payment and booked on the account, whose total is the payment's amount
 *   with its sign turned, made through the expenses' service like every other expense (numbered, posted
 *   P4); then the payment linked to it through the payments' service (posted P5 against the
 *   creditor). A failure anywhere leaves neither, and gives the expense's number back;
 * - the payment's row is locked first, so a split, a link or a second booking of it waits and
 *   then finds it booked;
 * - only an unbooked payment that is in the books is booked (one linked already is unlinked
 *   first; a bank statement's duplicate is in no one's books), only money going out (see
 *   `bookMoneyIn`), only to a cost account of the company, never into a period whose VAT return
 *   is filed; every problem of the request is named in one 422.
 *
 * Money coming in is refused rather than booked as a negative cost or as revenue: a refund of a
 * purchase belongs on the supplier's credit note (with its VAT), and revenue is either a sales
 * invoice, which takes a number in the gapless series of documents a customer received, or not an
 * expense at all (an expense on a revenue account is refused by the expenses' own rules).
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { invalid, ValidationErrors } from "../../platform/errors.js";
import { centsToDecimal } from "../../platform/money.js";
import { isBlank } from "../../platform/text.js";
import { resolveAccount } from "../accounts/service.js";
import { createExpenseIn, type Expense } from "../expenses/service.js";
import { checkPeriodOpen } from "../ledger/service.js";
import { linkPaymentIn, lockPaymentToSettle, type PaymentToSettle } from "../payments/service.js";
import { vatTypeByName } from "../vat-types/service.js";
import { BookingPayload } from "./schemas.js";

type BookingAttributes = Partial<Static<typeof BookingPayload.schema>>;

const RESOURCE = "payment";
/** The account type of the company's cost accounts (the accounts' `costs` selection). */
const COST_ACCOUNT_TYPE = "costs";

/** A payment that can be booked: in the books and linked to nothing (else a 422 of the whole). */
function assertBookable(payment: PaymentToSettle): void {
  if (payment.duplicate) throw invalid(RESOURCE, [{ problem: { key: "bookDuplicate" } }]);
  if (payment.booked) throw invalid(RESOURCE, [{ problem: { key: "bookBooked" } }]);
}

async function checkCostAccount(
  executor: Executor,
  companyId: number,
  accountId: number | null | undefined,
  errors: ValidationErrors,
): Promise<void> {
  if (errors.has("account_id")) return;
  if (accountId == null) return errors.add("account_id", { key: "blank" });
  const account = await resolveAccount(executor, companyId, { account_id: accountId });
  if (account === undefined) errors.add("account_id", { key: "notACompanyAccount" });
  else if (account.type !== COST_ACCOUNT_TYPE) errors.add("account_id", { key: "costAccount" });
}

/** Books the payment to the account `body` names, in one transaction; the expense it made. */
export async function bookPayment(
  deps: ServiceDeps,
  company: CompanyAccess,
  paymentId: number,
  body: unknown,
): Promise<Expense> {
  const errors = new ValidationErrors();
  const attributes: BookingAttributes = readWritePayload(BookingPayload, body, { timeZone: company.timeZone }, errors);
  return deps.db.transaction().execute(async (transaction) => {
    const payment = await lockPaymentToSettle(transaction, company, paymentId);
    assertBookable(payment);
    if (payment.amountCents > 0) errors.add("amount", { key: "bookMoneyIn" });
    await checkCostAccount(transaction, company.companyId, attributes.account_id, errors);
    if (isBlank(attributes.description) && !errors.has("description")) errors.add("description", { key: "blank" });
    await checkPeriodOpen(transaction, company.companyId, payment.date, errors, "paid_at");
    errors.throwIfAny(RESOURCE);
    const { account_id: accountId, description } = attributes;
    if (accountId == null || description == null) throw new Error("a booking checked without a problem lacks a value");

    const exempt = await vatTypeByName(transaction, "vat_none");
    if (exempt === undefined) throw new Error("the VAT type vat_none is missing");
    const expense = await createExpenseIn(transaction, deps, company, {
      date: payment.date,
      type_account_id: accountId,
      state: "published",
      invoice_lines: [
        {
          id: null,
          _destroy: null,
          description,
          extended_description: null,
          quantity: "1",
          price_per_unit: centsToDecimal(-payment.amountCents),
          vat_type_id: exempt.id,
          vat_rate: null,
          reverse_charge_vat_rate: null,
          product_id: null,
          account_id: accountId,
          account_path: null,
        },
      ],
    });
    await linkPaymentIn(transaction, company, payment.id, { type: "expense", id: expense.id });
    return expense;
  });
}
