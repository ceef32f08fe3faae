/**
 * One moment of a company's books for a file that is read in many pages: every read names the
 * same last entry id, and on PostgreSQL all of them run in one read-only repeatable-read
 * transaction (ids are not committed in order there). On SQLite a transaction would take the
 * only writer for as long as the download lasts, so the id alone marks the moment (store.ts).
 *
 * Invariant: `close` is called exactly once, when the file is done or abandoned (a client that
 * goes away ends the stream, whose `finally` closes it), so no connection outlives its file.
 */
import type { Executor } from "../../db/connection.js";
import { isPostgres } from "../../db/dialect.js";
import { lastEntryId } from "./store.js";

export interface BooksSnapshot {
  executor: Executor;
  throughEntryId: number;
  close: () => Promise<void>;
}

export async function openSnapshot(db: Executor, companyId: number): Promise<BooksSnapshot> {
  if (!isPostgres(db)) {
    return { executor: db, throughEntryId: await lastEntryId(db, companyId), close: async () => {} };
  }
  const transaction = await db
    .startTransaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await transaction.rollback().execute();
  };
  try {
    return { executor: transaction, throughEntryId: await lastEntryId(transaction, companyId), close };
  } catch (error) {
    await close();
    throw error;
  }
}
