/**
 * The quotation as a document type of the documents pipeline: its table, its state table
 * (rules.ts: `_publish`, `_approve`, `_deny`, `_invoice`, each refused naming the current status
 * where the table has no move), its fields, the yearly number series of its own, and the signing
 * link made at publication. From publication on its content is locked.
 */
import type { Executor } from "../../db/connection.js";
import type { DocumentKind, WriteContext } from "../documents/service.js";
import { instanceSecretKey } from "../sessions/service.js";
import { draftQuotation, type QuotationDraft } from "./fields.js";
import { invoiceQuotation } from "./invoicing.js";
import { DOCUMENT_TYPE, presentQuotation, type Quotation, signLinks } from "./present.js";
import {
  formatQuotationNumber,
  isLocked,
  type QuotationStatus,
  quotationNumberSeries,
  requestedTrigger,
  SIGN_LINK_VALID_DAYS,
  type Trigger,
  transition,
} from "./rules.js";
import { QuotationPayload } from "./schemas.js";
import { deriveSignToken, hashSignToken, newSignNonce } from "./sign-token.js";
import {
  countQuotationsCreatedSince,
  deleteQuotation,
  findQuotation,
  insertQuotation,
  lockQuotation,
  type QuotationInsert,
  type QuotationRow,
  type QuotationUpdate,
  quotationNumberTaken,
  updateQuotation,
} from "./store.js";

export const RESOURCE = "quotation";
const DAY_MS = 86_400_000;

/** The moves after publication: a decision through the API, or invoicing. */
async function applyDecision(
  transaction: Executor,
  context: WriteContext<undefined>,
  row: QuotationRow,
  trigger: Exclude<Trigger, "_publish">,
  to: QuotationStatus,
): Promise<void> {
  const companyId = context.company.companyId;
  if (trigger === "_invoice") {
    const salesInvoiceId = await invoiceQuotation(transaction, context.deps, context.company, row);
    await updateQuotation(transaction, companyId, row.id, { status: to, sales_invoice_id: salesInvoiceId });
    return;
  }
  await updateQuotation(transaction, companyId, row.id, {
    status: to,
    decided_by_name: null,
    decided_at: context.now.toISOString(),
    decided_via: "api",
  });
}

export const QUOTATION: DocumentKind<
  QuotationRow,
  typeof QuotationPayload.schema,
  QuotationDraft,
  QuotationInsert,
  QuotationUpdate,
  Quotation,
  undefined
> = {
  type: DOCUMENT_TYPE,
  resource: RESOURCE,
  payload: QuotationPayload,
  store: {
    lock: lockQuotation,
    find: findQuotation,
    insert: insertQuotation,
    update: updateQuotation,
    remove: deleteQuotation,
  },

  transition(existing, attributes, context) {
    const requested = requestedTrigger(attributes);
    if (!requested.ok) return { ok: false, problem: requested.problem };
    const trigger = requested.trigger;
    if (trigger === null) return { ok: true, publishes: false };
    const moved = transition(existing ? (existing.status as QuotationStatus) : null, trigger);
    if (!moved.ok) return { ok: false, problem: moved.problem, attribute: trigger };
    if (trigger === "_publish") return { ok: true, publishes: true };
    return {
      ok: true,
      publishes: false,
      apply: (transaction, row) => applyDecision(transaction, context, row, trigger, moved.to),
    };
  },
  isLocked: (row) => isLocked(row.status as QuotationStatus),
  editableWhenLocked: new Set(["_publish", "_approve", "_deny", "_invoice"]),
  lockedProblem: (row, attributes) => ({ key: "quotationLocked", status: row.status as QuotationStatus, attributes }),

  draft: draftQuotation,
  // a quotation names its contact from the start (fields.ts)
  publicationNeedsContact: false,
  newRow: (companyId, draft, createdAt) => ({
    company_id: companyId,
    status: "concept",
    cached_contact: null,
    sign_token_hash: null,
    sign_nonce: null,
    sign_expires_at: null,
    decided_by_name: null,
    decided_at: null,
    decided_via: null,
    sales_invoice_id: null,
    published_at: null,
    created_at: createdAt,
    ...draft.columns,
  }),
  changedColumns: (draft) => draft.columns,

  numbering: {
    series: quotationNumberSeries,
    format: formatQuotationNumber,
    taken: (transaction, companyId, number) => quotationNumberTaken(transaction, companyId, number, null),
  },
  publishedColumns(row, published, now) {
    const signed = row.creates_sign_url_on_publish !== 0;
    return {
      status: "published",
      ...published,
      sign_expires_at: signed ? new Date(now.getTime() + SIGN_LINK_VALID_DAYS * DAY_MS).toISOString() : null,
    };
  },
  finalisesLines: false,
  // the link's token needs the installation key, read in the publishing transaction
  async afterPublish(transaction, context, row) {
    if (row.creates_sign_url_on_publish === 0) return;
    const nonce = newSignNonce();
    const token = deriveSignToken(await instanceSecretKey(context.deps, transaction), nonce);
    await updateQuotation(transaction, row.company_id, row.id, {
      sign_nonce: nonce,
      sign_token_hash: hashSignToken(token),
    });
  },

  quota: { resource: "quotations", countCreatedSince: countQuotationsCreatedSince },
  uniqueViolation: { attribute: "invoice_number", problem: { key: "taken" } },
  undeletable: (row) =>
    row.status === "concept" ? null : { key: "quotationUndeletable", status: row.status as QuotationStatus },

  present: async (executor, company, row, deps) =>
    presentQuotation(executor, company.companyId, await signLinks(deps, executor), row),
};
