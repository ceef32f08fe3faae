/**
 * Expense use cases. Each write is one transaction: the expense, its lines, the inline contact
 * and — at publication — the number, the frozen contact copy and the contact's hold are stored
 * together or not at all. The expense row is locked first, so two requests on one expense never
 * interleave; the number comes from the company's per-month counter inside the publishing
 * transaction, so numbers are gapless and unique under any concurrency. A published expense is
 * locked: only sending its values back unchanged is accepted.
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import { lockedChanges } from "../../platform/changes.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError, notFound, ValidationErrors } from "../../platform/errors.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { accountIdsUnderPath } from "../accounts/service.js";
import { deleteAttachmentsOf } from "../attachments/service.js";
import { frozenContactCopy } from "../contacts/document-contacts.js";
import { holdContactForDocument } from "../contacts/service.js";
import { nextInSeries } from "../counters/service.js";
import { applyDocumentLines, deleteDocumentLines, finaliseDocumentLines } from "../invoice-lines/service.js";
import { paidCentsOfDocuments, unlinkDocumentPayments } from "../payments/service.js";
import { DOCUMENT_TYPE, type Expense, presentExpense, presentExpenses } from "./present.js";
import { formatInvoiceNumber, INVESTMENT_ACCOUNTS_PATH, invoiceNumberSeries, nextState } from "./rules.js";
import { draftExpense, type ExpenseDraft } from "./save.js";
import { ExpensePayload, type ExpenseSelection } from "./schemas.js";
import {
  deleteExpense,
  type ExpenseFilter,
  type ExpenseRow,
  findExpense,
  insertExpense,
  listExpenses,
  lockExpense,
  updateExpense,
} from "./store.js";

export type { Expense } from "./present.js";

const RESOURCE = "Expense";
/** `state` is judged by `nextState`, not as a locked attribute */
const STATE_IS_JUDGED_APART: ReadonlySet<string> = new Set(["state"]);

function invalid(message: string): ApiError {
  return new ApiError("client.parameters.validation", `${RESOURCE} is invalid: ${message}`);
}

/** An expense without lines has nothing to book. A supplier is optional: a till receipt names none. */
function checkPublishable(draft: ExpenseDraft, errors: ValidationErrors): void {
  if (draft.lines.lines.length === 0) errors.add("invoice_lines", "can't be empty when publishing");
}

/** Numbers the expense, freezes and holds its contact, and finalises its lines. */
async function publish(
  transaction: Executor,
  deps: ServiceDeps,
  companyId: number,
  expenseId: number,
  draft: ExpenseDraft,
): Promise<void> {
  const date = draft.columns.date;
  const sequence = await nextInSeries(transaction, companyId, invoiceNumberSeries(date));
  const document = { type: DOCUMENT_TYPE, id: expenseId };
  await updateExpense(transaction, companyId, expenseId, {
    state: "published",
    invoice_number: formatInvoiceNumber(date, sequence),
    published_at: deps.now().toISOString(),
    cached_contact: frozenContactCopy(draft.contact),
  });
  if (draft.contact !== null) await holdContactForDocument(transaction, companyId, draft.contact.id, document);
  await finaliseDocumentLines(transaction, companyId, document);
}

async function lockedRow(transaction: Executor, companyId: number, expenseId: number): Promise<ExpenseRow> {
  if (!(await lockExpense(transaction, companyId, expenseId))) throw notFound(RESOURCE);
  const row = await findExpense(transaction, companyId, expenseId);
  if (!row) throw notFound(RESOURCE);
  return row;
}

