/**
 * A reserved id is the one the table's next row would have had: a row inserted under it and the
 * rows inserted after it never collide, a deleted row's id is not given again, and two writers
 * never reserve the same id; on the run's database (SQLite or PostgreSQL), in a table made like
 * every table of ours (`columnTypes`).
 */
import { type Generated, type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/support/app.js";
import type { Executor } from "./connection.js";
import { columnTypes } from "./dialect.js";
import { idReserver } from "./reserved-id.js";

const TABLE = "reserved_id_probes";
type ProbeTables = { reserved_id_probes: { id: Generated<number>; label: string } };

const harness = await buildTestApp();
const db = harness.deps.db;
const probes = (executor: Executor) => executor.withTables<ProbeTables>();
const reserveId = idReserver(TABLE);

beforeAll(async () => {
  const types = columnTypes(db as Kysely<unknown>);
  await db.schema
    .createTable(TABLE)
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("label", "text", (column) => column.notNull())
    .execute();
});
afterAll(async () => {
  await db.schema.dropTable(TABLE).execute();
  await harness.close();
});

async function insertPlain(executor: Executor, label: string): Promise<number> {
  const row = await probes(executor).insertInto(TABLE).values({ label }).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

async function insertAs(executor: Executor, id: number, label: string): Promise<void> {
  await probes(executor).insertInto(TABLE).values({ id, label }).execute();
}

describe("a reserved id", () => {
  it("is taken by the row inserted under it, and the table's own next id comes after it", async () => {
    const first = await insertPlain(db, "first");
    const { reserved, next } = await db.transaction().execute(async (transaction) => {
      const id = await reserveId(transaction);
      await insertAs(transaction, id, "reserved");
      return { reserved: id, next: await insertPlain(transaction, "next") };
    });
    expect(reserved).toBeGreaterThan(first);
    expect(next).toBeGreaterThan(reserved);
    const rows = await probes(db).selectFrom(TABLE).select(["id", "label"]).orderBy("id").execute();
    expect(rows.map((row) => [Number(row.id), row.label])).toEqual([
      [first, "first"],
      [reserved, "reserved"],
      [next, "next"],
    ]);
  });

  it("never gives again the id of a row that was deleted", async () => {
    const last = await insertPlain(db, "to delete");
    await probes(db).deleteFrom(TABLE).where("id", "=", last).execute();
    const reserved = await db.transaction().execute(async (transaction) => {
      const id = await reserveId(transaction);
      await insertAs(transaction, id, "after the delete");
      return id;
    });
    expect(reserved).toBeGreaterThan(last);
  });

  it("differs between writers that reserve at the same time", async () => {
    const reserved = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        db.transaction().execute(async (transaction) => {
          const id = await reserveId(transaction);
          // the other writers reserve while this one still holds its id unwritten
          await sql`select 1`.execute(transaction);
          await insertAs(transaction, id, `writer ${index}`);
          return id;
        }),
      ),
    );
    expect(new Set(reserved).size).toBe(4);
  });
});
