/**
 * The cache of the access lookups: it saves the database the same two questions within a second,
 * and never at the cost of a revocation: an announced change empties it at once, an unannounced
 * one (another process) holds after TTL_MS, failures and expired tokens are asked again.
 */
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { AccessLookups, AuthenticatedToken, CompanyAccess } from "./access.js";
import { announceAccessChange, cachedAccessLookups, TTL_MS } from "./access-cache.js";
import { ApiError } from "./errors.js";

const NOW = new Date("2030-01-01T12:00:00.000Z");
const TOKEN: AuthenticatedToken = { tokenId: 1, userId: 7, scopes: ["public"] };
const ACCESS: CompanyAccess = {
  companyId: 3,
  timeZone: "Europe/Amsterdam",
  isMember: true,
  isOwner: true,
  apiAccessible: true,
  allowedScopes: ["public"],
  planLimited: false,
};

/** Lookups that count their calls and answer what the test sets. */
function countingLookups() {
  const state = {
    tokenCalls: 0,
    companyCalls: 0,
    token: TOKEN as AuthenticatedToken | null,
    access: ACCESS as CompanyAccess | null,
  };
  const lookups: AccessLookups = {
    authenticateToken: async () => {
      state.tokenCalls += 1;
      if (state.token === null) throw new ApiError("client.authentication.invalid_token", { key: "tokenRevoked" });
      return state.token;
    },
    companyAccess: async () => {
      state.companyCalls += 1;
      return state.access;
    },
  };
  return { state, lookups };
}

const apps: Array<ReturnType<typeof Fastify>> = [];
function cached(lookups: AccessLookups, now = () => NOW): AccessLookups {
  const app = Fastify();
  apps.push(app);
  return cachedAccessLookups(app, lookups, now);
}
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

describe("the access cache", () => {
  it("asks for a token and a company's access once within the second", async () => {
    const { state, lookups } = countingLookups();
    const cache = cached(lookups);
    for (let index = 0; index < 5; index++) {
      expect(await cache.authenticateToken("kbp_a")).toEqual(TOKEN);
      expect(await cache.companyAccess(3, 7)).toEqual(ACCESS);
    }
    expect(state.tokenCalls).toBe(1);
    expect(state.companyCalls).toBe(1);
  });

  it("forgets everything when a change is announced, so a revocation holds at once", async () => {
    const { state, lookups } = countingLookups();
    const cache = cached(lookups);
    await cache.authenticateToken("kbp_a");
    await cache.companyAccess(3, 7);
    state.token = null;
    state.access = { ...ACCESS, isMember: false };
    announceAccessChange();
    await expect(cache.authenticateToken("kbp_a")).rejects.toThrow("revoked");
    expect((await cache.companyAccess(3, 7))?.isMember).toBe(false);
  });

  it("asks again after the second, so a change made elsewhere holds within it", async () => {
    const { state, lookups } = countingLookups();
    const cache = cached(lookups);
    await cache.authenticateToken("kbp_a");
    state.token = null;
    expect(await cache.authenticateToken("kbp_a")).toEqual(TOKEN);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
    await expect(cache.authenticateToken("kbp_a")).rejects.toThrow("revoked");
  });

  it("keeps no failure and no refusal, and asks again for a token past its expiry", async () => {
    const { state, lookups } = countingLookups();
    let now = NOW;
    const cache = cached(lookups, () => now);
    state.token = null;
    await expect(cache.authenticateToken("kbp_new")).rejects.toThrow();
    state.token = { ...TOKEN, expiresAt: "2030-01-01T13:00:00.000Z" };
    await expect(cache.authenticateToken("kbp_new")).resolves.toMatchObject({ tokenId: 1 });
    now = new Date("2030-01-01T13:00:00.000Z");
    await cache.authenticateToken("kbp_new");
    expect(state.tokenCalls).toBe(3);
    state.access = { ...ACCESS, apiAccessible: false };
    await cache.companyAccess(3, 7);
    await cache.companyAccess(3, 7);
    expect(state.companyCalls).toBe(2);
  });
});
