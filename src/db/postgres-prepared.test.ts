/**
 * Prepared statements on PostgreSQL (postgres-prepared.ts): a registered text (a reusable query's)
 * is named, one name per text for good, at most 1000 names; it runs as a server-side prepared
 * statement and answers as before, while any other text is planned afresh however often it runs;
 * after a migration changes what a prepared `select *` returns, it fails once and then runs
 * unnamed again.
 */
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { preparingPool, StatementNames } from "./postgres-prepared.js";
import { reusableQuery } from "./reusable-query.js";

const databaseUrl = inject("databaseUrl");
const postgres = databaseUrl.startsWith("postgres");

describe("the names of prepared statements", () => {
  it("are given to registered texts only, one per text, never another's", () => {
    const names = new StatementNames();
    expect(names.nameFor("select 1")).toBeUndefined();
    names.register("select 1");
    const named = names.nameFor("select 1");
    expect(named).toBeDefined();
    names.register("select 1");
    expect(names.nameFor("select 1")).toBe(named);
    names.register("select 2");
    expect(names.nameFor("select 2")).not.toBe(named);
  });

  it("stop at 1000 texts, and are never given again to a refused text", () => {
    const names = new StatementNames();
    const issued = Array.from({ length: 1001 }, (_, index) => {
      names.register(`select ${index}`);
      return names.nameFor(`select ${index}`);
    });
    expect(new Set(issued.slice(0, 1000)).size).toBe(1000);
    expect(issued[1000]).toBeUndefined();
    names.refuse("select 0");
    names.register("select 0");
    expect(names.nameFor("select 0")).toBeUndefined();
  });
});

describe("the queries handed to pg", () => {
  // pg's own promise kept what a query read alive through V8's young collections (the header)
  it("go with a callback, and answer through a promise of ours: rows, and pg's errors", async () => {
    const calls: Array<{ config: unknown; callback: unknown }> = [];
    const client = {
      query: (config: { text: string }, callback?: (error: Error | undefined, result: unknown) => void) => {
        calls.push({ config, callback });
        if (config.text === "fail") callback?.(new Error("refused"), undefined);
        else callback?.(undefined, { rows: [{ answer: 42 }] });
      },
      release: () => {},
    };
    const fakePool = { connect: async () => client, end: async () => {} } as unknown as pg.Pool;
    const connection = await preparingPool(fakePool).connect();
    await expect(connection.query("select $1", [42])).resolves.toEqual({ rows: [{ answer: 42 }] });
    await expect(connection.query("fail", [1])).rejects.toThrow("refused");
    await expect(connection.query("begin")).resolves.toEqual({ rows: [{ answer: 42 }] });
    expect(calls.map((call) => typeof call.callback)).toEqual(["function", "function", "function"]);
    expect(calls.map((call) => call.config)).toEqual([
      { text: "select $1", values: [42] },
      { text: "fail", values: [1] },
      { text: "begin" },
    ]);
  });
});

describe.runIf(postgres)("prepared statements on PostgreSQL", () => {
  // one connection, so what it prepared can be seen from it
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<object>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  const table = `prepared_${process.pid}_${Date.now()}`;
  type Notes = Record<string, { id: number; text: string }>;
  afterAll(async () => {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
    await db.destroy();
  });

  const preparedTexts = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
      (row) => row.statement,
    );

  it("runs a reusable query's text as a prepared statement, with the same answers", async () => {
    await sql`create table ${sql.table(table)} (id integer primary key, text text not null)`.execute(db);
    await sql`insert into ${sql.table(table)} (id, text) values (1, 'een'), (2, 'twee')`.execute(db);
    const textOf = reusableQuery((executor, id: number) =>
      executor.withTables<Notes>().selectFrom(table).select("text").where("id", "=", id),
    );
    const texts = [...(await textOf(db, 1)), ...(await textOf(db, 2))].map((row) => row.text);
    expect(texts).toEqual(["een", "twee"]);
    expect(await preparedTexts()).toContain(`select "text" from "${table}" where "id" = $1`);
  });

  it("plans any other statement for its values every time, however often it runs", async () => {
    const search = (text: string) => sql`select id from ${sql.table(table)} where text like ${text}`;
    for (let run = 0; run < 10; run++) await search("%e%").execute(db);
    expect(await preparedTexts()).not.toContain(search("%e%").compile(db).sql);
  });

  it("fails once when a migration changed what a prepared select * returns, then plans it afresh", async () => {
    const rowOf = reusableQuery((executor, id: number) =>
      executor.withTables<Notes>().selectFrom(table).selectAll().where("id", "=", id),
    );
    await rowOf(db, 1);
    expect(await preparedTexts()).toContain(`select * from "${table}" where "id" = $1`);
    await sql`alter table ${sql.table(table)} add column extra integer`.execute(db);
    await expect(rowOf(db, 1)).rejects.toThrow(/cached plan must not change result type/);
    expect(await rowOf(db, 1)).toEqual([{ id: 1, text: "een", extra: null }]);
  });
});
