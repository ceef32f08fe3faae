/**
 * Server-side prepared statements for the SQL the service runs again and again. pg sends every
 * query unnamed, so PostgreSQL parses, analyses and plans it anew each time: for GET one invoice
 * that was a fifth of the request (432 against 544–616 µs in process, 10 in flight), and a tenth
 * of a create. A text with parameters is prepared, per connection, from its PREPARE_AFTER-th run
 * on (as pgjdbc's `prepareThreshold` does); pg then sends only its values, and the server reuses
 * its plan. A text without parameters (begin, commit, DDL) keeps pg's simple protocol.
 *
 * Invariants:
 * - a name stands for one SQL text for the life of the process, and is never given to another
 *   (pg refuses a name parsed on a connection with a different text);
 * - memory stays bounded on both sides: at most MOST_PREPARED texts are named (each connection
 *   of the pool prepares those it runs), at most MOST_COUNTED are counted, then no new ones;
 * - a statement prepared before a migration changed its table (`select *` of a table with a new
 *   column) fails once with PostgreSQL's "cached plan must not change result type"; its text is
 *   then never named again in this process, so later runs are planned afresh;
 * - what Kysely sees is pg's pool as it was: the same client object per connection (Kysely keys
 *   its connection state on it), cursors and everything else passed through.
 */
import type pg from "pg";

/** pgjdbc's default: a text run this many times is worth a plan of its own. */
const PREPARE_AFTER = 5;
const MOST_PREPARED = 1000;
const MOST_COUNTED = 10_000;
/** PostgreSQL's feature_not_supported, which a prepared plan whose result type changed raises */
const CACHED_PLAN_CHANGED = "0A000";

/** The process's names: one per text, never reused. */
export class StatementNames {
  readonly #runs = new Map<string, number>();
  readonly #names = new Map<string, string>();
  readonly #refused = new Set<string>();
  #issued = 0;

  /** The name to run `text` under, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.#names.get(text);
    if (name !== undefined || this.#refused.has(text)) return name;
    const runs = (this.#runs.get(text) ?? 0) + 1;
    if (runs < PREPARE_AFTER) {
      if (this.#runs.has(text) || this.#runs.size < MOST_COUNTED) this.#runs.set(text, runs);
      return undefined;
    }
    this.#runs.delete(text);
    if (this.#issued >= MOST_PREPARED) return undefined;
    this.#issued += 1;
    const issued = `kasboek_${this.#issued}`;
    this.#names.set(text, issued);
    return issued;
  }

  /** `text` is sent unnamed from now on. */
  refuse(text: string): void {
    this.#names.delete(text);
    this.#refused.add(text);
  }
}

const names = new StatementNames();

function isCachedPlanChange(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === CACHED_PLAN_CHANGED &&
    /cached plan must not change result type/.test(error.message)
  );
}

/** A pool client whose recurring texts run as prepared statements. */
type PoolClient = Pick<pg.PoolClient, "query" | "release">;

function preparingClient(client: pg.PoolClient): PoolClient {
  return {
    query: ((textOrConfig: unknown, values?: unknown[]) => {
      if (typeof textOrConfig !== "string") return client.query(textOrConfig as pg.QueryConfig);
      const text = textOrConfig;
      const name = values === undefined || values.length === 0 ? undefined : names.nameFor(text);
      if (name === undefined) return client.query(text, values);
      return client.query({ name, text, values: values ?? [] }).catch((error: unknown) => {
        if (isCachedPlanChange(error)) names.refuse(text);
        throw error;
      });
    }) as pg.PoolClient["query"],
    release: (destroy?: boolean | Error) => client.release(destroy),
  };
}

/** `pool` as Kysely's PostgresDialect takes it, with recurring texts prepared. */
export function preparingPool(pool: pg.Pool): { connect(): Promise<PoolClient>; end(): Promise<void> } {
  const wrapped = new WeakMap<pg.PoolClient, PoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let preparing = wrapped.get(client);
      if (preparing === undefined) {
        preparing = preparingClient(client);
        wrapped.set(client, preparing);
      }
      return preparing;
    },
    end: () => pool.end(),
  };
}
