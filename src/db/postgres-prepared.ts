/**
 * Server-side prepared statements for the fixed-shape SQL of the hot paths. pg sends every query
 * unnamed, so PostgreSQL parses, analyses and plans it anew each time: for GET one invoice that was
 * a fifth of the request (about 430 against 540–610 µs in process, 10 in flight), and a tenth of
 * a create. The texts of reusable queries (db/reusable-query.ts: key lookups and inserts whose
 * SQL never depends on their values) are named, and PostgreSQL keeps their plans.
 *
 * Invariants:
 * - only a registered text is named. Any other statement (a search's `like`, a list's filters)
 *   is planned for its values every time: a prepared statement soon runs a generic plan, which
 *   ignores them, and the contact search over 10k contacts fell from 1,880 to 111 req/s on a
 *   sequential scan when every recurring text was prepared;
 * - a name stands for one SQL text for the life of the process, and is never given to another
 *   (pg refuses a name parsed on a connection with a different text);
 * - memory stays bounded: at most MOST_PREPARED texts are named (each connection of the pool
 *   prepares those it runs), then no new ones;
 * - a statement prepared before a migration changed its table (`select *` of a table with a new
 *   column) fails once with PostgreSQL's "cached plan must not change result type"; its text is
 *   then never named again in this process, so later runs are planned afresh;
 * - a text without parameters (begin, commit) keeps pg's simple protocol;
 * - what Kysely sees is pg's pool as it was: the same client object per connection (Kysely keys
 *   its connection state on it), cursors and everything else passed through;
 * - pg runs each text with a callback, and the promise Kysely awaits is ours (`run`). Through pg's
 *   own promise, reading a year's entries a page at a time (the auditfile, bench/auditfile.ts),
 *   1.35 MB of every collection of V8's young generation survived it and went to the old one,
 *   which grew to 90 MB before a full collection; with the callback, 5 kB. Nothing of it was
 *   reachable in a heap snapshot between two queries; why pg's promise keeps a page alive
 *   through a collection, we did not find.
 */
import type pg from "pg";

const MOST_PREPARED = 1000;
/** PostgreSQL's feature_not_supported, which a prepared plan whose result type changed raises */
const CACHED_PLAN_CHANGED = "0A000";

/** The process's names: one per registered text, never reused. */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #refused = new Set<string>();
  #issued = 0;

  /** `text` is fixed-shape SQL whose plan does not depend on its values: it is named from now on. */
  register(text: string): void {
    if (this.#names.has(text) || this.#refused.has(text) || this.#issued >= MOST_PREPARED) return;
    this.#issued += 1;
    this.#names.set(text, `kasboek_${this.#issued}`);
  }

  /** The name to run `text` under, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined {
    return this.#names.get(text);
  }

  /** `text` is sent unnamed from now on. */
  refuse(text: string): void {
    this.#names.delete(text);
    this.#refused.add(text);
  }
}

const names = new StatementNames();

/** Runs `text` as a prepared statement from now on (db/reusable-query.ts registers its texts). */
export function prepareStatement(text: string): void {
  names.register(text);
}

function isCachedPlanChange(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === CACHED_PLAN_CHANGED &&
    /cached plan must not change result type/.test(error.message)
  );
}

/** A pool client whose registered texts run as prepared statements. */
type PoolClient = Pick<pg.PoolClient, "query" | "release">;

/** `config` run by pg with a callback, answered by a promise of our own (the header says why). */
function run(client: pg.PoolClient, config: pg.QueryConfig): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    client.query(config, (error: Error | undefined, result: pg.QueryResult) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function preparingClient(client: pg.PoolClient): PoolClient {
  return {
    query: ((textOrConfig: unknown, values?: unknown[]) => {
      if (typeof textOrConfig !== "string") return client.query(textOrConfig as pg.QueryConfig);
      const text = textOrConfig;
      const name = values === undefined || values.length === 0 ? undefined : names.nameFor(text);
      if (name === undefined) return run(client, values === undefined ? { text } : { text, values });
      return run(client, { name, text, values: values ?? [] }).catch((error: unknown) => {
        if (isCachedPlanChange(error)) names.refuse(text);
        throw error;
      });
    }) as pg.PoolClient["query"],
    release: (destroy?: boolean | Error) => client.release(destroy),
  };
}

/** `pool` as Kysely's PostgresDialect takes it, with registered texts prepared. */
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
