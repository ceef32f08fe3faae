/**
 * The benchmark's PostgreSQL database: `createBenchDatabase(serverUrl)` makes a fresh, empty
 * database `kasboek_bench_<ms since epoch>_<pid>` on that server and returns its URL and a
 * `drop()`. Invariants: the name is made of digits and underscores only (safe to interpolate);
 * the drop is registered as a cleanup hook *before* CREATE DATABASE, so the database is dropped
 * (DROP DATABASE IF EXISTS … WITH (FORCE), which ends leftover sessions) on success, on failure,
 * on SIGINT/SIGTERM and — synchronously, through a short-lived node child — on any other exit.
 * Only that one database is ever created or dropped; the server URL's own database is untouched.
 */
import { spawnSync } from "node:child_process";
import pg from "pg";
import { addCleanupHook } from "./processes.js";

export interface BenchDatabase {
  name: string;
  /** DATABASE_URL for Kasboek: the server URL with the fresh database as its path. */
  url: string;
  /** Drops the database now (once); later calls and the cleanup hook do nothing. */
  drop: () => Promise<void>;
}

/** The server URL with `databaseName` as its path (user, password, host, port, query kept). */
function withDatabaseName(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The same DROP in a child node process, for the synchronous exit path. */
function dropSync(serverUrl: string, sql: string, cwd: string): void {
  const script =
    'import pg from "pg";' +
    "const client = new pg.Client({ connectionString: process.env.BENCH_SERVER_URL });" +
    "await client.connect(); await client.query(process.env.BENCH_SQL); await client.end();";
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd,
    env: { ...process.env, BENCH_SERVER_URL: serverUrl, BENCH_SQL: sql },
    stdio: ["ignore", "ignore", "inherit"],
    timeout: 10_000,
  });
  if (result.status !== 0) throw new Error(`could not drop the database (exit ${result.status})`);
}

/** `cwd` must resolve the "pg" package (the repository root). */
export async function createBenchDatabase(serverUrl: string, cwd: string): Promise<BenchDatabase> {
  const name = `kasboek_bench_${Date.now()}_${process.pid}`;
  const dropSql = `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;
  const drop = addCleanupHook({
    name: `PostgreSQL database ${name}`,
    run: () => onServer(serverUrl, dropSql),
    sync: () => dropSync(serverUrl, dropSql, cwd),
  });
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  return { name, url: withDatabaseName(serverUrl, name), drop };
}
