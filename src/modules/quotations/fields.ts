/**
 * The fields of a quotation: the request turned into the quotation's next columns,
 * every problem recorded before anything is written. A quotation always names its contact; its
 * number may be written by hand (unique per company) or is generated at publication.
 */
import type { Static } from "@sinclair/typebox";
import { dateInTimeZone } from "../../platform/dates.js";
import { isBlank } from "../../platform/text.js";
import {
  type DocumentDraft,
  type DraftTools,
  planLines,
  resolveDocumentContact,
  type WriteContext,
} from "../documents/service.js";
import { checkDocumentTemplate } from "../templates/service.js";
import { DOCUMENT_TYPE } from "./present.js";
import type { QuotationPayload } from "./schemas.js";
import { type QuotationRow, quotationNumberTaken } from "./store.js";

export type QuotationAttributes = Partial<Static<typeof QuotationPayload.schema>>;
export type QuotationColumns = Pick<
  QuotationRow,
  | "date"
  | "contact_id"
  | "template_id"
  | "invoice_number"
  | "creates_sign_url_on_publish"
  | "price_without_vat_cents"
  | "vat_amount_cents"
  | "price_with_vat_cents"
>;
export type QuotationDraft = DocumentDraft<QuotationColumns>;

function given<Value>(value: Value | undefined, stored: Value): Value {
  return value === undefined ? stored : value;
}

/** The quotation as it will be after the request, or the problems that stop it. */
export async function draftQuotation(
  tools: DraftTools,
  context: WriteContext<undefined>,
  existing: QuotationRow | null,
  attributes: QuotationAttributes,
): Promise<QuotationDraft> {
  const { transaction, errors } = tools;
  const companyId = context.company.companyId;
  const contact = await resolveDocumentContact(
    transaction,
    companyId,
    existing?.contact_id ?? null,
    attributes,
    errors,
  );
  if (contact === null && !errors.has("contact_id")) errors.add("contact_id", { key: "blank" });
  const date = given(attributes.date, existing?.date ?? dateInTimeZone(context.now, context.company.timeZone));
  if (date === null) errors.add("date", { key: "blank" });
  const templateId = given(attributes.template_id, existing?.template_id ?? null);
  await checkDocumentTemplate(transaction, companyId, templateId, errors);
  const givenNumber = given(attributes.invoice_number, existing?.invoice_number);
  const invoiceNumber = isBlank(givenNumber) ? null : givenNumber.trim();
  if (
    invoiceNumber !== null &&
    (await quotationNumberTaken(transaction, companyId, invoiceNumber, existing?.id ?? null))
  ) {
    errors.add("invoice_number", { key: "taken" });
  }
  const lines = await planLines(
    tools,
    companyId,
    { type: DOCUMENT_TYPE, id: existing?.id ?? null },
    attributes.invoice_lines,
  );
  return {
    contact,
    lines,
    columns: {
      date: date ?? "",
      contact_id: contact?.id ?? null,
      template_id: templateId,
      invoice_number: invoiceNumber,
      creates_sign_url_on_publish:
        (attributes.creates_sign_url_on_publish ?? existing?.creates_sign_url_on_publish === 1) ? 1 : 0,
      ...lines.totals,
    },
  };
}
