/**
 * The open documents a bank payment may pay, for the owner to confirm: `GET
 * …/payments/{id}/match_suggestions`, scored by matching.ts over the company's open documents.
 * A settled payment or a statement's duplicate has none; a payment typed in is matched on its
 * description.
 */
import type { Static } from "@sinclair/typebox";
import type { CompanyAccess } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { centsToDecimal } from "../../platform/money.js";
import { paymentToMatch } from "../payments/service.js";
import { suggestMatches } from "./matching.js";
import { findOpenDocuments } from "./matching-store.js";
import type { MatchSuggestionSchema } from "./schemas.js";

export type MatchSuggestion = Static<typeof MatchSuggestionSchema>;

/** The open documents the payment may pay, best first. */
export async function paymentMatchSuggestions(
  deps: ServiceDeps,
  company: CompanyAccess,
  paymentId: number,
): Promise<MatchSuggestion[]> {
  const payment = await paymentToMatch(deps, company, paymentId);
  if (payment.settled) return [];
  const { bank } = payment;
  const documents = await findOpenDocuments(deps.db, company.companyId);
  const suggestions = suggestMatches(
    {
      amountCents: BigInt(payment.amountCents),
      date: bank?.booking_date ?? payment.date,
      counterpartyIban: bank?.counterparty_iban ?? null,
      counterpartyName: bank?.counterparty_name ?? null,
      texts: bank === null ? [payment.description] : [bank.reference, bank.remittance, bank.end_to_end_id],
    },
    company.companyId,
    documents,
  );
  return suggestions.map(({ document, score, reasons }) => ({
    document_type: document.type,
    document_id: document.id,
    number: document.number,
    contact_id: document.contactId,
    contact_name: document.contactName,
    date: document.date,
    due_date: document.dueDate,
    open_amount: centsToDecimal(document.openCents),
    score,
    reasons,
  }));
}
