/**
 * A request transaction on the run's database (SQLite or PostgreSQL): what its work does through
 * the plain `db` joins it; a service's own transaction inside it is a savepoint that rolls back
 * alone; the request's rollback undoes everything; `afterCommit` waits for the commit and is
 * skipped by a rollback; once it ended, `db` works on its own connections again.
 */
import { type Generated, type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/support/app.js";
import { columnTypes } from "./dialect.js";
import { afterCommit, openRequestTransaction } from "./request-transaction.js";

const TABLE = "request_transaction_probes";
type ProbeTables = { request_transaction_probes: { id: Generated<number>; label: string } };

const harness = await buildTestApp();
const db = harness.deps.db;
const probes = () => db.withTables<ProbeTables>();

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

const insert = (label: string) => probes().insertInto(TABLE).values({ label }).execute();
const labels = async (prefix: string) =>
  (await probes().selectFrom(TABLE).select("label").where("label", "like", `${prefix}%`).orderBy("id").execute()).map(
    (row) => row.label,
  );

describe("a request transaction", () => {
  it("commits its work, keeps a failed inner transaction's work out, and runs afterCommit after the commit", async () => {
    const request = await openRequestTransaction(db);
    const woken: string[] = [];
    await request.join(async () => {
      await insert("kept-1");
      await db
        .transaction()
        .execute(async (transaction) => {
          await transaction
            .withTables<ProbeTables>()
            .insertInto(TABLE)
            .values({ label: "kept-inner-failed" })
            .execute();
          throw new Error("the service refuses");
        })
        .catch(() => {});
      await db
        .transaction()
        .execute((transaction) =>
          transaction.withTables<ProbeTables>().insertInto(TABLE).values({ label: "kept-2" }).execute(),
        );
      afterCommit(() => woken.push("after commit"));
    });
    // not committed yet: nothing was woken
    expect(woken).toEqual([]);
    await request.commit();
    expect(woken).toEqual(["after commit"]);
    expect(await labels("kept")).toEqual(["kept-1", "kept-2"]);
  });

  it("rolls all of its work back, skips afterCommit, and leaves db working on its own after", async () => {
    const request = await openRequestTransaction(db);
    const woken: string[] = [];
    await request.join(async () => {
      await insert("undone-1");
      await db
        .transaction()
        .execute((transaction) =>
          transaction.withTables<ProbeTables>().insertInto(TABLE).values({ label: "undone-2" }).execute(),
        );
      afterCommit(() => woken.push("after commit"));
    });
    await request.rollback();
    expect(woken).toEqual([]);
    expect(await labels("undone")).toEqual([]);
    // work that its scope still starts runs outside it now
    await request.join(() => insert("undone-later"));
    expect(await labels("undone")).toEqual(["undone-later"]);
    expect(Number((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]?.one)).toBe(1);
  });
});
