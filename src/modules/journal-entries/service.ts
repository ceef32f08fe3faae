/**
 * Manual journal entries. Lines follow the nested-subresource rules (create, update by id,
 * `_destroy`, untouched otherwise) and the balance is checked on the entry as it would be after
 * the request; everything is written in one transaction or not at all, its posting included (the
 * ledger posts the entry as written; an edit reverses and posts anew, a delete reverses).
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound, ValidationErrors } from "../../platform/errors.js";
import { centsToDecimal } from "../../platform/money.js";
import { planNestedChanges } from "../../platform/nested.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { accountPathsById, resolveAccountReference } from "../accounts/service.js";
import { syncManualEntryPosting } from "../ledger/service.js";
import { amountCents, type LineState, validateJournalEntry } from "./rules.js";
import { type JournalEntryLineAttributes, JournalEntryPayload, type JournalEntrySchema } from "./schemas.js";
import {
  deleteJournalEntry,
  deleteLines,
  findJournalEntry,
  findLines,
  insertJournalEntry,
  insertLines,
  type JournalEntryLineRow,
  type JournalEntryLineValues,
  type JournalEntryRow,
  listJournalEntries,
  updateJournalEntry,
  updateLine,
} from "./store.js";

export type { JournalTables } from "./store.js";
export type JournalEntry = Static<typeof JournalEntrySchema>;
type LineChanges = Omit<Partial<Static<typeof JournalEntryLineAttributes>>, "id" | "_destroy">;
const RESOURCE = "journalEntry";

async function presentEntries(
  executor: Executor,
  companyId: number,
  entries: JournalEntryRow[],
): Promise<JournalEntry[]> {
  const lines = await findLines(
    executor,
    companyId,
    entries.map((entry) => entry.id),
  );
  const paths = await accountPathsById(
    executor,
    companyId,
    lines.map((line) => line.account_id),
  );
  const amount = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));
  return entries.map((entry) => ({
    id: entry.id,
    description: entry.description,
    date: entry.date,
    lines: lines
      .filter((line) => line.journal_entry_id === entry.id)
      .map((line) => ({
        id: line.id,
        account_id: line.account_id,
        account_path: paths.get(line.account_id) ?? null,
        debit_amount: amount(line.debit_cents),
        credit_amount: amount(line.credit_cents),
      })),
  }));
}

async function presentEntry(executor: Executor, companyId: number, entry: JournalEntryRow): Promise<JournalEntry> {
  const [presented] = await presentEntries(executor, companyId, [entry]);
  if (!presented) throw new Error("journal entry could not be presented");
  return presented;
}

/** A line as it will be: the stored line (if any) with the request's changes applied. */
async function lineState(
  executor: Executor,
  companyId: number,
  row: JournalEntryLineRow | null,
  changes: LineChanges,
  prefix: string,
  errors: ValidationErrors,
): Promise<LineState> {
  const state: LineState = {
    account_id: row?.account_id ?? null,
    debit_cents: row?.debit_cents ?? null,
    credit_cents: row?.credit_cents ?? null,
  };
  if (changes.account_id !== undefined || changes.account_path !== undefined) {
    state.account_id = (await resolveAccountReference(executor, companyId, changes, errors, prefix))?.id ?? null;
  }
  const debit = amountCents(changes.debit_amount, `${prefix}debit_amount`, errors);
  if (debit !== undefined) state.debit_cents = debit;
  const credit = amountCents(changes.credit_amount, `${prefix}credit_amount`, errors);
  if (credit !== undefined) state.credit_cents = credit;
  return state;
}

const valuesOf = (state: LineState): JournalEntryLineValues => ({
  account_id: state.account_id ?? 0,
  debit_cents: state.debit_cents,
  credit_cents: state.credit_cents,
});

