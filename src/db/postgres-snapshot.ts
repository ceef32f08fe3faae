/**
 * PostgreSQL's data version for the response cache: the text of the current transaction
 * snapshot (`txid_current_snapshot()`, which PostgreSQL 12 and later know).
 *
 * Invariants:
 * - a snapshot lists the transactions that had not ended and the first id not yet ended; a
 *   writing transaction that commits, from any process or tool, changes one or the other, so
 *   two equal snapshots mean no write became visible between them;
 * - every call is answered by a poll that began after the call: a write committed before a
 *   request came is seen by the version the request is given. Calls that come while a poll
 *   runs share the one that starts when it ends, so the database is asked at most once per
 *   round trip however many requests come;
 * - a failed poll answers null (nothing is kept or reused); a server without the function
 *   (a PostgreSQL-compatible engine) is not asked again;
 * - snapshots are the whole server's: a write to another database on it also changes them,
 *   which costs reuse, never correctness.
 */
const SNAPSHOT_QUERY = "select txid_current_snapshot()::text as snapshot";
/** undefined_function: the server has no txid_current_snapshot() */
const UNDEFINED_FUNCTION = "42883";

export interface SnapshotSource {
  query<Row extends object>(text: string): Promise<{ rows: Row[] }>;
}

export function committedStateWatch(source: SnapshotSource): () => Promise<string | null> {
  let unsupported = false;
  let running: Promise<string | null> | null = null;
  let next: Promise<string | null> | null = null;

  const poll = async (): Promise<string | null> => {
    try {
      const { rows } = await source.query<{ snapshot: string }>(SNAPSHOT_QUERY);
      return rows[0]?.snapshot ?? null;
    } catch (error) {
      if (typeof error === "object" && error !== null && "code" in error && error.code === UNDEFINED_FUNCTION) {
        unsupported = true;
      }
      return null;
    }
  };
  const start = (): Promise<string | null> => {
    const started = poll().finally(() => {
      if (running === started) running = null;
    });
    running = started;
    return started;
  };

  return () => {
    if (unsupported) return Promise.resolve(null);
    if (running === null) return start();
    // the running poll may have read its snapshot before this call came
    next ??= running.then(() => {
      next = null;
      return start();
    });
    return next;
  };
}