async function save(deps: ServiceDeps, company: CompanyAccess, expenseId: number | null, body: unknown) {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(ExpensePayload, body, { timeZone: company.timeZone }, errors);
  const companyId = company.companyId;
  return deps.db.transaction().execute(async (transaction) => {
    const existing = expenseId === null ? null : await lockedRow(transaction, companyId, expenseId);
    const state = nextState(existing?.state ?? null, attributes.state);
    if (!state.ok) {
      if (existing?.state === "published") throw invalid(`a published expense ${state.problem}`);
      errors.add(state.attribute, state.problem);
    }
    if (existing !== null && existing.state === "published") {
      const current = await presentExpense(transaction, companyId, existing);
      // a currency differs only when its code does, whatever its case ("EUR" is the stored "eur")
      const comparable = { ...attributes, currency: attributes.currency?.trim().toLowerCase() ?? attributes.currency };
      const locked = lockedChanges(comparable, current, STATE_IS_JUDGED_APART);
      if (locked.length > 0) throw invalid(`a published expense cannot change ${locked.join(", ")}`);
    }
    const draft = await draftExpense(transaction, company, existing, attributes, errors, deps.now());
    const publishing = state.ok && state.publishing;
    if (publishing) checkPublishable(draft, errors);
    errors.throwIfAny(RESOURCE);

    let id: number;
    if (existing === null) {
      id = await insertExpense(transaction, {
        company_id: companyId,
        state: "concept",
        invoice_number: null,
        published_at: null,
        cached_contact: null,
        created_at: deps.now().toISOString(),
        ...draft.columns,
      });
    } else {
      id = existing.id;
      // a published expense is only ever sent back unchanged: nothing of it is rewritten
      if (existing.state === "concept") await updateExpense(transaction, companyId, id, draft.columns);
    }
    await applyDocumentLines(transaction, companyId, { type: DOCUMENT_TYPE, id }, draft.lines);
    if (publishing) await publish(transaction, deps, companyId, id, draft);
    const saved = await findExpense(transaction, companyId, id);
    if (!saved) throw notFound(RESOURCE);
    return presentExpense(transaction, companyId, saved);
  });
}

export async function createExpense(deps: ServiceDeps, company: CompanyAccess, body: unknown): Promise<Expense> {
  return save(deps, company, null, body);
}

export async function updateCompanyExpense(
  deps: ServiceDeps,
  company: CompanyAccess,
  expenseId: number,
  body: unknown,
): Promise<Expense> {
  return save(deps, company, expenseId, body);
}

export interface ExpenseSearch {
  from?: string;
  till?: string;
}

/**
 * The reference's selections, as Kasboek defines them (the reference does not say):
 * - all: every expense, concepts included;
 * - unpaid: published expenses on which something is still owed to the supplier (or, for a
 *   credit note, still to be refunded by them), counting the payments linked to the expense;
 * - overpaid: published expenses on which more was paid than owed (signs mirrored for credit notes);
 * - investments: expenses booked on a balance-sheet asset account (under `activa`);
 * - credit_invoices: expenses whose total is negative (credit notes from a supplier).
 */
async function selectionFilter(deps: ServiceDeps, companyId: number, selection: ExpenseSelection) {
  const filters: Record<Exclude<ExpenseSelection, "investments">, ExpenseFilter> = {
    all: {},
    unpaid: { states: ["published"], owed: "positive" },
    overpaid: { states: ["published"], owed: "negative" },
    credit_invoices: { creditOnly: true },
  };
  if (selection !== "investments") return filters[selection];
  return { typeAccountIds: await accountIdsUnderPath(deps.db, companyId, INVESTMENT_ACCOUNTS_PATH) };
}

export async function listCompanyExpenses(
  deps: ServiceDeps,
  company: CompanyAccess,
  selection: ExpenseSelection,
  search: ExpenseSearch,
  paging: Paging,
): Promise<Page<Expense>> {
  const filter = { ...(await selectionFilter(deps, company.companyId, selection)), ...search };
  const paid = paidCentsOfDocuments("expenses", DOCUMENT_TYPE);
  const { rows, total } = await listExpenses(deps.db, company.companyId, filter, paging, paid);
  return { items: await presentExpenses(deps.db, company.companyId, rows), total, paging };
}

export async function showExpense(deps: ServiceDeps, company: CompanyAccess, expenseId: number): Promise<Expense> {
  const row = await findExpense(deps.db, company.companyId, expenseId);
  if (!row) throw notFound(RESOURCE);
  return presentExpense(deps.db, company.companyId, row);
}

/** Only concepts can be deleted; their payments stay, unbooked again, and their files go. */
export async function deleteCompanyExpense(deps: ServiceDeps, company: CompanyAccess, expenseId: number) {
  await deps.db.transaction().execute(async (transaction) => {
    const row = await lockedRow(transaction, company.companyId, expenseId);
    if (row.state !== "concept") throw invalid("a published expense cannot be deleted");
    const document = { type: DOCUMENT_TYPE, id: expenseId };
    await deleteDocumentLines(transaction, company.companyId, document);
    await deleteAttachmentsOf(transaction, company.companyId, document);
    await unlinkDocumentPayments(transaction, company.companyId, document);
    await deleteExpense(transaction, company.companyId, expenseId);
  });
}

/** For nested routes (attachments): the expense must be the company's; receipts may be added at any time. */
export async function requireExpense(deps: ServiceDeps, company: CompanyAccess, expenseId: number): Promise<void> {
  if (!(await findExpense(deps.db, company.companyId, expenseId))) throw notFound(RESOURCE);
}
