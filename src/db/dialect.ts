/**
 * Every difference between SQLite and PostgreSQL lives here and nowhere else (with
 * db/sqlite-driver.ts): connection set-up, SQLite's writer and reader connections with
 * `BEGIN IMMEDIATE` for its write transactions, column types used by
 * migrations, how a migration adds a referencing column, date-time values typed for SQL
 * expressions, and type parsers so that both drivers hand the same JavaScript values to stores
 * (ids and cents as numbers, dates as `YYYY-MM-DD` strings, date-times as ISO UTC strings,
 * booleans as 0/1 integers on both).
 *
 * Each driver is loaded only when a database of its kind is opened (a SQLite server never loads
 * pg, a PostgreSQL one never loads better-sqlite3): loading both took a tenth of a cold start.
 * better-sqlite3 (native) is required synchronously from node_modules. pg is pure JavaScript
 * and part of the build's bundle: required from node_modules it was some 60 files read at every
 * start (25-37 ms). It is imported
 * when the pool is first needed (Kysely takes the pool as a promise), so opening stays synchronous.
 *
 * A UTC timestamptz becomes its ISO text by rewriting (`isoTimestamp`), not through `new Date`:
 * 4–8 % less of the server's CPU on a page or a month of invoices, in A/B turns on the mixed
 * workload's seed (bench/RESULTS.md, "Mixed multi-tenant workload (issue 27): after the session
 * of 2026-11-27 (second)").
 */
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type SqliteDatabase from "better-sqlite3";
import {
  type ColumnDefinitionBuilder,
  type Dialect,
  type Kysely,
  PostgresAdapter,
  PostgresDialect,
  type RawBuilder,
  SqliteDialect,
  sql,
} from "kysely";
import type pg from "pg";
import { preparingPool } from "./postgres-prepared.js";
import { SqliteReadWriteDriver } from "./sqlite-driver.js";

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

function openSqlite(filePath: string, role: "writer" | "reader"): SqliteDatabase.Database {
  const SqliteDriver = require("better-sqlite3") as typeof SqliteDatabase;
  const database = new SqliteDriver(filePath);
  database.pragma("journal_mode = WAL");
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  if (role === "writer") {
    database.pragma("synchronous = FULL");
    database.pragma("foreign_keys = ON");
  } else {
    database.pragma("query_only = ON");
  }
  return database;
}

/** A writer and, for a database file, a reader connection (db/sqlite-driver.ts says why). */
function sqliteDialect(filePath: string): OpenedDialect {
  const inMemory = filePath === ":memory:";
  if (!inMemory) mkdirSync(dirname(filePath), { recursive: true });
  const writer = openSqlite(filePath, "writer");
  const reader = inMemory ? undefined : openSqlite(filePath, "reader");
  const driver = new SqliteReadWriteDriver(writer, reader);
  // Kysely's own dialect for what is SQL, the driver for what runs it
  const base = new SqliteDialect({ database: writer });
  const dialect: Dialect = {
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
    createDriver: () => driver,
  };
  return { dialect };
}

const PG_INT8_OID = 20;
const PG_DATE_OID = 1082;
const PG_TIMESTAMPTZ_OID = 1184;

/** PostgreSQL's text for a timestamptz in UTC (DateStyle ISO, TimeZone UTC): date, time, fraction. */
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as the ISO string `Date#toISOString` makes of it (milliseconds, the rest cut
 * off). The UTC text is rewritten in place (the header says what it gains); any other text
 * (another time zone, a year before 1000) still goes through `Date`.
 */
export function isoTimestamp(value: string): string {
  const parts = UTC_TIMESTAMP.exec(value);
  if (parts === null || value < "1000") return new Date(value).toISOString();
  const milliseconds = (parts[3] ?? "").padEnd(3, "0").slice(0, 3);
  return `${parts[1]}T${parts[2]}.${milliseconds}Z`;
}

const postgresTypeParsers: Record<number, (value: string) => unknown> = {
  [PG_INT8_OID]: (value) => Number(value),
  [PG_DATE_OID]: (value) => value,
  [PG_TIMESTAMPTZ_OID]: isoTimestamp,
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

async function openPool(url: string): Promise<pg.Pool> {
  const driver = (await import("pg")).default;
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
  return pool;
}

function postgresDialect(url: string): OpenedDialect {
  let opened: pg.Pool | undefined;
  const pool = openPool(url).then((made) => {
    opened = made;
    return made;
  });
  // a failure to load pg is the first query's to report
  pool.catch(() => {});
  return {
    dialect: new PostgresDialect({ pool: async () => preparingPool(await pool) }),
    poolStats: () =>
      opened === undefined
        ? { total: 0, idle: 0, waiting: 0 }
        : { total: opened.totalCount, idle: opened.idleCount, waiting: opened.waitingCount },
  };
}

export function openDialect(url: ParsedDatabaseUrl): OpenedDialect {
  return url.kind === "sqlite" ? sqliteDialect(url.location) : postgresDialect(url.location);
}

export function isPostgres(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * How a read inside a write transaction holds the rows it finds until the transaction ends:
 * "lock" a row about to be changed or deleted (FOR UPDATE: another writer of it waits, or finds it
 * gone), "keep" a row the transaction is about to refer to (FOR KEY SHARE: it cannot be deleted
 * meanwhile, but may be edited), "read" none. SQLite takes no row locks: a write transaction
 * holds its whole database already.
 */
export type RowLock = "read" | "lock" | "keep";

export function withRowLock<Query extends { forUpdate(): Query; forKeyShare(): Query }>(
  db: Pick<Kysely<unknown>, "getExecutor">,
  query: Query,
  lock: RowLock,
): Query {
  if (lock === "read" || !isPostgres(db)) return query;
  return lock === "lock" ? query.forUpdate() : query.forKeyShare();
}

/**
 * An ISO UTC date-time as an SQL value of the date-time column type, for expressions that hold
 * only parameters (a CASE choosing between times): PostgreSQL types such a CASE as text, which it
 * does not assign to a timestamptz column. SQLite keeps date-times as text anyway.
 */
export function dateTimeValue(db: Pick<Kysely<unknown>, "getExecutor">, iso: string): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`cast(${iso} as timestamptz)` : sql<string>`${iso}`;
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
