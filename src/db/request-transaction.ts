/**
 * A transaction that spans a whole HTTP request, for requests that must happen exactly once
 * (Idempotency-Key, platform/idempotency.ts): the key is taken, the work done and the response
 * kept in one transaction, so a crash at any point leaves either all of it or none.
 *
 * Services do not know about it: this driver sits between Kysely and the database's own driver.
 * Invariants:
 * - inside `transaction.join(work)`, every query that `work` starts, directly or through a
 *   service's `deps.db`, runs on the request transaction's connection, inside it; a service's
 *   own `transaction().execute()` becomes a savepoint, so a service that fails rolls back its own
 *   work only, as it would alone;
 * - only `commit()` ends the transaction for real; once it ended (committed or rolled back),
 *   whatever `work` still starts runs on the database's own connections again;
 * - outside any request transaction, this driver is the database's own driver, call for call;
 * - what must wait for the commit (waking the mail sender) goes through `afterCommit`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type QueryResult,
  CompiledQuery as Statement,
  type TransactionSettings,
} from "kysely";

interface Scope {
  /** the request transaction's own connection, once taken */
  connection: DatabaseConnection | undefined;
  ended: boolean;
  /** what waits for the commit (afterCommit) */
  afterCommit: Array<() => void>;
  /** savepoints made so far, for unique names */
  savepoints: number;
}

const scopes = new AsyncLocalStorage<Scope>();

/** A service's use of the request transaction's connection: its transactions are savepoints. */
class JoinedConnection implements DatabaseConnection {
  readonly #savepoints: string[] = [];

  constructor(
    readonly scope: Scope,
    readonly connection: DatabaseConnection,
  ) {}

  executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    if (this.scope.ended) return Promise.reject(new Error("the request's transaction has ended"));
    return this.connection.executeQuery<Row>(query);
  }

  streamQuery<Row>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<Row>> {
    return this.connection.streamQuery<Row>(query, chunkSize);
  }

  async savepoint(): Promise<void> {
    this.scope.savepoints += 1;
    const name = `kasboek_request_${this.scope.savepoints}`;
    await this.executeQuery(Statement.raw(`savepoint ${name}`));
    this.#savepoints.push(name);
  }

  async release(): Promise<void> {
    const name = this.#savepoints.pop();
    if (name !== undefined) await this.executeQuery(Statement.raw(`release savepoint ${name}`));
  }

  async rollBack(): Promise<void> {
    const name = this.#savepoints.pop();
    if (name === undefined) return;
    await this.executeQuery(Statement.raw(`rollback to savepoint ${name}`));
    await this.executeQuery(Statement.raw(`release savepoint ${name}`));
  }
}

export class RequestTransactionDriver implements Driver {
  constructor(readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = scopes.getStore();
    if (scope === undefined || scope.ended) return this.inner.acquireConnection();
    if (scope.connection === undefined) {
      // the request transaction's own begin (openRequestTransaction)
      scope.connection = await this.inner.acquireConnection();
      return scope.connection;
    }
    return new JoinedConnection(scope, scope.connection);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (connection instanceof JoinedConnection) {
      if (settings.isolationLevel !== undefined || settings.accessMode !== undefined) {
        return Promise.reject(new Error("a transaction inside a request transaction cannot choose its isolation"));
      }
      return connection.savepoint();
    }
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof JoinedConnection) return connection.release();
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof JoinedConnection) return connection.rollBack();
    return this.inner.rollbackTransaction(connection);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof JoinedConnection) return;
    await this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * Runs `work` once what the caller did is committed: at once outside a request transaction,
 * else after the request's commit (never after a rollback), outside the request's scope, so
 * that what it starts (a mail sender's pass) sees the commit and keeps its own connections.
 */
export function afterCommit(work: () => void): void {
  const scope = scopes.getStore();
  if (scope === undefined || scope.ended) work();
  else scope.afterCommit.push(work);
}

export interface RequestTransaction {
  /** the transaction itself, for the queries of whoever opened it */
  executor: Kysely<object>;
  /** Runs `work`; every query it starts, now or later, joins this transaction until it ends. */
  join<Result>(work: () => Result): Result;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** Begins a request transaction on `db` (a database opened by db/connection.ts). */
export async function openRequestTransaction(db: Kysely<object>): Promise<RequestTransaction> {
  const scope: Scope = { connection: undefined, ended: false, afterCommit: [], savepoints: 0 };
  const transaction = await scopes.run(scope, () => db.startTransaction().execute());
  const end = async (how: "commit" | "rollback") => {
    if (scope.ended) return;
    try {
      await (how === "commit" ? transaction.commit() : transaction.rollback()).execute();
      if (how === "commit") for (const run of scope.afterCommit.splice(0)) scopes.exit(run);
    } catch (error) {
      // a failed commit keeps the connection: the rollback gives it back (and undoes what is left)
      if (how === "commit")
        await transaction
          .rollback()
          .execute()
          .catch(() => {});
      throw error;
    } finally {
      scope.ended = true;
    }
  };
  return {
    executor: transaction,
    join: (work) => scopes.run(scope, work),
    commit: () => end("commit"),
    rollback: () => end("rollback"),
  };
}
