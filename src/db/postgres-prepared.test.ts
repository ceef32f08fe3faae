/**
 * Prepared statements on PostgreSQL (postgres-prepared.ts): a text is named from its fifth run
 * on, one name per text for good, at most 1000 names; a named text runs as a server-side prepared
 * statement and answers as before; after a migration changes what its `select *` returns, it
 * fails once and then runs unnamed again.
 */
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { preparingPool, StatementNames } from "./postgres-prepared.js";

const databaseUrl = inject("databaseUrl");
const postgres = databaseUrl.startsWith("postgres");

describe("the names of recurring statements", () => {
  it("come from the fifth run of a text on, one per text, never given to another", () => {
    const names = new StatementNames();
    const firstRuns = Array.from({ length: 4 }, () => names.nameFor("select 1"));
    expect(firstRuns).toEqual([undefined, undefined, undefined, undefined]);
    const named = names.nameFor("select 1");
    expect(named).toBeDefined();
    expect(names.nameFor("select 1")).toBe(named);
    for (let run = 0; run < 5; run++) names.nameFor("select 2");
    expect(names.nameFor("select 2")).not.toBe(named);
  });

  it("stop at 1000 texts, and never name a refused text again", () => {
    const names = new StatementNames();
    const nameOf = (text: string) => {
      for (let run = 0; run < 4; run++) names.nameFor(text);
      return names.nameFor(text);
    };
    const issued = Array.from({ length: 1001 }, (_, index) => nameOf(`select ${index}`));
    expect(new Set(issued.slice(0, 1000)).size).toBe(1000);
    expect(issued[1000]).toBeUndefined();
    names.refuse("select 0");
    expect(nameOf("select 0")).toBeUndefined();
  });
});

describe.runIf(postgres)("prepared statements on PostgreSQL", () => {
  // one connection, so what it prepared can be seen from it
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<object>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  const table = `prepared_${process.pid}_${Date.now()}`;
  afterAll(async () => {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
    await db.destroy();
  });

  const preparedTexts = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
      (row) => row.statement,
    );

  it("runs a recurring text as a prepared statement, with the same answers", async () => {
    await sql`create table ${sql.table(table)} (id integer primary key, text text not null)`.execute(db);
    await sql`insert into ${sql.table(table)} (id, text) values (1, 'een'), (2, 'twee')`.execute(db);
    const select = (id: number) => sql<{ text: string }>`select text from ${sql.table(table)} where id = ${id}`;
    const texts: string[] = [];
    for (let run = 0; run < 4; run++) texts.push((await select(1).execute(db)).rows[0]?.text ?? "");
    const text = select(1).compile(db).sql;
    expect(await preparedTexts()).not.toContain(text);
    for (let run = 0; run < 2; run++) texts.push((await select(2).execute(db)).rows[0]?.text ?? "");
    expect(await preparedTexts()).toContain(text);
    expect(texts).toEqual(["een", "een", "een", "een", "twee", "twee"]);
  });

  it("fails once when a migration changed what a prepared select * returns, then plans it afresh", async () => {
    const selectAll = () => sql<Record<string, unknown>>`select * from ${sql.table(table)} where id = ${1}`;
    for (let run = 0; run < 6; run++) await selectAll().execute(db);
    expect(await preparedTexts()).toContain(selectAll().compile(db).sql);
    await sql`alter table ${sql.table(table)} add column extra integer`.execute(db);
    await expect(selectAll().execute(db)).rejects.toThrow(/cached plan must not change result type/);
    expect((await selectAll().execute(db)).rows).toEqual([{ id: 1, text: "een", extra: null }]);
  });
});
