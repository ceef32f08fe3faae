/**
 * SQLite with a writer and a reader connection (WAL): reads are served outside the write lock.
 * Kysely's own SQLite driver has one connection behind a mutex, so a GET waited for every write
 * transaction in progress, all of its awaits included (issue 13). Here:
 * - a transaction holds the writer for its whole life, as before, one at a time (`BEGIN IMMEDIATE`,
 *   so another process's write waits in busy_timeout instead of failing later);
 * - a statement outside a transaction that is a SELECT runs on the reader, at once: better-sqlite3
 *   runs it synchronously, so nothing else runs on the reader meanwhile, and in WAL mode it reads
 *   the last committed state (never a transaction's uncommitted rows);
 * - any other statement outside a transaction (a write, a pragma, DDL, raw SQL) takes the writer
 *   for itself alone, after the transaction holding it;
 * - the reader is `query_only`: a write routed to it fails rather than bypass the write lock;
 * - an in-memory database is one database per connection, so it keeps a single connection.
 * Every SQL text's prepared statement is kept per connection: Kysely prepares every query again,
 * which was a fifth of a GET's CPU time. A kept statement is safe to run again with new
 * parameters (SQLite re-prepares it after a schema change).
 */
import type SqliteDatabase from "better-sqlite3";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  CompiledQuery as Statement,
} from "kysely";

/** Enough for every query text the service writes; beyond it the cache starts afresh. */
const STATEMENT_CACHE_SIZE = 1000;

/** One connection and its prepared statements. */
class Connection {
  readonly #statements = new Map<string, SqliteDatabase.Statement>();

  constructor(readonly database: SqliteDatabase.Database) {}

  run<Row>(query: CompiledQuery): QueryResult<Row> {
    const statement = this.#prepared(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as Row[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  #prepared(sqlText: string): SqliteDatabase.Statement {
    const kept = this.#statements.get(sqlText);
    if (kept !== undefined) return kept;
    // The service writes a few hundred texts; only texts made per request (an IN list of every
    // length) could fill the cache, and starting it afresh then is as good as choosing what to
    // drop, without reordering the cache on every use (2 % of a publication's CPU time).
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
    const statement = this.database.prepare(sqlText);
    this.#statements.set(sqlText, statement);
    return statement;
  }
}

/** First come, first served: a waiter is woken alone, in the order it came. */
class WriterLock {
  #held = false;
  readonly #waiting: Array<() => void> = [];

  async take(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#held = false;
    else next();
  }
}

/** What Kysely holds while it runs a query or a transaction: the writer only inside a transaction. */
class Lease implements DatabaseConnection {
  holdsWriter = false;

  constructor(readonly driver: SqliteReadWriteDriver) {}

  executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    return this.driver.execute<Row>(this, query);
  }

  // biome-ignore lint/correctness/useYield: nothing streams; Kysely's interface asks for the method
  async *streamQuery<Row>(): AsyncIterableIterator<QueryResult<Row>> {
    throw new Error("streaming is not supported on SQLite");
  }
}

export class SqliteReadWriteDriver implements Driver {
  readonly #writer: Connection;
  readonly #reader: Connection | undefined;
  readonly #lock = new WriterLock();

  /** `reader` undefined: one connection for everything (an in-memory database). */
  constructor(writer: SqliteDatabase.Database, reader: SqliteDatabase.Database | undefined) {
    this.#writer = new Connection(writer);
    this.#reader = reader === undefined ? undefined : new Connection(reader);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = this.#lease(connection);
    await this.#lock.take();
    lease.holdsWriter = true;
    // through the connection Kysely gave, so its query log shows the transaction's bounds too
    await connection.executeQuery(Statement.raw("begin immediate"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#lease(connection);
    await connection.executeQuery(Statement.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#lease(connection);
    await connection.executeQuery(Statement.raw("rollback"));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = this.#lease(connection);
    if (!lease.holdsWriter) return;
    lease.holdsWriter = false;
    this.#lock.release();
  }

  async destroy(): Promise<void> {
    this.#reader?.database.close();
    this.#writer.database.close();
  }

  async execute<Row>(lease: Lease, query: CompiledQuery): Promise<QueryResult<Row>> {
    if (lease.holdsWriter) return this.#writer.run<Row>(query);
    if (this.#reader !== undefined && SelectQueryNode.is(query.query)) return this.#reader.run<Row>(query);
    await this.#lock.take();
    try {
      return this.#writer.run<Row>(query);
    } finally {
      this.#lock.release();
    }
  }

  #lease(connection: DatabaseConnection): Lease {
    if (!(connection instanceof Lease) || connection.driver !== this)
      throw new Error("not a connection of this driver");
    return connection;
  }
}
