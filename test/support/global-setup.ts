/**
 * One fresh database per test run: a new SQLite file, or — when TEST_DATABASE_URL is set — a
 * new PostgreSQL database created on that server and dropped afterwards. Migrations run once
 * here; every test file then opens the same database and makes its own companies.
 *
 * And one build of the sources per run, for the tests that start `kasboek` as a process (the CLI,
 * `serve`): the same bundle `npm run build` ships (scripts/build.ts), made into
 * .test-build/<run>/ in about a second, so those tests run what users run. A process started
 * from it spends a fraction of the CPU of one that transpiles the sources itself through tsx,
 * which over a hundred starts a run was a quarter of the suite's time. It is built from the
 * sources at every run, so it is never stale, and removed afterwards.
 *
 * And one build of the web app per run, which every browser test's Kasboek serves: Vite and the
 * highest Brotli level cost about three seconds of CPU a build, once for each of fifteen browser
 * test files before.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { buildKasboek, buildWebApp } from "../../scripts/build.js";
import { openDatabase } from "../../src/db/connection.js";
import { migrateToLatest } from "../../src/db/migrate.js";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** `main.cjs` of this run's build of src/: what `node bin/kasboek.js` runs, from the sources */
    cliEntry: string;
    /** this run's build of web/, as `npm run build` makes it into dist/web */
    webAppDirectory: string;
  }
}

const REPOSITORY = path.resolve(import.meta.dirname, "../..");

/** The shipped builds (scripts/build.ts) of the server and the web app, made afresh in a directory of this run's own. */
async function buildSources(): Promise<{ entry: string; webAppDirectory: string; remove: () => void }> {
  const directory = mkdtempSync(path.join(REPOSITORY, ".test-build", "run-"));
  const webAppDirectory = path.join(directory, "web-app");
  const [entry] = await Promise.all([
    buildKasboek(path.join(directory, "server")),
    buildWebApp(webAppDirectory, { quiet: true }),
  ]);
  return { entry, webAppDirectory, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

function withDatabaseName(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string;
  let cleanup: () => Promise<void>;

  if (serverUrl) {
    const databaseName = `kasboek_test_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    // A test run's database is thrown away afterwards: waiting for each commit to reach the disk
    // would only slow the run. The service's own connections keep the server's durable default.
    await admin.query(`ALTER DATABASE ${databaseName} SET synchronous_commit = off`);
    await admin.end();
    databaseUrl = withDatabaseName(serverUrl, databaseName);
    cleanup = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await dropper.end();
    };
  } else {
    // In memory-backed /dev/shm where the machine has it: the file is thrown away afterwards, and
    // every commit's fsync on a real disk would only slow the run.
    const directory = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "kasboek-test-"));
    databaseUrl = `sqlite:${path.join(directory, "test.sqlite")}`;
    cleanup = async () => rmSync(directory, { recursive: true, force: true });
  }

  mkdirSync(path.join(REPOSITORY, ".test-build"), { recursive: true });
  const [built] = await Promise.all([
    buildSources(),
    (async () => {
      const handle = openDatabase(databaseUrl);
      await migrateToLatest(handle.db);
      await handle.close();
    })(),
  ]);
  project.provide("databaseUrl", databaseUrl);
  project.provide("cliEntry", built.entry);
  project.provide("webAppDirectory", built.webAppDirectory);
  return async () => {
    built.remove();
    await cleanup();
  };
}
