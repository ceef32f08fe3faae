import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newCompany, request, type TestApp } from "../../../test/support/app.js";
import { ALL_SCOPES } from "../../platform/scopes.js";
import { issuePersonalToken } from "./service.js";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

type ApiTokensTable = { api_tokens: Record<string, unknown> & { id: number; token_hash: string } };

/** Every stored column of the token's row, read straight from the table. */
async function storedRow(tokenId: number) {
  return harness.deps.db
    .withTables<ApiTokensTable>()
    .selectFrom("api_tokens")
    .selectAll()
    .where("id", "=", tokenId)
    .executeTakeFirstOrThrow();
}

describe("personal API tokens", () => {
  it("stores only the SHA-256 of an issued token, which still authenticates", async () => {
    const owner = await newCompany(harness.deps);
    const issued = await issuePersonalToken(harness.deps, harness.deps.db, owner.userId, ALL_SCOPES, "laptop");
    const row = await storedRow(issued.tokenId);
    expect(row.token_hash).toBe(createHash("sha256").update(issued.token).digest("hex"));
    for (const value of Object.values(row)) {
      expect(String(value)).not.toContain(issued.token);
      // not a fragment either: the random part of the token appears nowhere
      expect(String(value)).not.toContain(issued.token.slice(-20));
    }
    const me = await request(harness.app, "GET", "/api/v1/me", issued.token);
    expect(me.statusCode).toBe(200);
  });
});