/** Validates and writes an entry (new when `existing` is null) with its lines, in `transaction`. */
async function saveEntry(
  transaction: Executor,
  company: CompanyAccess,
  existing: JournalEntryRow | null,
  body: unknown,
): Promise<JournalEntryRow> {
  const errors = new ValidationErrors();
  const { lines: lineItems, ...fields } = readWritePayload(
    JournalEntryPayload,
    body,
    { timeZone: company.timeZone },
    errors,
  );
  const storedLines = existing ? await findLines(transaction, company.companyId, [existing.id]) : [];
  const plan = planNestedChanges(storedLines, lineItems ?? [], errors, "lines");
  const states = await Promise.all(
    plan.result.map(({ row, changes, label }) =>
      lineState(transaction, company.companyId, row, changes, `${label}.`, errors),
    ),
  );
  const date = fields.date === undefined ? (existing?.date ?? null) : fields.date;
  validateJournalEntry(
    { date, lines: states.map((state, index) => ({ ...state, label: plan.result[index]?.label ?? "lines" })) },
    errors,
  );
  errors.throwIfAny(RESOURCE);

  let entry: JournalEntryRow;
  if (existing === null) {
    entry = await insertJournalEntry(transaction, {
      company_id: company.companyId,
      date: date ?? "",
      description: fields.description ?? null,
    });
  } else {
    entry = { ...existing, ...fields, date: date ?? existing.date };
    if (fields.date !== undefined || fields.description !== undefined) {
      await updateJournalEntry(transaction, company.companyId, existing.id, {
        date: entry.date,
        description: entry.description,
      });
    }
  }
  await deleteLines(
    transaction,
    company.companyId,
    plan.destroyed.map((row) => row.id),
  );
  for (const [index, { row, changes }] of plan.result.entries()) {
    const state = states[index];
    if (row === null || state === undefined || Object.keys(changes).length === 0) continue;
    await updateLine(transaction, company.companyId, row.id, valuesOf(state));
  }
  const createdStates = plan.result.flatMap(({ row }, index) => (row === null ? [states[index]] : []));
  await insertLines(
    transaction,
    company.companyId,
    entry.id,
    createdStates.flatMap((state) => (state ? [valuesOf(state)] : [])),
  );
  await postManualEntry(transaction, company.companyId, entry);
  return entry;
}

async function postManualEntry(transaction: Executor, companyId: number, entry: JournalEntryRow): Promise<void> {
  const lines = await findLines(transaction, companyId, [entry.id]);
  const paths = await accountPathsById(
    transaction,
    companyId,
    lines.map((line) => line.account_id),
  );
  await syncManualEntryPosting(transaction, companyId, entry.id, {
    id: entry.id,
    date: entry.date,
    description: entry.description,
    lines: lines.map((line) => ({
      accountId: line.account_id,
      accountPath: paths.get(line.account_id) ?? "",
      debitCents: line.debit_cents ?? 0,
      creditCents: line.credit_cents ?? 0,
    })),
  });
}

/** Posts a manual entry made before the ledger existed (the upgrade migration). */
export async function postEarlierManualEntry(executor: Executor, companyId: number, entryId: number): Promise<void> {
  const entry = await findJournalEntry(executor, companyId, entryId);
  if (entry) await postManualEntry(executor, companyId, entry);
}

export async function createJournalEntry(
  deps: ServiceDeps,
  company: CompanyAccess,
  body: unknown,
): Promise<JournalEntry> {
  return deps.db.transaction().execute(async (transaction) => {
    const entry = await saveEntry(transaction, company, null, body);
    return presentEntry(transaction, company.companyId, entry);
  });
}

export async function updateCompanyJournalEntry(
  deps: ServiceDeps,
  company: CompanyAccess,
  entryId: number,
  body: unknown,
): Promise<JournalEntry> {
  return deps.db.transaction().execute(async (transaction) => {
    // locked: another edit of the entry at the same moment waits, and is then checked against this one's lines
    const existing = await findJournalEntry(transaction, company.companyId, entryId, "lock");
    if (!existing) throw notFound(RESOURCE);
    const entry = await saveEntry(transaction, company, existing, body);
    return presentEntry(transaction, company.companyId, entry);
  });
}

export async function listCompanyJournalEntries(
  deps: ServiceDeps,
  company: CompanyAccess,
  paging: Paging,
): Promise<Page<JournalEntry>> {
  const { rows, total } = await listJournalEntries(deps.db, company.companyId, paging);
  return { items: await presentEntries(deps.db, company.companyId, rows), total, paging };
}

export async function showJournalEntry(
  deps: ServiceDeps,
  company: CompanyAccess,
  entryId: number,
): Promise<JournalEntry> {
  const entry = await findJournalEntry(deps.db, company.companyId, entryId);
  if (!entry) throw notFound(RESOURCE);
  return presentEntry(deps.db, company.companyId, entry);
}

export async function deleteCompanyJournalEntry(
  deps: ServiceDeps,
  company: CompanyAccess,
  entryId: number,
): Promise<void> {
  await deps.db.transaction().execute(async (transaction) => {
    if (!(await deleteJournalEntry(transaction, company.companyId, entryId))) throw notFound(RESOURCE);
    await syncManualEntryPosting(transaction, company.companyId, entryId, null);
  });
}
