/**
 * Storage set-up (docs/architecture.md, Storage): which database a DATABASE_URL names, the default
 * one, and the durability settings every SQLite connection gets. The SQLite checks use a file of
 * their own, so they hold on either test run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/connection.js";
import { parseDatabaseUrl } from "../src/db/dialect.js";

const directory = mkdtempSync(path.join(tmpdir(), "kasboek-storage-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("DATABASE_URL", () => {
  it("names a SQLite file or a PostgreSQL server", () => {
    expect(parseDatabaseUrl("sqlite:./data/kasboek.sqlite")).toEqual({
      kind: "sqlite",
      location: "./data/kasboek.sqlite",
    });
    expect(parseDatabaseUrl("sqlite:relative.sqlite")).toEqual({ kind: "sqlite", location: "relative.sqlite" });
    expect(parseDatabaseUrl("sqlite:///var/lib/kasboek.sqlite")).toEqual({
      kind: "sqlite",
      location: "/var/lib/kasboek.sqlite",
    });
    expect(parseDatabaseUrl("sqlite::memory:")).toEqual({ kind: "sqlite", location: ":memory:" });
    for (const url of ["postgres://kasboek:secret@db.example:5432/kasboek", "postgresql://localhost/kasboek"]) {
      expect(parseDatabaseUrl(url)).toEqual({ kind: "postgres", location: url });
    }
  });

  it("refuses an empty SQLite path and any other scheme, saying what it expects", () => {
    expect(() => parseDatabaseUrl("sqlite:")).toThrow(/needs a file path/);
    for (const url of ["mysql://localhost/kasboek", "./data/kasboek.sqlite", ""]) {
      expect(() => parseDatabaseUrl(url), url).toThrow(/must start with sqlite: or postgres:\/\//);
    }
  });

  it("defaults to the embedded SQLite file, also when the variable is empty", () => {
    for (const environment of [{}, { DATABASE_URL: "" }]) {
      const { DATABASE_URL } = loadConfig(environment);
      expect(DATABASE_URL).toBe("sqlite:./data/kasboek.sqlite");
      expect(parseDatabaseUrl(DATABASE_URL)).toEqual({ kind: "sqlite", location: "./data/kasboek.sqlite" });
    }
  });
});

describe("a SQLite database", () => {
  it("is opened durable: WAL, synchronous FULL, foreign keys on, a busy timeout; its folder is created", async () => {
    const file = path.join(directory, "nested", "folder", "kasboek.sqlite");
    const handle = openDatabase(`sqlite:${file}`);
    try {
      expect(handle.kind).toBe("sqlite");
      const pragma = async (name: string) => {
        const { rows } = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(handle.db);
        return Object.values(rows[0] ?? {})[0];
      };
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("synchronous")).toBe(2);
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("busy_timeout")).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });
});

describe("a PostgreSQL connection the server closes", () => {
  const databaseUrl = inject("databaseUrl");
  it.skipIf(!databaseUrl.startsWith("postgres"))("leaves the process running and is replaced", async () => {
    const handle = openDatabase(databaseUrl);
    const killer = openDatabase(databaseUrl);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      await sql`select pg_terminate_backend(${rows[0]?.pid ?? 0})`.execute(killer.db);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(again.rows[0]?.one).toBe(1);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("idle PostgreSQL connection was closed"));
    } finally {
      logged.mockRestore();
      await Promise.all([handle.close(), killer.close()]);
    }
  });
});
