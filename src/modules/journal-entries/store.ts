/**
 * SQL for `journal_entries` and their `journal_entry_lines`. Every query is scoped by company.
 */
import type { Generated, Selectable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { type RowLock, withRowLock } from "../../db/dialect.js";
import { selectPage } from "../../db/paging.js";
import { countOfAll } from "../../db/row-counts.js";
import type { Paging } from "../../platform/params.js";

interface JournalEntriesTable {
  id: Generated<number>;
  company_id: number;
  date: string;
  description: string | null;
}

interface JournalEntryLinesTable {
  id: Generated<number>;
  company_id: number;
  journal_entry_id: number;
  account_id: number;
  debit_cents: number | null;
  credit_cents: number | null;
}

export type JournalEntryRow = Selectable<JournalEntriesTable>;
export type JournalEntryLineRow = Selectable<JournalEntryLinesTable>;
export type JournalEntryLineValues = Pick<JournalEntryLineRow, "account_id" | "debit_cents" | "credit_cents">;

export type JournalTables = { journal_entries: JournalEntriesTable; journal_entry_lines: JournalEntryLinesTable };

function journal(executor: Executor) {
  return executor.withTables<JournalTables>();
}

export async function listJournalEntries(
  executor: Executor,
  companyId: number,
  paging: Paging,
): Promise<{ rows: JournalEntryRow[]; total: number }> {
  const base = journal(executor).selectFrom("journal_entries").where("company_id", "=", companyId);
  return selectPage(
    base,
    paging,
    (query) => query.selectAll().orderBy("date", "desc").orderBy("id", "desc"),
    countOfAll(executor, "journal_entries", companyId),
  );
}

export async function findJournalEntry(
  executor: Executor,
  companyId: number,
  entryId: number,
  lock: RowLock = "read",
): Promise<JournalEntryRow | undefined> {
  const query = journal(executor)
    .selectFrom("journal_entries")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "=", entryId);
  return withRowLock(executor, query, lock).executeTakeFirst();
}

export async function findLines(
  executor: Executor,
  companyId: number,
  entryIds: number[],
): Promise<JournalEntryLineRow[]> {
  if (entryIds.length === 0) return [];
  return journal(executor)
    .selectFrom("journal_entry_lines")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("journal_entry_id", "in", entryIds)
    .orderBy("id")
    .execute();
}

export async function insertJournalEntry(
  executor: Executor,
  values: Omit<JournalEntryRow, "id">,
): Promise<JournalEntryRow> {
  return journal(executor).insertInto("journal_entries").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateJournalEntry(
  executor: Executor,
  companyId: number,
  entryId: number,
  changes: Partial<Pick<JournalEntryRow, "date" | "description">>,
): Promise<void> {
  await journal(executor)
    .updateTable("journal_entries")
    .set(changes)
    .where("company_id", "=", companyId)
    .where("id", "=", entryId)
    .execute();
}

export async function deleteJournalEntry(executor: Executor, companyId: number, entryId: number): Promise<boolean> {
  const result = await journal(executor)
    .deleteFrom("journal_entries")
    .where("company_id", "=", companyId)
    .where("id", "=", entryId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertLines(
  executor: Executor,
  companyId: number,
  entryId: number,
  lines: JournalEntryLineValues[],
): Promise<void> {
  if (lines.length === 0) return;
  await journal(executor)
    .insertInto("journal_entry_lines")
    .values(lines.map((line) => ({ ...line, company_id: companyId, journal_entry_id: entryId })))
    .execute();
}

export async function updateLine(
  executor: Executor,
  companyId: number,
  lineId: number,
  values: JournalEntryLineValues,
): Promise<void> {
  await journal(executor)
    .updateTable("journal_entry_lines")
    .set(values)
    .where("company_id", "=", companyId)
    .where("id", "=", lineId)
    .execute();
}

export async function deleteLines(executor: Executor, companyId: number, lineIds: number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await journal(executor)
    .deleteFrom("journal_entry_lines")
    .where("company_id", "=", companyId)
    .where("id", "in", lineIds)
    .execute();
}
