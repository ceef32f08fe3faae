/**
 * The expense as a document type of the documents pipeline: its table, its state (`concept` or
 * `published`, written by the client; publication happens once), its fields, the per-month
 * number series `YYYYMMNNNN`, and no print. A published expense is locked: only sending its
 * values back unchanged is accepted.
 */
import type { DocumentKind } from "../documents/service.js";
import { draftExpense, type ExpenseDraft } from "./fields.js";
import { DOCUMENT_TYPE, type Expense, presentExpense } from "./present.js";
import { formatInvoiceNumber, invoiceNumberSeries, nextState } from "./rules.js";
import { ExpensePayload } from "./schemas.js";
import {
  deleteExpense,
  type ExpenseInsert,
  type ExpenseRow,
  type ExpenseUpdate,
  findExpense,
  insertExpense,
  lockExpense,
  updateExpense,
} from "./store.js";

export const RESOURCE = "expense";

export const EXPENSE: DocumentKind<
  ExpenseRow,
  typeof ExpensePayload.schema,
  ExpenseDraft,
  ExpenseInsert,
  ExpenseUpdate,
  Expense,
  undefined
> = {
  type: DOCUMENT_TYPE,
  resource: RESOURCE,
  payload: ExpensePayload,
  store: { lock: lockExpense, find: findExpense, insert: insertExpense, update: updateExpense, remove: deleteExpense },

  transition(existing, attributes) {
    const state = nextState(existing?.state ?? null, attributes.state);
    if (state.ok) return { ok: true, publishes: state.publishing };
    if (existing?.state === "published") {
      return { ok: false, problem: { key: "publishedExpense", problem: state.problem } };
    }
    return { ok: false, problem: state.problem, attribute: state.attribute, collected: true };
  },
  isLocked: (row) => row.state === "published",
  // `state` is judged by the state table, not as a locked attribute
  editableWhenLocked: new Set(["state"]),
  lockedProblem: (_row, attributes) => ({ key: "publishedExpenseLocked", attributes }),
  // a currency differs only when its code does, whatever its case ("EUR" is the stored "eur")
  comparable: (attributes) => ({
    ...attributes,
    currency: attributes.currency?.trim().toLowerCase() ?? attributes.currency,
  }),

  draft: draftExpense,
  // a till receipt names no supplier
  publicationNeedsContact: false,
  newRow: (companyId, draft, createdAt) => ({
    company_id: companyId,
    state: "concept",
    invoice_number: null,
    published_at: null,
    cached_contact: null,
    created_at: createdAt,
    ...draft.columns,
  }),
  changedColumns: (draft) => draft.columns,

  numbering: { series: invoiceNumberSeries, format: formatInvoiceNumber },
  publishedColumns: (_row, published) => ({ state: "published", ...published }),
  finalisesLines: true,

  posting: (row) => ({
    description: `Uitgave ${row.invoice_number ?? row.id}`,
    vatNumber: null,
    saleType: null,
    distanceSale: false,
    defaultAccountId: row.type_account_id,
    corrects: null,
  }),
  uniqueViolation: { attribute: "invoice_number", problem: { key: "taken" } },
  // the reference documents 204 for a published expense too, and real integrations clean up so
  undeletable: () => null,

  present: (executor, company, row) => presentExpense(executor, company.companyId, row),
};
