/**
 * The wal-index watch changes its version with every commit, from this process or another, and
 * gives no version when the header cannot be trusted, so the response cache never keeps an
 * answer past a write.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { WalIndexWatch } from "./sqlite-wal-index.js";

const require = createRequire(import.meta.url);
const Sqlite = require("better-sqlite3") as typeof SqliteDatabase;
const directory = mkdtempSync(path.join(tmpdir(), "kasboek-wal-index-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function walDatabase(name: string): { file: string; database: SqliteDatabase.Database } {
  const file = path.join(directory, name);
  const database = new Sqlite(file);
  database.pragma("journal_mode = WAL");
  database.exec("create table notes (text text)");
  return { file, database };
}

function watchOf(file: string): WalIndexWatch {
  const watch = WalIndexWatch.open(file);
  if (watch === undefined) throw new Error(`no wal-index beside ${file}`);
  return watch;
}

describe("the wal-index watch", () => {
  it("keeps its version while nothing is committed and moves it with every commit", () => {
    const { file, database } = walDatabase("commits.sqlite");
    const watch = watchOf(file);
    const first = watch.version();
    expect(first).not.toBeNull();
    database.prepare("select count(*) from notes").get();
    expect(watch.version()).toBe(first);

    database.prepare("insert into notes values ('een')").run();
    const second = watch.version();
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);

    // a transaction that is not committed yet is no change; its commit is
    database.exec("begin immediate");
    database.prepare("insert into notes values ('twee')").run();
    expect(watch.version()).toBe(second);
    database.exec("commit");
    expect(watch.version()).not.toBe(second);
    watch.close();
    database.close();
  });

  it("sees a commit made by another process", () => {
    const { file, database } = walDatabase("processes.sqlite");
    const watch = watchOf(file);
    const before = watch.version();
    const script = `const D = require(${JSON.stringify(require.resolve("better-sqlite3"))});
      const db = new D(${JSON.stringify(file)}); db.prepare("insert into notes values ('elders')").run(); db.close();`;
    execFileSync(process.execPath, ["-e", script]);
    expect(watch.version()).not.toBe(before);
    expect(database.prepare("select count(*) as notes from notes").get()).toEqual({ notes: 1 });
    watch.close();
    database.close();
  });

  it("is not made for a database without a wal-index", () => {
    const file = path.join(directory, "rollback.sqlite");
    const database = new Sqlite(file);
    database.exec("create table notes (text text)");
    expect(WalIndexWatch.open(file)).toBeUndefined();
    database.close();
  });

  it("gives no version for a header whose two copies differ or that is not initialised", () => {
    const header = Buffer.alloc(48, 7);
    header[12] = 1;
    const write = (name: string, first: Buffer, second: Buffer) => {
      const file = path.join(directory, name);
      writeFileSync(file, "");
      writeFileSync(`${file}-shm`, Buffer.concat([first, second, Buffer.alloc(40)]));
      return watchOf(file);
    };
    const torn = Buffer.from(header);
    torn[20] = 8;
    expect(write("torn.sqlite", header, torn).version()).toBeNull();
    const uninitialised = Buffer.from(header);
    uninitialised[12] = 0;
    expect(write("new.sqlite", uninitialised, uninitialised).version()).toBeNull();
    expect(write("whole.sqlite", header, header).version()).toBe(header.toString("latin1"));
  });
});
