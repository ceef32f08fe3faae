/**
 * Splitting one payment over several documents (`POST …/payments/{id}/split`, a Kasboek
 * extension): one bank transfer that pays two invoices, or an invoice less its credit note.
 * Invariants:
 * - the parts add up exactly to the payment's amount (integer cents), none is zero, and each
 *   names one document in the books (a published sales invoice or expense of the company, as a
 *   link by hand does: link.ts), no document twice;
 * - each part goes the way money settles its document (the ledger's `settlingDirection`): in for
 *   an invoice, out for a credit note or an expense, so a split never adds to what a document is
 *   owed (an invoice open for more than its total);
 * - only an unbooked payment is split: one linked already is unlinked first, and a bank
 *   statement's duplicate is in no one's books;
 * - one transaction, all or nothing: the payment becomes the first part, and each further part is
 *   a new payment on the same account, moment and description, with the same bank statement and
 *   `bank_transaction` but no fingerprint, so a later import of the same transaction is still
 *   recognised by the original alone; each part posts like every other payment (P3/P5), so the bank
 *   account's balance stays what it was and only the other side of the money changes;
 * - the payment's row is locked while it is split, so two splits (or a split and a link) of one
 *   payment never both take effect;
 * - a bank payment's parts teach each document's contact the IBAN, as a link by hand does.
 */
import { type Static, Type } from "@sinclair/typebox";
import Big from "big.js";
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import { invalid, notFound, ValidationErrors } from "../../platform/errors.js";
import { Nullable } from "../../platform/fields.js";
import { centsToDecimal, decimalToCents } from "../../platform/money.js";
import { settlingDirection } from "../ledger/service.js";
import { learnCounterpartyIban } from "./bank.js";
import { type DocumentLink, linkColumns } from "./link.js";
import { postPayment } from "./posting.js";
import { type Payment, presentPayments } from "./present.js";
import { findPayment, insertPayment, type PaymentRow, updatePayment } from "./store.js";

const SplitPartAttributes = Type.Object({
  amount: Nullable.decimal(),
  sales_invoice_id: Nullable.integer(),
  expense_id: Nullable.integer(),
});

export const SplitPayload = {
  wrapper: "split",
  schema: Type.Object({
    parts: Type.Array(SplitPartAttributes, {
      description:
        "What each document gets: amounts that add up exactly to the payment's (signed as the payment is; " +
        "a credit note's part is the other way), each with the sales_invoice_id or expense_id it pays. " +
        "The payment becomes the first part; every further part is a new payment",
    }),
  }),
  readOnly: [],
} as const;

type SplitAttributes = Partial<Static<typeof SplitPayload.schema>>;
type PartAttributes = Partial<Static<typeof SplitPartAttributes>>;

interface Part {
  amountCents: number;
  document: DocumentLink;
}

const RESOURCE = "payment";

/** A payment that can be split: not linked, not a statement's duplicate (else a 422 of the whole). */
function assertSplittable(row: PaymentRow): void {
  if (row.duplicate_of_id !== null) throw invalid(RESOURCE, [{ problem: { key: "splitDuplicate" } }]);
  if (row.document_id !== null) throw invalid(RESOURCE, [{ problem: { key: "splitBooked" } }]);
}

