/**
 * The statements of many postings at once (batch-posting.ts): entries inserted with their
 * descriptions, unsealed (db/bulk-insert.ts); then their lines; then sealed together (the
 * database checks each entry's balance as it is sealed, as for one); the month totals by the
 * caller. A bank statement of 10,000 payments took ~9 round trips per payment one by one (71 s on
 * PostgreSQL, bench/bank-import.ts); these take a few dozen statements in all.
 *
 * Invariants: all in the caller's transaction; the ids answered are the entries' in the order
 * given (db/bulk-insert.ts).
 */
import { type ColumnTypes, insertMany } from "../../db/bulk-insert.js";
import type { Executor } from "../../db/connection.js";
import { type LedgerEntryValues, type LedgerLineValues, ledger } from "./store.js";

const ENTRY_COLUMNS: ColumnTypes<LedgerEntryValues & { sealed: number }> = {
  company_id: "bigint",
  date: "date",
  description: "text",
  source_type: "text",
  source_id: "bigint",
  reverses_entry_id: "bigint",
  contact_id: "bigint",
  counterparty_country: "text",
  counterparty_vat_number: "text",
  created_at: "timestamptz",
  sealed: "integer",
};

const LINE_COLUMNS: ColumnTypes<LedgerLineValues & { company_id: number; entry_id: number; date: string }> = {
  company_id: "bigint",
  entry_id: "bigint",
  date: "date",
  account_id: "bigint",
  contact_id: "bigint",
  debit_cents: "bigint",
  credit_cents: "bigint",
  vat_box: "text",
  vat_base_cents: "bigint",
  vat_cents: "bigint",
  icp_kind: "text",
};

/** Ids per seal: far below both databases' parameter limits. */
const IDS_PER_SEAL = 1000;

export interface BatchEntry {
  entry: LedgerEntryValues;
  lines: readonly LedgerLineValues[];
}

/** Inserts the entries and their lines and seals them; answers the entries' ids in order. */
export async function insertSealedEntries(transaction: Executor, entries: readonly BatchEntry[]): Promise<number[]> {
  const inserted = await insertMany(
    transaction,
    "ledger_entries",
    ENTRY_COLUMNS,
    entries.map(({ entry }) => ({ ...entry, sealed: 0 })),
    true,
  );
  if (inserted.length !== entries.length) throw new Error("not every ledger entry was inserted");
  const ids = inserted.map((row) => row.id);
  const lines = entries.flatMap(({ entry, lines: entryLines }, index) =>
    entryLines.map((line) => ({ ...line, company_id: entry.company_id, entry_id: ids[index] ?? 0, date: entry.date })),
  );
  await insertMany(transaction, "ledger_lines", LINE_COLUMNS, lines, false);
  for (let start = 0; start < ids.length; start += IDS_PER_SEAL) {
    const chunk = ids.slice(start, start + IDS_PER_SEAL);
    await ledger(transaction).updateTable("ledger_entries").set({ sealed: 1 }).where("id", "in", chunk).execute();
  }
  return ids;
}
