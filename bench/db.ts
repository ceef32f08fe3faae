/**
 * The bench's own access to a benchmark database, through the raw drivers (better-sqlite3, pg) and
 * never through Kasboek's code: for the raw-driver baseline (bench/raw-server.ts), the scaling seed
 * (bench/scale-seed.ts) and the row-count check of the write baseline.
 * Invariants: a SQLite database is opened with exactly the pragmas of src/db/dialect.ts (WAL,
 * synchronous=FULL, foreign_keys=ON, busy_timeout=10000), so the baseline has the server's
 * durability; a PostgreSQL pool has the server's size (16) and hands every value back as the text
 * PostgreSQL sent (no type parsing), so a row read can be written back unchanged. SQL is written
 * with `?` placeholders (none inside literals); PostgreSQL gets them renumbered to `$n`.
 */
import Database from "better-sqlite3";
import pg from "pg";

export type Value = string | number | bigint | null | Buffer;
export type DbRow = Record<string, Value>;

export type RawDb =
  | { kind: "sqlite"; sqlite: Database.Database; url: string }
  | { kind: "postgres"; pool: pg.Pool; url: string };

/** Values as sent by the server: text (or null), never parsed. */
const asText = ((_oid: number) => (value: string) => value) as unknown as typeof pg.types.getTypeParser;

export function openRaw(url: string): RawDb {
  if (url.startsWith("sqlite:")) {
    const sqlite = new Database(url.slice("sqlite:".length).replace(/^\/\//, ""));
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = FULL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 10000");
    return { kind: "sqlite", sqlite, url };
  }
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`not a sqlite: or postgres:// URL: ${url}`);
  const pool = new pg.Pool({ connectionString: url, max: 16, types: { getTypeParser: asText } });
  pool.on("error", () => {}); // an idle connection closed by the server is replaced on demand
  return { kind: "postgres", pool, url };
}

export async function closeRaw(db: RawDb): Promise<void> {
  if (db.kind === "sqlite") db.sqlite.close();
  else await db.pool.end();
}

/** `?` → `$1`, `$2`, … (the bench's SQL has no `?` inside literals). */
export function numbered(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

const preparedNames = new Map<string, string>();

/**
 * A PostgreSQL statement run as a named prepared statement (each connection parses and plans it
 * once), as Kasboek runs the texts it repeats (src/db/postgres-prepared.ts) and as the SQLite
 * baselines prepare theirs once: the baselines use the driver at its best.
 */
export function prepared(text: string, values: readonly Value[]): pg.QueryConfig {
  let name = preparedNames.get(text);
  if (name === undefined) {
    name = `bench_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return { name, text, values: [...values] };
}

const sqliteParam = (value: Value): Value => (typeof value === "bigint" ? Number(value) : value);

export type Queryable = RawDb | { kind: "postgres"; client: pg.PoolClient };

/** The rows of one statement (an empty array for one that returns none). */
export async function query(db: Queryable, sql: string, params: readonly Value[] = []): Promise<DbRow[]> {
  if (db.kind === "sqlite") {
    const statement = db.sqlite.prepare(sql);
    const values = params.map(sqliteParam);
    if (statement.reader) return statement.all(...values) as DbRow[];
    statement.run(...values);
    return [];
  }
  const target = "client" in db ? db.client : db.pool;
  const result = await target.query<DbRow>(
    numbered(sql),
    params.map((value) => value),
  );
  return result.rows;
}

/**
 * `work` in one transaction (BEGIN IMMEDIATE on SQLite, as the server's writes). On SQLite the one
 * connection is shared, so callers must not run two of these at once (the harness never does).
 */
export async function transaction<Result>(db: RawDb, work: (tx: Queryable) => Promise<Result>): Promise<Result> {
  if (db.kind === "sqlite") {
    db.sqlite.exec("begin immediate");
    try {
      const result = await work(db);
      db.sqlite.exec("commit");
      return result;
    } catch (error) {
      if (db.sqlite.inTransaction) db.sqlite.exec("rollback");
      throw error;
    }
  }
  const client = await db.pool.connect();
  try {
    await client.query("begin");
    const result = await work({ kind: "postgres", client });
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The user tables (SQLite: also virtual and shadow tables, e.g. FTS5), sorted. */
export async function tableNames(db: Queryable): Promise<string[]> {
  const rows =
    db.kind === "sqlite"
      ? await query(db, "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      : await query(
          db,
          "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
        );
  return rows.map((row) => String(row.name)).sort();
}

/** Whether `table` exists (as listed by `tableNames`). */
export async function hasTable(db: Queryable, table: string): Promise<boolean> {
  return (await tableNames(db)).includes(table);
}

/** The writable columns of `table` in their order, without `id` (generated by the database). */
export async function columnsOf(db: Queryable, table: string): Promise<string[]> {
  const rows =
    db.kind === "sqlite"
      ? await query(db, "select name from pragma_table_info(?) order by cid", [table])
      : await query(
          db,
          "select column_name as name from information_schema.columns where table_schema = current_schema() " +
            "and table_name = ? and is_generated = 'NEVER' order by ordinal_position",
          [table],
        );
  return rows.map((row) => String(row.name)).filter((name) => name !== "id");
}

/** How many rows every table holds (exact `count(*)`): for comparing what two writers add. */
export async function rowCounts(db: Queryable): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of await tableNames(db)) {
    const rows = await query(db, `select count(*) as n from "${table.replace(/"/g, '""')}"`);
    counts.set(table, Number(rows[0]?.n ?? 0));
  }
  return counts;
}

/** Per table, how many rows `after` has more than `before` (tables without change left out). */
export function addedRows(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const added = new Map<string, number>();
  for (const [table, count] of after) {
    const delta = count - (before.get(table) ?? 0);
    if (delta !== 0) added.set(table, delta);
  }
  return added;
}

/** The database server's version, e.g. "SQLite 3.49.1" or "PostgreSQL 15.20". */
export async function serverVersion(db: RawDb): Promise<string> {
  if (db.kind === "sqlite") return `SQLite ${String((await query(db, "select sqlite_version() as v"))[0]?.v)}`;
  return `PostgreSQL ${String((await query(db, "show server_version"))[0]?.server_version)}`;
}

/** Whether no other client session of this database is running a statement or inside a transaction (SQLite: always). */
export async function othersIdle(db: RawDb): Promise<boolean> {
  if (db.kind === "sqlite") return true;
  const rows = await query(
    db,
    "select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() " +
      "and backend_type = 'client backend' and state <> 'idle'",
  );
  return Number(rows[0]?.n ?? 0) === 0;
}