/** One part checked: its amount in cents and the document it pays; problems named `parts[i].…`. */
async function readPart(
  executor: Executor,
  companyId: number,
  attributes: PartAttributes,
  name: string,
  errors: ValidationErrors,
): Promise<Part | null> {
  let amountCents: number | null = null;
  if (attributes.amount != null) {
    const cents = decimalToCents(new Big(attributes.amount));
    if (cents === null) errors.add(`${name}.amount`, { key: "twoDecimals" });
    else if (cents === 0) errors.add(`${name}.amount`, { key: "notZero" });
    else amountCents = cents;
  } else if (!errors.has(`${name}.amount`)) errors.add(`${name}.amount`, { key: "blank" });
  const given = attributes.sales_invoice_id != null || attributes.expense_id != null;
  if (!given) {
    if (!errors.has(`${name}.sales_invoice_id`) && !errors.has(`${name}.expense_id`)) {
      errors.add(`${name}.sales_invoice_id`, { key: "orExpenseId" });
    }
    return null;
  }
  const problems = new ValidationErrors();
  const link = await linkColumns(executor, companyId, attributes, null, problems);
  errors.absorb(problems, `${name}.`);
  if (link?.document_type == null || link.document_id === null || amountCents === null) return null;
  const document = { type: link.document_type, id: link.document_id };
  const direction = await settlingDirection(executor, companyId, document);
  if (direction !== 0 && Math.sign(amountCents) !== direction) {
    errors.add(`${name}.amount`, { key: direction > 0 ? "splitPartMoneyIn" : "splitPartMoneyOut" });
    return null;
  }
  return { amountCents, document };
}

async function readParts(
  executor: Executor,
  companyId: number,
  attributes: SplitAttributes,
  payment: PaymentRow,
  errors: ValidationErrors,
): Promise<Part[]> {
  const items = attributes.parts ?? [];
  if (items.length === 0) {
    if (!errors.has("parts")) errors.add("parts", { key: "missingOrEmpty" });
    return [];
  }
  const parts: Array<Part | null> = [];
  for (const [index, item] of items.entries()) {
    parts.push(await readPart(executor, companyId, item, `parts[${index}]`, errors));
  }
  parts.forEach((part, index) => {
    if (part === null) return;
    const earlier = parts
      .slice(0, index)
      .some((other) => other?.document.type === part.document.type && other.document.id === part.document.id);
    const attribute = part.document.type === "expense" ? "expense_id" : "sales_invoice_id";
    if (earlier) errors.add(`parts[${index}].${attribute}`, { key: "namedTwice", id: part.document.id });
  });
  const complete = parts.filter((part) => part !== null);
  if (complete.length === items.length) {
    // a sum of up to a thousand amounts below 10^15 cents each: a bigint, never past 2^53 unnoticed
    const sum = complete.reduce((total, part) => total + BigInt(part.amountCents), 0n);
    if (sum !== BigInt(payment.amount_cents)) {
      errors.add("parts", { key: "splitSum", amount: centsToDecimal(payment.amount_cents), sum: centsToDecimal(sum) });
    }
  }
  return complete;
}

/** Splits the payment as `body` says, in the caller's transaction; the payments it is now, the first the original. */
export async function splitPayment(
  transaction: Executor,
  company: CompanyAccess,
  paymentId: number,
  body: unknown,
): Promise<Payment[]> {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(SplitPayload, body, { timeZone: company.timeZone }, errors);
  const payment = await findPayment(transaction, company.companyId, paymentId, "lock");
  if (payment === undefined) throw notFound(RESOURCE);
  assertSplittable(payment);
  const parts = await readParts(transaction, company.companyId, attributes, payment, errors);
  errors.throwIfAny(RESOURCE);
  const [first, ...further] = parts;
  if (first === undefined) throw new Error("a split checked without a problem has no parts");
  const rows = [
    await updatePayment(transaction, company.companyId, payment.id, {
      amount_cents: first.amountCents,
      document_type: first.document.type,
      document_id: first.document.id,
    }),
  ];
  for (const part of further) {
    rows.push(
      await insertPayment(transaction, {
        company_id: payment.company_id,
        amount_cents: part.amountCents,
        description: payment.description,
        account_id: payment.account_id,
        paid_at: payment.paid_at,
        document_type: part.document.type,
        document_id: part.document.id,
        source: payment.source,
        bank_statement_id: payment.bank_statement_id,
        bank_transaction: payment.bank_transaction,
        bank_fingerprint: null,
        duplicate_of_id: null,
      }),
    );
  }
  for (const row of rows) {
    await postPayment(transaction, company, row.id, row);
    await learnCounterpartyIban(transaction, company.companyId, row);
  }
  return presentPayments(transaction, company, rows);
}
