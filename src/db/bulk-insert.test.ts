/**
 * `insertMany` writes every row as given and answers them in the order given, on the run's
 * database: text that an array literal must quote, nulls, large integers, and more rows than one
 * VALUES statement takes.
 */
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/support/app.js";
import { insertMany } from "./bulk-insert.js";
import { columnTypes } from "./dialect.js";

const harness = await buildTestApp();
afterAll(() => harness.close());

type Note = { company_id: number; body: string | null; weight: number; noted_on: string };

describe("inserting many rows", () => {
  beforeAll(async () => {
    const types = columnTypes(harness.deps.db as Kysely<unknown>);
    await (harness.deps.db as Kysely<unknown>).schema
      .createTable("bulk_notes")
      .ifNotExists()
      .addColumn("id", types.primaryKey, types.primaryKeyModifier)
      // every table of the database is a company's (test/tenancy.test.ts)
      .addColumn("company_id", types.foreignKey, (column) => column.notNull())
      .addColumn("body", "text")
      .addColumn("weight", types.bigint, (column) => column.notNull())
      .addColumn("noted_on", types.date, (column) => column.notNull())
      .execute();
  });

  it("keeps each row's values and order", async () => {
    const awkward = ['a "quoted", {braced} \\ back', "NULL", "", null, "€ één\nregel"];
    const rows: Note[] = Array.from({ length: 1203 }, (_, index) => ({
      company_id: 1,
      body: awkward[index % awkward.length] ?? null,
      weight: index * 1_000_000_007,
      noted_on: `2026-10-${String((index % 28) + 1).padStart(2, "0")}`,
    }));
    const types = { company_id: "bigint", body: "text", weight: "bigint", noted_on: "date" } as const;
    const inserted = await insertMany<Note, Note & { id: number }>(harness.deps.db, "bulk_notes", types, rows, true);
    expect(inserted.map(({ body, weight }) => ({ body, weight: Number(weight) }))).toEqual(
      rows.map(({ body, weight }) => ({ body, weight })),
    );
    const stored = await sql<{
      body: string | null;
      weight: number | string;
    }>`select body, weight from bulk_notes order by id`.execute(harness.deps.db);
    expect(stored.rows.map((row) => ({ body: row.body, weight: Number(row.weight) }))).toEqual(
      rows.map(({ body, weight }) => ({ body, weight })),
    );
    expect(await insertMany<Note>(harness.deps.db, "bulk_notes", types, [], true)).toEqual([]);
  });
});
