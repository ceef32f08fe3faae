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
 * Group commit: better-sqlite3 is synchronous, so a transaction runs start to end without another
 * request's turn, and each paid its own COMMIT (writing every page it touched to the WAL, then
 * fsync), a third of a create's time. An ended transaction now lets the event loop turn once
 * before it commits; when others came for the writer meanwhile, they run inside the same SQLite
 * transaction, each in a savepoint of its own, and the last one commits them all:
 * - no transaction's commit returns before the COMMIT that carries it succeeded, and a failed
 *   COMMIT fails every transaction it carried: nothing is answered that is not on disk. The
 *   schema declares no deferred constraint, so only a failing disk fails a COMMIT, never another
 *   request's rows;
 * - a transaction that fails is rolled back to its savepoint; the others keep their work;
 * - a group carries at most MOST_IN_GROUP transactions, and a statement outside a transaction
 *   (which is committed when it returns) commits the open group first;
 * - the writer is never free while a group is open: whoever releases it last commits the group;
 *   SQLite ending a transaction by itself (a full disk) fails the group's waiting transactions.
 * Every SQL text's prepared statement is kept per connection: Kysely prepares every query again,
 * which was a fifth of a GET's CPU time. A kept statement is safe to run again with new
 * parameters (SQLite re-prepares it after a schema change).
 *
 * Why not Kysely's own SqliteDriver (issue 27.3, measured in turns on bench/run.ts's rows, same
 * pragmas, BEGIN IMMEDIATE for both; bench/RESULTS.md "SQLite driver"): create + publish at 10
 * connections ran 2.2× (242 against 111 req/s, median of 4 runs each) and 2.0× (105 against 53,
 * 3 each, on a busier machine) as fast here, every one of the 7 pairs above 1.25×; GET one invoice
 * 1.6–2.2×, and GET one while creates run 4–5×. Most of it is group commit: with
 * `synchronous=FULL` every COMMIT waits for an fsync (3.7 ms median on the bench's disk), and
 * better-sqlite3 waits on the event loop's thread, so one COMMIT per transaction caps creates
 * below the disk's ~270 fsyncs a second and stalls every other request meanwhile; with groups of
 * one, this driver fell from 105 to 70 req/s. The statement cache and the reader make up the
 * rest. The rule was to keep this file only if it won by more than a quarter.
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

/** The savepoint of a transaction that joined an open group. */
const MEMBER = "kasboek_group_member";
/** At most this many transactions share a COMMIT, so the first of them does not wait long. */
const MOST_IN_GROUP = 16;

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

  get hasWaiters(): boolean {
    return this.#waiting.length > 0;
  }
}

/** The transactions in one open SQLite transaction; those that ended wait for its COMMIT. */
interface Group {
  members: number;
  waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
}

const turnOfTheEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What Kysely holds while it runs a query or a transaction: the writer only inside a transaction. */
class Lease implements DatabaseConnection {
  holdsWriter = false;
  /** how its transaction is in the group: it began the SQLite transaction, or has a savepoint */
  membership: "none" | "first" | "savepoint" = "none";

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
  #group: Group | undefined;

  /** `reader` undefined: one connection for everything (an in-memory database). */
  constructor(writer: SqliteDatabase.Database, reader: SqliteDatabase.Database | undefined) {
    this.#writer = new Connection(writer);
    this.#reader = reader === undefined ? undefined : new Connection(reader);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this);
  }

