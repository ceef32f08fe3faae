/**
 * SQLite's writer and reader connections (sqlite-driver.ts), on databases of this file's own: a
 * read outside a transaction is answered while a write transaction is open, from what was
 * committed; a write outside a transaction waits for it; transactions run one at a time in the
 * order they came; an in-memory database, one connection, still reads what it wrote. Transactions
 * that queue for the writer share one COMMIT (at most 16), none answered before it succeeded; one
 * that fails is undone alone, and a COMMIT that fails fails every transaction it carried.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Generated, Kysely, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./connection.js";
import { openDialect, parseDatabaseUrl } from "./dialect.js";

const directory = mkdtempSync(path.join(tmpdir(), "kasboek-sqlite-driver-"));
const handles: Array<Pick<DatabaseHandle, "close">> = [];
afterAll(async () => {
  for (const handle of handles) await handle.close();
  rmSync(directory, { recursive: true, force: true });
});

type Tables = { notes: { id: Generated<number>; text: string } };

async function database(location: string) {
  const handle = openDatabase(`sqlite:${location}`);
  handles.push(handle);
  await sql`create table notes (id integer primary key, text text not null)`.execute(handle.db);
  return handle.db.withTables<Tables>();
}

const texts = async (db: Awaited<ReturnType<typeof database>>) =>
  (await db.selectFrom("notes").select("text").orderBy("id").execute()).map((row) => row.text);

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** A transaction that has inserted `text` and waits, holding the writer, until told to commit. */
async function heldOpen(db: Awaited<ReturnType<typeof database>>, text: string) {
  const { opened, open } = gate();
  const inserted = gate();
  const transaction = db.transaction().execute(async (tx) => {
    await tx.insertInto("notes").values({ text }).execute();
    inserted.open();
    await opened;
  });
  await inserted.opened;
  return {
    commit: () => {
      open();
      return transaction;
    },
  };
}

describe("SQLite's connections", () => {
  it("answer a read while a write transaction is open, from what is committed", async () => {
    const db = await database(path.join(directory, "reads.sqlite"));
    await db.insertInto("notes").values({ text: "committed" }).execute();
    const transaction = await heldOpen(db, "uncommitted");
    // the transaction holds the writer and waits: the read does not
    expect(await texts(db)).toEqual(["committed"]);
    await transaction.commit();
    expect(await texts(db)).toEqual(["committed", "uncommitted"]);
  });

  it("let a write outside a transaction wait for the open one, and run transactions in the order they came", async () => {
    const db = await database(path.join(directory, "writes.sqlite"));
    const finished: string[] = [];
    const { opened, open } = gate();
    const first = db.transaction().execute(async (tx) => {
      await tx.insertInto("notes").values({ text: "first" }).execute();
      await opened;
      finished.push("first");
    });
    const lone = db
      .insertInto("notes")
      .values({ text: "lone" })
      .execute()
      .then(() => finished.push("lone"));
    const second = db.transaction().execute(async (tx) => {
      await tx.insertInto("notes").values({ text: "second" }).execute();
      finished.push("second");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(finished).toEqual([]);
    open();
    await Promise.all([first, lone, second]);
    expect(finished).toEqual(["first", "lone", "second"]);
    expect(await texts(db)).toEqual(["first", "lone", "second"]);
  });

  it("give a failed transaction's writer back, its rows undone", async () => {
    const db = await database(path.join(directory, "rollback.sqlite"));
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto("notes").values({ text: "undone" }).execute();
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await db.insertInto("notes").values({ text: "after" }).execute();
    expect(await texts(db)).toEqual(["after"]);
  });

  it("keep one connection for an in-memory database, which reads what it wrote", async () => {
    const db = await database(":memory:");
    await db.insertInto("notes").values({ text: "in memory" }).execute();
    expect(await texts(db)).toEqual(["in memory"]);
  });
});

/** A database of this file's own whose statements are logged into `statements`. */
async function loggedDatabase(name: string) {
  const statements: string[] = [];
  const url = parseDatabaseUrl(`sqlite:${path.join(directory, name)}`);
  const root = new Kysely<object>({
    dialect: openDialect(url).dialect,
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
  handles.push({ close: () => root.destroy() });
  await sql`create table notes (id integer primary key, text text not null)`.execute(root);
  statements.length = 0;
  return { db: root.withTables<Tables>(), commits: () => statements.filter((text) => text === "commit").length };
}

const insertNote = (db: Kysely<Tables>, text: string) =>
  db.transaction().execute(async (tx) => {
    await tx.insertInto("notes").values({ text }).execute();
  });

describe("SQLite's group commit", () => {
  it("commits the transactions that queue for the writer together, none answered before its row is committed", async () => {
    const { db, commits } = await loggedDatabase("group.sqlite");
    const names = Array.from({ length: 8 }, (_, index) => `note ${index + 1}`);
    const seenWhenAnswered = await Promise.all(
      names.map((name) => insertNote(db, name).then(async () => (await texts(db)).includes(name))),
    );
    expect(seenWhenAnswered).toEqual(names.map(() => true));
    expect(commits()).toBe(1);
    expect(await texts(db)).toEqual(names);
  });

  it("puts at most 16 transactions in one commit", async () => {
    const { db, commits } = await loggedDatabase("group-limit.sqlite");
    await Promise.all(Array.from({ length: 20 }, (_, index) => insertNote(db, `note ${index}`)));
    expect(commits()).toBe(2);
    expect(await texts(db)).toHaveLength(20);
  });

  it("undoes a failed transaction of a group alone", async () => {
    const { db, commits } = await loggedDatabase("group-failure.sqlite");
    const failing = db.transaction().execute(async (tx) => {
      await tx.insertInto("notes").values({ text: "undone" }).execute();
      throw new Error("refused");
    });
    const outcomes = await Promise.allSettled([insertNote(db, "before"), failing, insertNote(db, "after")]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(commits()).toBe(1);
    expect(await texts(db)).toEqual(["before", "after"]);
  });

  it("fails every transaction a failed COMMIT carried, and keeps none of their rows", async () => {
    const { db } = await loggedDatabase("group-commit-fails.sqlite");
    // a deferred foreign key is checked at COMMIT: the one way to make it fail without a broken disk
    await sql`create table links (note_id integer references notes (id) deferrable initially deferred)`.execute(db);
    const dangling = db.transaction().execute(async (tx) => {
      await sql`insert into links (note_id) values (999)`.execute(tx);
    });
    const outcomes = await Promise.allSettled([insertNote(db, "carried"), dangling, insertNote(db, "also carried")]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(await texts(db)).toEqual([]);
    await insertNote(db, "afterwards");
    expect(await texts(db)).toEqual(["afterwards"]);
  });
});
