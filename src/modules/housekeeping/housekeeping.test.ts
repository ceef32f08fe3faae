/**
 * A housekeeping round deletes what has expired and keeps what still counts, for each kind of
 * row: login throttles, OAuth codes and OAuth access tokens. Rows are made through the owning
 * modules (their services, or their stores where no service makes a row at a chosen time), at
 * times chosen by the test's clock. Other test files share the database, so only this file's
 * own rows are looked at.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newCompany, type TestApp } from "../../../test/support/app.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { insertClient, insertCode, insertGrant } from "../oauth/store.js";
import { countBackedOffAttempt, logIn } from "../sessions/service.js";
import { issueOAuthAccessToken } from "../tokens/service.js";
import { runHousekeeping, startHousekeeping } from "./service.js";

// Long past: a round deletes what expired before NOW, and the rows other test files make meanwhile
// (at the real time, or their own later clocks) must not be among them.
const NOW = new Date("2001-06-01T12:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp(() => NOW);
});
afterAll(() => harness.close());

type Rows = {
  login_throttles: { key: string };
  oauth_codes: { code_hash: string; grant_id: number };
  api_tokens: { id: number };
};
const tables = (deps: ServiceDeps) => (deps.db as Kysely<object>).withTables<Rows>();

/** The key sessions/service.ts counts an address under (a hash, so the table holds no addresses). */
function throttleKey(kind: string, value: string): string {
  return `${kind}:${createHash("sha256").update(value).digest("base64url")}`;
}

async function presentKeys(deps: ServiceDeps, keys: string[]): Promise<string[]> {
  const rows = await tables(deps).selectFrom("login_throttles").select("key").where("key", "in", keys).execute();
  return rows.map((row) => row.key).sort();
}

describe("housekeeping", () => {
  it("deletes spent login throttles and keeps those still counting or blocking", async () => {
    const deps = harness.deps;
    const old = { email: `old-${randomUUID()}@example.test`, clientAddress: `old-${randomUUID()}` };
    const recent = { email: `new-${randomUUID()}@example.test`, clientAddress: `new-${randomUUID()}` };
    // one failed login an hour ago: its 15-minute window has ended, so its counters are spent
    await logIn({ ...deps, now: () => at(-HOUR) }, { ...old, password: "wrong" });
    // one failed login a minute ago: still counting
    await logIn({ ...deps, now: () => at(-60_000) }, { ...recent, password: "wrong" });
    const keys = (login: { email: string; clientAddress: string }) => [
      throttleKey("email", login.email),
      throttleKey("client", login.clientAddress),
    ];
    expect(await presentKeys(deps, [...keys(old), ...keys(recent)])).toHaveLength(4);

    const result = await runHousekeeping(deps);
    expect(result.login_throttles).toBeGreaterThanOrEqual(2);
    expect(await presentKeys(deps, [...keys(old), ...keys(recent)])).toEqual(keys(recent).sort());
  });

  it("keeps a backed-off throttle whose block has passed until it has been quiet for the window", async () => {
    const deps = harness.deps;
    const backOff = { limit: 1, firstBlockSeconds: 60, longestBlockSeconds: 600 };
    const [passed, quiet] = [`passed-${randomUUID()}`, `quiet-${randomUUID()}`];
    // blocked from 2 minutes ago until 1 minute ago: its back-off still counts
    await countBackedOffAttempt({ ...deps, now: () => at(-120_000) }, "backed-off", passed, backOff);
    // blocked until 59 minutes ago and quiet since: spent
    await countBackedOffAttempt({ ...deps, now: () => at(-HOUR) }, "backed-off", quiet, backOff);
    await runHousekeeping(deps);
    const keys = [throttleKey("backed-off", passed), throttleKey("backed-off", quiet)];
    expect(await presentKeys(deps, keys)).toEqual([throttleKey("backed-off", passed)]);
    // so the next failure blocks twice as long as the first
    expect(await countBackedOffAttempt(deps, "backed-off", passed, backOff)).toBe(0);
    expect(await countBackedOffAttempt(deps, "backed-off", passed, backOff)).toBe(120);
  });

  it("deletes OAuth codes and access tokens a day past expiry and keeps the others", async () => {
    const deps = harness.deps;
    const company = await newCompany(deps);
    const client = await insertClient(deps.db, {
      client_id: `housekeeping-${randomUUID()}`,
      secret_hash: null,
      name: "Housekeeping test",
      redirect_uris: JSON.stringify(["https://app.example.test/callback"]),
      created_at: at(-3 * 24 * HOUR).toISOString(),
    });
    const grant = await insertGrant(deps.db, {
      user_id: company.userId,
      client_id: client.id,
      scopes: "read:me",
      company_ids: JSON.stringify([company.companyId]),
      created_at: at(-3 * 24 * HOUR).toISOString(),
    });
    const code = (name: string, expiresAt: Date) =>
      insertCode(deps.db, {
        code_hash: `${name}|${randomUUID()}`,
        grant_id: grant.id,
        redirect_uri: "https://app.example.test/callback",
        code_challenge: "challenge",
        expires_at: expiresAt.toISOString(),
      });
    await code("long-expired", at(-2 * 24 * HOUR));
    await code("just-expired", at(-HOUR));
    await code("live", at(30_000));
    const token = (issuedAt: Date) =>
      issueOAuthAccessToken(deps.db, {
        userId: company.userId,
        grantId: grant.id,
        scopes: ["read:me"],
        name: "Housekeeping test",
        issuedAt,
        lifetimeSeconds: 2 * 60 * 60,
      });
    const longExpired = await token(at(-3 * 24 * HOUR));
    const justExpired = await token(at(-3 * HOUR));
    const live = await token(at(-HOUR));

    const result = await runHousekeeping(deps);
    expect(result.oauth_codes).toBeGreaterThanOrEqual(1);
    expect(result.api_tokens).toBeGreaterThanOrEqual(1);

    const codes = await tables(deps)
      .selectFrom("oauth_codes")
      .select("code_hash")
      .where("grant_id", "=", grant.id)
      .execute();
    expect(codes.map((row) => row.code_hash.split("|")[0]).sort()).toEqual(["just-expired", "live"]);
    const tokenIds = await tables(deps)
      .selectFrom("api_tokens")
      .select("id")
      .where("id", "in", [longExpired.tokenId, justExpired.tokenId, live.tokenId])
      .execute();
    expect(tokenIds.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual([justExpired.tokenId, live.tokenId]);
    // the company's personal token never expires and is never touched
    const personal = await tables(deps).selectFrom("api_tokens").select("id").execute();
    expect(personal.length).toBeGreaterThanOrEqual(3);
  });

  it("runs a round at once and stops cleanly", async () => {
    const housekeeper = startHousekeeping(harness.deps, 60_000);
    await housekeeper.stop();
    await housekeeper.stop();
  });

  it("keeps running the other tasks when one fails", async () => {
    const errors: string[] = [];
    const result = await runHousekeeping(
      harness.deps,
      { info: () => {}, error: (details) => errors.push(String((details as { task: string }).task)) },
      [
        { name: "broken", run: async () => Promise.reject(new Error("boom")) },
        { name: "fine", run: async () => 3 },
      ],
    );
    expect(result).toEqual({ fine: 3 });
    expect(errors).toEqual(["broken"]);
  });
});
