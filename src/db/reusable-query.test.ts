/**
 * A reusable query answers what its builder would for every call's own values, on the run's
 * database (SQLite or PostgreSQL), however many calls share one compiled text.
 */
import { type Generated, type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newCompany } from "../../test/support/app.js";
import type { Executor } from "./connection.js";
import { columnTypes } from "./dialect.js";
import { reusableInsert, reusableQuery } from "./reusable-query.js";

type CompanyTables = { companies: { id: number; name: string } };
const companies = (executor: Executor) => executor.withTables<CompanyTables>();

const harness = await buildTestApp();
afterAll(() => harness.close());
const made = [
  await newCompany(harness.deps, "Reusable Een BV"),
  await newCompany(harness.deps, "Reusable Twee BV"),
  await newCompany(harness.deps, "Reusable Drie BV"),
];
const ids = made.map((company) => company.companyId);
const names = ["Reusable Een BV", "Reusable Twee BV", "Reusable Drie BV"];

const namesOf = reusableQuery((executor, nameLike: string, wanted: readonly number[], most: number) =>
  companies(executor)
    .selectFrom("companies")
    .select("name")
    .where("name", "like", nameLike)
    .where("id", "in", wanted)
    .orderBy("id")
    .limit(most),
);

describe("a reusable query", () => {
  it("binds each call's own values: scalars, lists of any length, a limit", async () => {
    const db = harness.deps.db;
    expect(await namesOf(db, "Reusable %", ids, 10)).toEqual(names.map((name) => ({ name })));
    // same shape, other values: the kept text with new parameters
    expect(await namesOf(db, "Reusable T%", ids, 10)).toEqual([{ name: "Reusable Twee BV" }]);
    expect(await namesOf(db, "Reusable %", [ids[2] ?? 0, ids[0] ?? 0, 0], 1)).toEqual([{ name: "Reusable Een BV" }]);
    // other list lengths, including one longer than is kept
    expect(await namesOf(db, "Reusable %", [ids[1] ?? 0], 10)).toEqual([{ name: "Reusable Twee BV" }]);
    const long = [...ids, ...Array.from({ length: 150 }, (_, index) => -index - 1)];
    expect(await namesOf(db, "%", long, 10)).toEqual(names.map((name) => ({ name })));
    expect(await namesOf(db, "%", long.slice(1), 10)).toEqual(names.slice(1).map((name) => ({ name })));
  });

  it("runs in the caller's transaction", async () => {
    const name = await harness.deps.db.transaction().execute(async (transaction) => {
      await companies(transaction)
        .updateTable("companies")
        .set({ name: "Reusable Vier BV" })
        .where("id", "=", ids[0] ?? 0)
        .execute();
      const seen = await namesOf(transaction, "Reusable V%", ids, 10);
      await companies(transaction)
        .updateTable("companies")
        .set({ name: "Reusable Een BV" })
        .where("id", "=", ids[0] ?? 0)
        .execute();
      return seen;
    });
    expect(name).toEqual([{ name: "Reusable Vier BV" }]);
  });

  it("refuses a builder that does not pass an argument on as a value, rather than run the wrong query", async () => {
    const lowered = reusableQuery((executor, name: string) =>
      companies(executor).selectFrom("companies").select("id").where("name", "=", String(name).toLowerCase()),
    );
    await expect(lowered(harness.deps.db, "Reusable Een BV")).rejects.toThrow(/does not bind every argument/);
  });
});

type NoteTables = {
  reusable_notes: { id: Generated<number>; company_id: number; body: string | null; weight: number };
};
const notes = (executor: Executor) => executor.withTables<NoteTables>();
type NoteInsert = { company_id: number; body?: string | null; weight: number };
const insertNotes = reusableInsert((executor, rows: NoteInsert[]) =>
  notes(executor).insertInto("reusable_notes").values(rows).returning(["id", "body", "weight"]),
);

describe("a reusable insert", () => {
  beforeAll(async () => {
    const types = columnTypes(harness.deps.db as Kysely<unknown>);
    await harness.deps.db.schema
      .createTable("reusable_notes")
      .ifNotExists()
      .addColumn("id", types.primaryKey, types.primaryKeyModifier)
      .addColumn("company_id", "integer", (column) => column.notNull())
      .addColumn("body", "text", (column) => column.defaultTo("standaard"))
      .addColumn("weight", "integer", (column) => column.notNull())
      .execute();
  });

  const stored = async () =>
    notes(harness.deps.db).selectFrom("reusable_notes").select(["body", "weight"]).orderBy("id").execute();

  it("writes each call's own rows, and leaves an absent column to its default", async () => {
    const company = ids[0] ?? 0;
    await insertNotes(harness.deps.db, [{ company_id: company, body: "een", weight: 1 }]);
    // same shape, other values: the kept text
    const answered = await insertNotes(harness.deps.db, [{ company_id: company, body: "twee", weight: 2 }]);
    expect(answered).toEqual([{ id: expect.any(Number), body: "twee", weight: 2 }]);
    // more rows, a null, and a row without `body` (or with it undefined): other shapes
    await insertNotes(harness.deps.db, [
      { company_id: company, body: null, weight: 3 },
      { company_id: company, body: "vier", weight: 4 },
    ]);
    await insertNotes(harness.deps.db, [{ company_id: company, weight: 5 }]);
    await insertNotes(harness.deps.db, [{ company_id: company, body: undefined, weight: 6 }]);
    // rows whose columns differ (here in order) are compiled as given, and so are values that are not scalars
    await insertNotes(harness.deps.db, [
      { weight: 7, company_id: company, body: "zeven" },
      { company_id: company, body: "acht", weight: 8 },
    ]);
    await insertNotes(harness.deps.db, [
      { company_id: company, body: sql<string>`'negen'`, weight: 9 } as unknown as NoteInsert,
    ]);
    expect(await stored()).toEqual([
      { body: "een", weight: 1 },
      { body: "twee", weight: 2 },
      { body: null, weight: 3 },
      { body: "vier", weight: 4 },
      { body: "standaard", weight: 5 },
      { body: "standaard", weight: 6 },
      { body: "zeven", weight: 7 },
      { body: "acht", weight: 8 },
      { body: "negen", weight: 9 },
    ]);
  });
});
