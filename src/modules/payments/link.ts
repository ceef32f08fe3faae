/**
 * Linking a payment to the document it settles, through the payments endpoints (Kasboek's
 * extension: `sales_invoice_id` or `expense_id`, write only). Invariants:
 * - only a document that is in the books can be settled: a published sales invoice or expense of
 *   the company, as the ledger holds it (a concept claims nothing yet, and another company's
 *   document is simply not one of this company's);
 * - one document at a time: both ids in one request are refused;
 * - null unlinks, making the payment unbooked again; an absent id leaves the link as it is;
 * - a document takes at most MAX_PAYMENTS_PER_DOCUMENT payments, as when they come inline;
 * - linking holds the document's payments (`holdPaymentsOf`) before it asks whether the document
 *   is in the books, as its deletion does before it unlinks them: a payment linked while the
 *   document is deleted is either refused (the deletion came first) or unlinked by it.
 * The ledger is asked through its service, so this module reads no other module's tables.
 */
import type { Executor } from "../../db/connection.js";
import { holdUntilCommit } from "../../db/held-work.js";
import type { ValidationErrors } from "../../platform/errors.js";
import { postedDocument } from "../ledger/service.js";
import { countPaymentsOfDocument, type PaymentRow } from "./store.js";

/** The document a payment settles; linked payments are `booked`. */
export interface DocumentLink {
  type: string;
  id: number;
}

export interface LinkAttributes {
  sales_invoice_id?: number | null;
  expense_id?: number | null;
}

/** The columns of the link after the request; undefined when the request leaves it alone. */
export type LinkColumns = { document_type: "sales_invoice" | "expense" | null; document_id: number | null } | undefined;

const ATTRIBUTES = [
  ["sales_invoice_id", "sales_invoice", "publishedInvoiceNeeded"],
  ["expense_id", "expense", "publishedExpenseNeeded"],
] as const;

/** The most payments one document takes; payments/service.ts says why there is a most. */
export const MAX_PAYMENTS_PER_DOCUMENT = 1000;

/** Until the transaction ends, no other transaction links payments to `document` or unlinks them from it. */
export function holdPaymentsOf(transaction: Executor, document: DocumentLink): Promise<void> {
  return holdUntilCommit(
    transaction,
    document.type === "expense" ? "paymentsOfExpense" : "paymentsOfSalesInvoice",
    document.id,
  );
}

export async function linkColumns(
  executor: Executor,
  companyId: number,
  attributes: LinkAttributes,
  existing: Pick<PaymentRow, "document_type" | "document_id"> | null,
  errors: ValidationErrors,
): Promise<LinkColumns> {
  const given = ATTRIBUTES.filter(([attribute]) => attributes[attribute] !== undefined);
  if (given.length === 0) return undefined;
  if (given.length > 1) {
    errors.add("expense_id", { key: "notWithSalesInvoiceId" });
    return undefined;
  }
  const [[attribute, type, problem]] = given as [(typeof ATTRIBUTES)[number]];
  const id = attributes[attribute] ?? null;
  if (id === null) return { document_type: null, document_id: null };
  if (existing?.document_type === type && existing.document_id === id) return { document_type: type, document_id: id };
  await holdPaymentsOf(executor, { type, id });
  if ((await postedDocument(executor, companyId, { type, id })) === null) {
    errors.add(attribute, { key: problem });
    return undefined;
  }
  if ((await countPaymentsOfDocument(executor, companyId, type, id)) >= MAX_PAYMENTS_PER_DOCUMENT) {
    errors.add("payments", { key: "tooManyPayments", most: MAX_PAYMENTS_PER_DOCUMENT });
    return undefined;
  }
  return { document_type: type, document_id: id };
}
