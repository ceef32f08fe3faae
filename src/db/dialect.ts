/**
 * Every difference between SQLite and PostgreSQL lives here and nowhere else:
 * connection set-up, `BEGIN IMMEDIATE` for SQLite write transactions, column types used by
 * migrations, how a migration adds a referencing column, and type parsers so that both drivers hand the same JavaScript values to stores
 * (ids and cents as numbers, dates as `YYYY-MM-DD` strings, date-times as ISO UTC strings,
 * booleans as 0/1 integers on both).
 *
 * Each driver is loaded only when a database of its kind is opened (a SQLite server never loads
 * pg, a PostgreSQL one never loads better-sqlite3): loading both took a tenth of a cold start.
 * They are CommonJS, so `require` loads them synchronously and opening stays synchronous.
 */
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type SqliteDatabase from "better-sqlite3";
import {
  type ColumnDefinitionBuilder,
  CompiledQuery,
  type Dialect,
  type Kysely,
  type SqliteDatabase as KyselySqliteDatabase,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
} from "kysely";
import type pg from "pg";

export type DatabaseKind = "sqlite" | "postgres";

export interface ParsedDatabaseUrl {
  kind: DatabaseKind;
  /** file path for SQLite, the full URL for PostgreSQL */
  location: string;
}

export function parseDatabaseUrl(url: string): ParsedDatabaseUrl {
  if (url.startsWith("sqlite:")) {
    const location = url.slice("sqlite:".length).replace(/^\/\//, "");
    if (location === "") throw new Error("DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/kasboek.sqlite");
    return { kind: "sqlite", location };
  }
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    return { kind: "postgres", location: url };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url}"`);
}

const require = createRequire(import.meta.url);

const SQLITE_BUSY_TIMEOUT_MS = 10_000;
/** Enough for every query text the service writes; a text beyond it pushes out the least used. */
const SQLITE_STATEMENT_CACHE_SIZE = 1000;

/**
 * The database as Kysely sees it, keeping each SQL text's prepared statement: Kysely prepares
 * every query again, which was a fifth of a GET's CPU time. A kept statement is safe to run
 * again with new parameters (SQLite re-prepares it itself after a schema change), and Kysely
 * runs one query at a time on its one connection, so no statement is used twice at once.
 */
function withStatementCache(database: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare: (sqlText) => {
      const kept = statements.get(sqlText);
      if (kept !== undefined) {
        // most recently used last, so the first key is the one to push out
        statements.delete(sqlText);
        statements.set(sqlText, kept);
        return kept;
      }
      const statement = database.prepare(sqlText);
      if (statements.size >= SQLITE_STATEMENT_CACHE_SIZE) {
        const leastUsed = statements.keys().next().value;
        if (leastUsed !== undefined) statements.delete(leastUsed);
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}

function sqliteDialect(filePath: string): Dialect {
  if (filePath !== ":memory:") mkdirSync(dirname(filePath), { recursive: true });
  const SqliteDriver = require("better-sqlite3") as typeof SqliteDatabase;
  const database = new SqliteDriver(filePath);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const base = new SqliteDialect({ database: withStatementCache(database) });
  // A deferred transaction that later writes can fail with SQLITE_BUSY when another process
  // holds the write lock; taking the lock up front lets busy_timeout queue us instead.
  return {
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
    createDriver: () => {
      const driver = base.createDriver();
      driver.beginTransaction = async (connection) => {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
      };
      return driver;
    },
  };
}

const PG_INT8_OID = 20;
const PG_DATE_OID = 1082;
const PG_TIMESTAMPTZ_OID = 1184;

const postgresTypeParsers: Record<number, (value: string) => unknown> = {
  [PG_INT8_OID]: (value) => Number(value),
  [PG_DATE_OID]: (value) => value,
  [PG_TIMESTAMPTZ_OID]: (value) => new Date(value).toISOString(),
};

/** A connection pool's occupancy, for the metrics; SQLite has one synchronous connection and none. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface OpenedDialect {
  dialect: Dialect;
  poolStats?: () => PoolStats;
}

function postgresDialect(url: string): OpenedDialect {
  const driver = require("pg") as typeof pg;
  const pool = new driver.Pool({
    connectionString: url,
    max: 16,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        postgresTypeParsers[oid] ?? driver.types.getTypeParser(oid, format)) as typeof driver.types.getTypeParser,
    },
  });
  // An idle connection the server closes (a restart, pg_terminate_backend, a proxy's timeout) is
  // reported here; without a listener Node would end the process. The pool drops that connection
  // and opens a new one when needed, so saying it is enough.
  pool.on("error", (error) => {
    console.error(`kasboek: an idle PostgreSQL connection was closed (${error.message}); the pool replaces it`);
  });
  return {
    dialect: new PostgresDialect({ pool }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export function openDialect(url: ParsedDatabaseUrl): OpenedDialect {
  return url.kind === "sqlite" ? { dialect: sqliteDialect(url.location) } : postgresDialect(url.location);
}

export function isPostgres(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Column types for migrations, chosen per dialect. */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  return {
    date: postgres ? ("date" as const) : ("text" as const),
    dateTime: postgres ? ("timestamptz" as const) : ("text" as const),
    /** integer cents and other counts that may outgrow 32 bits */
    bigint: "bigint" as const,
    /** exact decimals kept as canonical strings (unit prices, quantities, rates) */
    decimal: "text" as const,
    boolean: "integer" as const,
    /** file contents (attachments) */
    binary: postgres ? ("bytea" as const) : ("blob" as const),
    primaryKey: postgres ? ("bigint" as const) : ("integer" as const),
    primaryKeyModifier: (column: ColumnDefinitionBuilder) =>
      postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    foreignKey: postgres ? ("bigint" as const) : ("integer" as const),
  };
}

/**
 * Runs a migration step that adds a column with a REFERENCES clause and a non-NULL default
 * (`companies.plan`). SQLite refuses that while it enforces foreign keys, so its enforcement is
 * off for the step; the default must name an existing row, which the caller makes sure of.
 * Migrations run outside a transaction on SQLite (Kysely's migrator), where the pragma takes
 * effect. PostgreSQL checks the existing rows against the reference as it adds the column.
 */
export async function addingReferencingColumn(db: Kysely<unknown>, step: () => Promise<void>): Promise<void> {
  if (isPostgres(db)) return step();
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await step();
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** Booleans are stored as 0/1 on both databases (better-sqlite3 cannot bind `true`). */
export function booleanToColumn(value: boolean | null): number | null {
  return value === null ? null : value ? 1 : 0;
}

export function booleanFromColumn(value: number | null): boolean | null {
  return value === null ? null : value !== 0;
}

/** True when a write failed on a unique index, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
