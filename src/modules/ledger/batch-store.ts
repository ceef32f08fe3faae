/**
 * The statements of many postings at once (batch-posting.ts): entries inserted with their
 * descriptions, unsealed, a few hundred per statement; then their lines; then sealed together (the
 * database checks each entry's balance as it is sealed, as for one); the month totals by the
 * caller. A bank statement of 10,000 payments took ~9 round trips per payment one by one (71 s on
 * PostgreSQL, bench/bank-import.ts); these take a few dozen statements in all.
 *
 * Invariants: all in the caller's transaction; ids are given in the order of the VALUES on both
 * databases (one statement's rows take ascending ids), so the answered ids, sorted, are the
 * entries' in the order given.
 */
import type { Executor } from "../../db/connection.js";
import { type LedgerEntryValues, type LedgerLineValues, ledger } from "./store.js";

/** Rows per statement: ~11 bind parameters a row stays far below both databases' limits. */
const ROWS_PER_STATEMENT = 500;

function chunks<Item>(items: readonly Item[]): Item[][] {
  const result: Item[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
    result.push(items.slice(start, start + ROWS_PER_STATEMENT));
  }
  return result;
}

export interface BatchEntry {
  entry: LedgerEntryValues;
  lines: readonly LedgerLineValues[];
}

/** Inserts the entries and their lines and seals them; answers the entries' ids in order. */
export async function insertSealedEntries(transaction: Executor, entries: readonly BatchEntry[]): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunks(entries)) {
    const inserted = await ledger(transaction)
      .insertInto("ledger_entries")
      .values(chunk.map(({ entry }) => ({ ...entry, sealed: 0 })))
      .returning("id")
      .execute();
    if (inserted.length !== chunk.length) throw new Error("not every ledger entry was inserted");
    ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
  }
  const lines = entries.flatMap(({ entry, lines: entryLines }, index) =>
    entryLines.map((line) => ({ ...line, company_id: entry.company_id, entry_id: ids[index] ?? 0, date: entry.date })),
  );
  for (const chunk of chunks(lines)) await ledger(transaction).insertInto("ledger_lines").values(chunk).execute();
  for (const chunk of chunks(ids)) {
    await ledger(transaction).updateTable("ledger_entries").set({ sealed: 1 }).where("id", "in", chunk).execute();
  }
  return ids;
}
