/**
 * SQLite's writer and reader connections (sqlite-driver.ts), on databases of this file's own: a
 * read outside a transaction is answered while a write transaction is open, from what was
 * committed; a write outside a transaction waits for it; transactions run one at a time in the
 * order they came; an in-memory database, one connection, still reads what it wrote.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Generated, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./connection.js";

const directory = mkdtempSync(path.join(tmpdir(), "kasboek-sqlite-driver-"));
const handles: DatabaseHandle[] = [];
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

describe("SQLite's connections", () => {
  it("answer a read while a write transaction is open, from what is committed", async () => {
    const db = await database(path.join(directory, "reads.sqlite"));
    await db.insertInto("notes").values({ text: "committed" }).execute();
    const { opened, open } = gate();
    const inserted = gate();
    const transaction = db.transaction().execute(async (tx) => {
      await tx.insertInto("notes").values({ text: "uncommitted" }).execute();
      inserted.open();
      await opened;
    });
    await inserted.opened;
    // the transaction holds the writer and waits: the read does not
    expect(await texts(db)).toEqual(["committed"]);
    open();
    await transaction;
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
