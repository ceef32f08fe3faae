/**
 * How a quotation's state reads and what may be done with it next, from the status the server
 * gives it. The moves mirror the API's transition table (src/modules/quotations/rules.ts): the
 * app offers only what the server would accept, and still shows the server's refusal if the
 * quotation changed elsewhere meanwhile.
 */
import type { Schema } from "@kasboek/client";

export type Quotation = Schema<"Quotation">;
export type QuotationStatus = Quotation["status"];

/** The list filters offered, as the API's `selection` values (`stopped` are the denied ones). */
export const QUOTATION_SELECTIONS = ["all", "concept", "published", "approved", "stopped", "invoiced"] as const;
export type QuotationSelection = (typeof QUOTATION_SELECTIONS)[number];

export type QuotationDecision = "_approve" | "_deny" | "_invoice";

/** The decisions the owner may take on a quotation in `status`, in the order they are offered. */
export function decisionsFor(status: QuotationStatus): QuotationDecision[] {
  switch (status) {
    case "published":
      return ["_approve", "_deny"];
    case "approved":
      return ["_invoice", "_deny"];
    case "denied":
      return ["_approve"];
    default:
      return [];
  }
}

/** Whether the quotation is still being written (the editor) rather than sent (the view). */
export function isConcept(quotation: Quotation): boolean {
  return quotation.status === "concept";
}
