/**
 * A fresh, empty database for one step of the bench: a temporary SQLite file (removed with the
 * temp dirs, bench/processes.ts) or a new PostgreSQL database on BENCH_DATABASE_URL's server
 * (created and dropped by bench/postgres.ts). Invariants: every call gives a database no earlier
 * step has touched; `drop()` may be called once, and cleanup drops what was not.
 */
import { join } from "node:path";
import { closeRaw, openRaw, serverVersion } from "./db.js";
import { createBenchDatabase } from "./postgres.js";
import { makeTempDir } from "./processes.js";
import { ROOT } from "./servers.js";
import { SETTINGS } from "./settings.js";

export type DatabaseKind = "sqlite" | "postgres";

export interface FreshDatabase {
  url: string;
  drop: () => Promise<void>;
}

export async function freshDatabase(kind: DatabaseKind): Promise<FreshDatabase> {
  if (kind === "sqlite") {
    return { url: `sqlite:${join(makeTempDir("kasboek-bench-"), "bench.sqlite")}`, drop: async () => {} };
  }
  if (SETTINGS.postgresUrl === undefined) throw new Error("no PostgreSQL server configured");
  const database = await createBenchDatabase(SETTINGS.postgresUrl, ROOT);
  return { url: database.url, drop: database.drop };
}

/** The kinds of database this run benchmarks: SQLite always, PostgreSQL when a server is configured. */
export function databaseKinds(): DatabaseKind[] {
  return SETTINGS.postgresUrl === undefined ? ["sqlite"] : ["sqlite", "postgres"];
}

export function titleOf(kind: DatabaseKind): string {
  return kind === "sqlite" ? "SQLite (temporary file)" : `PostgreSQL (${new URL(SETTINGS.postgresUrl ?? "").host})`;
}

/** The version of each database this run benchmarks, e.g. ["SQLite 3.49.1", "PostgreSQL 15.20"]. */
export async function databaseVersions(): Promise<string[]> {
  const urls = ["sqlite::memory:", ...(SETTINGS.postgresUrl === undefined ? [] : [SETTINGS.postgresUrl])];
  const versions: string[] = [];
  for (const url of urls) {
    const db = openRaw(url);
    try {
      versions.push(await serverVersion(db));
    } finally {
      await closeRaw(db);
    }
  }
  return versions;
}
