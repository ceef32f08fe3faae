/**
 * What the quotation editor holds while the reader types, and the API body made of it. The lines
 * are the invoice editor's (invoices/lines.ts: text as typed, ids kept, removed lines sent as
 * `_destroy` after the shown ones). A quotation names an existing contact (the API takes no new
 * one with it) and may ask for a signing link at publication; the number is the server's.
 */
import type { Schema } from "@kasboek/client";
import { formatDate, todayIso } from "../format.js";
import { dateOrTyped, emptyLine, isLineField, type LineDraft, lineDraftsOf, lineInputsOf } from "../invoices/lines.js";
import type { Quotation } from "./status.js";

export interface QuotationDraft {
  contactId: number | null;
  date: string;
  /** `creates_sign_url_on_publish`: a page where the customer approves or denies it */
  signingLink: boolean;
  lines: LineDraft[];
  removedLineIds: number[];
}

export function quotationDraftOf(quotation: Quotation | null): QuotationDraft {
  if (quotation === null) {
    // a quotation is sent to be answered: the signing link is on unless the owner turns it off
    return {
      contactId: null,
      date: formatDate(todayIso()),
      signingLink: true,
      lines: [emptyLine()],
      removedLineIds: [],
    };
  }
  return {
    contactId: quotation.contact_id,
    date: formatDate(quotation.date),
    signingLink: quotation.creates_sign_url_on_publish === true,
    lines: lineDraftsOf(quotation.invoice_lines),
    removedLineIds: [],
  };
}

export function quotationBodyOf(draft: QuotationDraft, publish: boolean): Schema<"QuotationInput"> {
  return {
    contact_id: draft.contactId,
    date: dateOrTyped(draft.date),
    creates_sign_url_on_publish: draft.signingLink,
    invoice_lines: lineInputsOf(draft.lines, draft.removedLineIds),
    ...(publish ? { _publish: true } : {}),
  };
}

/** The fields of the editor a server problem can be shown at; the rest goes in the banner. */
export function isQuotationField(attribute: string): boolean {
  return /^(contact_id|date|creates_sign_url_on_publish)$/.test(attribute) || isLineField(attribute);
}
