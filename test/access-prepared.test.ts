/**
 * The two lookups every API request makes when the access cache has no answer (the token by its
 * hash, and the company with the caller's membership) run on PostgreSQL as prepared statements
 * (db/reusable-query.ts), so the server plans them once per connection rather than per request:
 * in the mixed workload about half the reads miss the one-second cache.
 */
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { preparingPool } from "../src/db/postgres-prepared.js";
import { findCompanyForUser } from "../src/modules/companies/store.js";
import { LIMIT_COLUMNS } from "../src/modules/plans/service.js";
import { findTokenByHash } from "../src/modules/tokens/store.js";

const databaseUrl = inject("databaseUrl");

describe.runIf(databaseUrl.startsWith("postgres"))("the access lookups on PostgreSQL", () => {
  // one connection, so what it prepared can be read from it
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<object>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  afterAll(() => db.destroy());

  it("run as prepared statements, and still answer nothing for an unknown token or company", async () => {
    expect(await findTokenByHash(db, "0".repeat(64))).toBeUndefined();
    expect(await findCompanyForUser(db, -1, -1, LIMIT_COLUMNS)).toBeUndefined();
    const prepared = (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows;
    const statements = prepared.map((row) => row.statement);
    expect(statements.some((text) => text.includes('from "api_tokens"') && text.includes("token_hash"))).toBe(true);
    expect(statements.some((text) => text.includes('from "companies"') && text.includes('"memberships"'))).toBe(true);
  });
});