  // Transaction statements go through the connection Kysely gave, so its log shows them too.
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = this.#lease(connection);
    await this.#lock.take();
    lease.holdsWriter = true;
    const group = this.#group;
    if (group === undefined) {
      await connection.executeQuery(Statement.raw("begin immediate"));
      this.#group = { members: 1, waiting: [] };
      lease.membership = "first";
    } else {
      await connection.executeQuery(Statement.raw(`savepoint ${MEMBER}`));
      group.members += 1;
      lease.membership = "savepoint";
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = this.#lease(connection);
    const group = this.#group;
    if (lease.membership === "none" || group === undefined) return;
    if (lease.membership === "savepoint") await connection.executeQuery(Statement.raw(`release ${MEMBER}`));
    lease.membership = "none";
    if (group.members < MOST_IN_GROUP) {
      if (!this.#lock.hasWaiters) await turnOfTheEventLoop();
      if (this.#lock.hasWaiters) {
        const committed = new Promise<void>((resolve, reject) => group.waiting.push({ resolve, reject }));
        this.#handOver(lease);
        return committed;
      }
    }
    await this.#commitGroup(group, (text) => connection.executeQuery(Statement.raw(text)));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = this.#lease(connection);
    const group = this.#group;
    const membership = lease.membership;
    lease.membership = "none";
    if (membership === "none" || group === undefined) return;
    if (membership === "first") {
      // nothing joined it yet: its SQLite transaction is its own
      this.#group = undefined;
      await connection.executeQuery(Statement.raw("rollback"));
      return;
    }
    await connection.executeQuery(Statement.raw(`rollback to ${MEMBER}`));
    await connection.executeQuery(Statement.raw(`release ${MEMBER}`));
    if (this.#lock.hasWaiters && group.members < MOST_IN_GROUP) this.#handOver(lease);
    // this transaction has failed already; a failed COMMIT is told to those it carried
    else await this.#commitGroup(group, (text) => connection.executeQuery(Statement.raw(text))).catch(() => {});
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = this.#lease(connection);
    if (!lease.holdsWriter) return;
    lease.holdsWriter = false;
    // only when a transaction failed to begin or end can a group be left open here
    if (this.#group !== undefined && !this.#lock.hasWaiters) await this.#commitGroup(this.#group).catch(() => {});
    this.#lock.release();
  }

  async destroy(): Promise<void> {
    this.#reader?.database.close();
    this.#writer.database.close();
  }

  async execute<Row>(lease: Lease, query: CompiledQuery): Promise<QueryResult<Row>> {
    if (lease.holdsWriter) return this.#runInGroup<Row>(query);
    if (this.#reader !== undefined && SelectQueryNode.is(query.query)) return this.#reader.run<Row>(query);
    await this.#lock.take();
    try {
      // committed when it returns, so after the group before it
      if (this.#group !== undefined) await this.#commitGroup(this.#group).catch(() => {});
      return this.#writer.run<Row>(query);
    } finally {
      this.#lock.release();
    }
  }

  #runInGroup<Row>(query: CompiledQuery): QueryResult<Row> {
    try {
      return this.#writer.run<Row>(query);
    } catch (error) {
      // SQLite rolls a transaction back by itself on some errors (a full disk): the group is lost
      const group = this.#group;
      if (group !== undefined && !this.#writer.database.inTransaction) this.#settle(group, error);
      throw error;
    }
  }

  /** Gives the writer, and the open group with it, to the next transaction waiting for it. */
  #handOver(lease: Lease): void {
    lease.holdsWriter = false;
    this.#lock.release();
  }

  /** COMMITs the group's SQLite transaction (rolled back if that fails) and tells its members. */
  async #commitGroup(group: Group, run: (text: string) => unknown = (text) => this.#writer.run(Statement.raw(text))) {
    try {
      if (!this.#writer.database.inTransaction) throw new Error("SQLite ended the transaction before its commit");
      await run("commit");
    } catch (error) {
      if (this.#writer.database.inTransaction) await Promise.resolve(run("rollback")).catch(() => {});
      this.#settle(group, error);
      throw error;
    }
    this.#settle(group, undefined);
  }

  /** Ends the group: its waiting transactions learn whether their COMMIT succeeded. */
  #settle(group: Group, error: unknown): void {
    if (this.#group === group) this.#group = undefined;
    for (const member of group.waiting.splice(0)) {
      if (error === undefined) member.resolve();
      else member.reject(error);
    }
  }

  #lease(connection: DatabaseConnection): Lease {
    if (!(connection instanceof Lease) || connection.driver !== this)
      throw new Error("not a connection of this driver");
    return connection;
  }
}
