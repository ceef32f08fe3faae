/**
 * The sales invoice as a document type of the documents pipeline: its table, its state table
 * (concept → published by `_publish`, once), its fields, the yearly number series `YYYY-NNNN`,
 * and the e-mail copy queued at publication.
 */
import Big from "big.js";
import { companyOfWrite, type DocumentKind } from "../documents/service.js";
import { insertDocumentPayments, paidCentsOfDocuments } from "../payments/service.js";
import { draftSalesInvoice, type InvoiceDraft, type WriteOptions } from "./fields.js";
import { DOCUMENT_TYPE, presentSalesInvoice, type SalesInvoice } from "./present.js";
import { publicationMail } from "./printable.js";
import { EDITABLE_WHEN_PUBLISHED, formatInvoiceNumber, invoiceNumberSeries, sellerProblems } from "./rules.js";
import { SalesInvoicePayload } from "./schemas.js";
import {
  countSalesInvoicesCreatedSince,
  deleteSalesInvoice,
  insertSalesInvoice,
  lockSalesInvoice,
  type SalesInvoiceInsert,
  type SalesInvoiceRow,
  type SalesInvoiceUpdate,
  salesInvoiceFinder,
  updateSalesInvoice,
} from "./store.js";

export const RESOURCE = "salesInvoice";

/** What has been paid on an invoice, summed from its linked payments whenever it is read. */
export function paidCents() {
  return paidCentsOfDocuments("sales_invoices", DOCUMENT_TYPE);
}

export const SALES_INVOICE: DocumentKind<
  SalesInvoiceRow,
  typeof SalesInvoicePayload.schema,
  InvoiceDraft,
  SalesInvoiceInsert,
  SalesInvoiceUpdate,
  SalesInvoice,
  WriteOptions
> = {
  type: DOCUMENT_TYPE,
  resource: RESOURCE,
  payload: SalesInvoicePayload,
  store: {
    lock: lockSalesInvoice,
    find: salesInvoiceFinder(paidCents()),
    insert: insertSalesInvoice,
    update: updateSalesInvoice,
    remove: deleteSalesInvoice,
  },

  transition(existing, attributes) {
    const publishing = attributes._publish === true;
    if (publishing && existing !== null && existing.status !== "concept") {
      return { ok: false, problem: { key: "alreadyPublished" } };
    }
    return { ok: true, publishes: publishing };
  },
  isLocked: (row) => row.status !== "concept",
  editableWhenLocked: EDITABLE_WHEN_PUBLISHED,
  lockedProblem: (_row, attributes) => ({ key: "publishedInvoiceLocked", attributes }),

  draft: draftSalesInvoice,
  publicationNeedsContact: true,
  async checkPublishable(tools, context, draft) {
    if (draft.columns.sends_copy_by_email_on_publish && draft.contact !== null) {
      if (!draft.contact.contact_person_email_address) {
        tools.errors.add("sends_copy_by_email_on_publish", { key: "contactWithoutEmail" });
      }
    }
    if (draft.columns.credited_invoice_id !== null && draft.columns.price_with_vat_cents >= 0) {
      tools.errors.add("credited_invoice_id", { key: "onlyOnCreditInvoice" });
    }
    // a publication posts: the read that checks the seller also holds the books for it
    const company = await companyOfWrite(tools.transaction, context, { holdingBooks: true });
    if (!company) return;
    for (const [attribute, problem] of sellerProblems(company, draft.columns.payment_method)) {
      tools.errors.add(attribute, problem);
    }
    // a company under the small-business scheme (KOR) charges no VAT at all
    if (!company.vat_liable) {
      draft.lines.lines.forEach((line, index) => {
        if (new Big(line.values.vat_rate).gt(0)) {
          tools.errors.add(`invoice_lines[${index}].vat_type_id`, { key: "noVatUnderKor" });
        }
      });
    }
  },
  newRow: (companyId, draft, createdAt) => ({
    company_id: companyId,
    status: "concept",
    invoice_number: null,
    published_at: null,
    cached_contact: null,
    pay_url: null,
    created_at: createdAt,
    ...draft.columns,
  }),
  addsPayments: (draft) => draft.payments.length > 0,
  changedColumns: (draft) => draft.columns,
  async afterWrite(transaction, context, id, draft) {
    await insertDocumentPayments(transaction, context.company.companyId, { type: DOCUMENT_TYPE, id }, draft.payments);
  },

  numbering: { series: invoiceNumberSeries, format: formatInvoiceNumber },
  publishedColumns: (_row, published) => ({ status: "published", ...published }),
  finalisesLines: true,
  async afterPublish(transaction, context, row, draft) {
    if (!draft.columns.sends_copy_by_email_on_publish || draft.contact === null) return;
    await publicationMail(transaction, context.company.companyId, row, draft.contact, context.now);
    if (context.deps.nudgeOutbox) context.afterCommit.push(context.deps.nudgeOutbox);
  },

  posting: (row) => ({
    description: `Factuur ${row.invoice_number ?? row.id}`,
    vatNumber: row.vat_number,
    saleType: row.sale_type,
    distanceSale: row.distance_sale !== 0,
    defaultAccountId: null,
    corrects: row.credited_invoice_id === null ? null : { type: "sales_invoice", id: row.credited_invoice_id },
  }),
  quota: { resource: "sales_invoices", countCreatedSince: countSalesInvoicesCreatedSince },
  uniqueViolation: { attribute: "api_reference", problem: { key: "taken" } },
  undeletable: (row) => (row.status === "concept" ? null : { key: "publishedInvoiceUndeletable" }),

  present: presentSalesInvoice,
};
