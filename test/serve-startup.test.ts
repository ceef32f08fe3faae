/**
 * What `kasboek serve` does at start, beyond answering: on SQLite without REDIS_URL and SMTP_URL
 * it loads neither ioredis, nor nodemailer, nor pg (each was a noticeable part of a cold start),
 * and does not run the migrator on a database that is up to date; the migrator still applies
 * what an older database lacks and refuses a database with migrations this build does not know.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type Migration, sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import * as latestModule from "../src/db/migrations/0035_create_expense_search_indexes.js";
import { RESOLVE_HOOKS } from "./support/module-probe.js";
import { freePort } from "./support/server-process.js";

const directory = mkdtempSync(path.join(tmpdir(), "kasboek-serve-startup-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(directory, { recursive: true, force: true });
});

// Preloaded into the server: every ES module it resolves (a resolve hook) and every CommonJS
// module in the require cache are written to MODULE_PROBE_FILE as the process exits. A file, not
// stderr: a write to a pipe the test reads slowly (a busy machine) is cut short by the exit.
const PROBE = `
import { writeFileSync } from "node:fs";
import { createRequire, register } from "node:module";
import { MessageChannel } from "node:worker_threads";
const { port1, port2 } = new MessageChannel();
const loaded = [];
port1.on("message", (url) => loaded.push(url));
// after on(), which refs the port: the probe must not keep the server alive past its shutdown
port1.unref();
register("data:text/javascript," + encodeURIComponent(${JSON.stringify(RESOLVE_HOOKS)}), {
  data: { port: port2 },
  transferList: [port2],
});
// a data: module has no path of its own; the require cache is one per process anyway
const require = createRequire(process.cwd() + "/");
process.on("exit", () => {
  const all = [...loaded, ...Object.keys(require.cache)];
  writeFileSync(process.env.MODULE_PROBE_FILE, JSON.stringify(all));
});`;

/** generous: a busy machine starts processes slowly */
const START_TIMEOUT_MS = 60_000;

/** Starts serve on `databaseUrl`, waits until it is ready, stops it; returns every module it loaded. */
async function modulesLoadedByServe(databaseUrl: string): Promise<string[]> {
  const port = await freePort();
  const probeFile = path.join(directory, `loaded-${port}.json`);
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    MODULE_PROBE_FILE: probeFile,
  };
  for (const name of ["REDIS_URL", "SMTP_URL", "NODE_OPTIONS"]) delete environment[name];
  const probe = `data:text/javascript,${encodeURIComponent(PROBE)}`;
  // the build users run (scripts/build.ts): what it bundles must load no more than the sources
  const child = spawn(process.execPath, ["--import", probe, inject("cliEntry"), "serve"], {
    env: { ...environment, LOG_LEVEL: "warn" },
    cwd: new URL("..", import.meta.url),
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}: ${stderr}`);
    const status = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`serve was not ready in time: ${stderr}`);
    await sleep(100);
  }
  const exited = once(child, "close");
  child.kill("SIGTERM");
  await exited;
  if (!existsSync(probeFile)) throw new Error(`the probe wrote nothing: ${stderr}`);
  return JSON.parse(readFileSync(probeFile, "utf8")) as string[];
}

const fromPackage = (loaded: string[], name: string) => loaded.filter((url) => url.includes(`/node_modules/${name}/`));

/** The names of the tables of the SQLite database at `file`. */
async function tablesOf(file: string): Promise<string[]> {
  const handle = openDatabase(`sqlite:${file}`);
  try {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      handle.db,
    );
    return rows.map((row) => row.name);
  } finally {
    await handle.close();
  }
}

describe("kasboek serve on SQLite without REDIS_URL and SMTP_URL", () => {
  const file = path.join(directory, "serve", "kasboek.sqlite");
  const databaseUrl = `sqlite:${file}`;

  it(
    "loads no Redis, mail or PostgreSQL client, and migrates a fresh database",
    async () => {
      const loaded = await modulesLoadedByServe(databaseUrl);
      // the probe saw the SQLite driver, so it was listening
      expect(fromPackage(loaded, "better-sqlite3")).not.toEqual([]);
      expect({
        ioredis: fromPackage(loaded, "ioredis"),
        nodemailer: fromPackage(loaded, "nodemailer"),
        pg: fromPackage(loaded, "pg"),
      }).toEqual({ ioredis: [], nodemailer: [], pg: [] });
      const handle = openDatabase(databaseUrl);
      try {
        const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
        expect(applied.rows).toHaveLength(35);
      } finally {
        await handle.close();
      }
    },
    2 * START_TIMEOUT_MS,
  );

  it(
    "does not run the migrator once the database is up to date",
    async () => {
      // The migrator creates its lock table whenever it runs: gone, it shows whether it ran.
      const handle = openDatabase(databaseUrl);
      await sql`drop table if exists kysely_migration_lock`.execute(handle.db);
      await handle.close();
      const loaded = await modulesLoadedByServe(databaseUrl);
      expect(fromPackage(loaded, "better-sqlite3")).not.toEqual([]);
      expect(await tablesOf(file)).not.toContain("kysely_migration_lock");
    },
    2 * START_TIMEOUT_MS,
  );
});

describe("migrating at start", () => {
  it("skips the migrator on an up-to-date database, applies what an older one lacks, refuses unknown ones", async () => {
    const handle = openDatabase(`sqlite:${path.join(directory, "migrate", "kasboek.sqlite")}`);
    try {
      expect(await migrateToLatest(handle.db)).toHaveLength(35);
      // The migrator creates its lock table whenever it runs: gone, it shows whether it ran.
      await sql`drop table kysely_migration_lock`.execute(handle.db);
      expect(await migrateToLatest(handle.db)).toEqual([]);
      const lockTables = await sql<{ name: string }>`
        select name from sqlite_master where type = 'table' and name = 'kysely_migration_lock'`.execute(handle.db);
      expect(lockTables.rows).toEqual([]);

      // a database one migration behind gets exactly that one
      const latest: Migration = latestModule;
      await latest.down?.(handle.db);
      await sql`delete from kysely_migration where name = '0035_create_expense_search_indexes'`.execute(handle.db);
      expect(await migrateToLatest(handle.db)).toEqual(["0035_create_expense_search_indexes"]);

      // a database migrated by a newer build is refused, not served
      await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_build', '2100-01-01T00:00:00.000Z')`.execute(
        handle.db,
      );
      await expect(migrateToLatest(handle.db)).rejects.toThrow(/9999_from_a_newer_build/);
    } finally {
      await handle.close();
    }
  });
});
