/**
 * A short-lived cache of the two lookups every API request makes before its own work (the token, and
 * the caller's standing in the company), so a burst of requests with one token does not ask the
 * database the same two questions each time: they were a third of a GET's queries.
 *
 * Invariants (how a revocation or a lost membership still takes effect at once, or within a second):
 * - an answer is kept at most TTL_MS (one second), and never used past its token's expiry, so a change
 *   made anywhere — another process, the command line, SQL — holds everywhere within the second;
 * - the services that revoke a token or a grant, or change a company's access or a plan, call
 *   `announceAccessChange()`, which empties the cache of every app in this process: such a change
 *   made through this process (the API, the pages, a test) holds for the very next request;
 * - only successes are kept: an unknown or revoked token, or a company the user cannot reach, is
 *   asked again each time, so a new token or a new membership works at once;
 * - the cache is bounded (MAX_ENTRIES; when full it starts over).
 */
import { performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";
import type { AccessLookups, AuthenticatedToken, CompanyAccess } from "./access.js";

export const TTL_MS = 1000;
const MAX_ENTRIES = 10_000;
const forgetters = new Set<() => void>();

/** Empties the cache of every app of this process: a token, a grant or a company's access changed. */
export function announceAccessChange(): void {
  for (const forget of forgetters) forget();
}

interface Kept<Value> {
  value: Value;
  /** performance.now() after which the answer is asked again */
  until: number;
}

/** The service's clock (`deps.now`), by which tokens expire; a test's clock may stand still. */
export type Clock = () => Date;

/** Answers kept for a short time, by key. */
class ExpiringCache<Value> {
  private entries = new Map<string, Kept<Value>>();

  get(key: string): Value | undefined {
    const kept = this.entries.get(key);
    if (kept === undefined) return undefined;
    if (kept.until > performance.now()) return kept.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: Value, ttlMs: number): void {
    if (ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries = new Map();
    this.entries.set(key, { value, until: performance.now() + ttlMs });
  }

  clear(): void {
    this.entries = new Map();
  }
}

function hasExpired(token: AuthenticatedToken, now: Clock): boolean {
  return token.expiresAt !== undefined && Date.parse(token.expiresAt) <= now().getTime();
}

/** `lookups` with a cache, emptied by `announceAccessChange` and forgotten when `app` closes. */
export function cachedAccessLookups(app: FastifyInstance, lookups: AccessLookups, now: Clock): AccessLookups {
  const tokens = new ExpiringCache<AuthenticatedToken>();
  const companies = new ExpiringCache<CompanyAccess>();
  const forget = () => {
    tokens.clear();
    companies.clear();
  };
  forgetters.add(forget);
  app.addHook("onClose", async () => {
    forgetters.delete(forget);
  });
  return {
    authenticateToken: async (presented) => {
      const known = tokens.get(presented);
      // an expired token is asked again, so the service says why it no longer works
      if (known !== undefined && !hasExpired(known, now)) return known;
      const token = await lookups.authenticateToken(presented);
      tokens.set(presented, token, TTL_MS);
      return token;
    },
    companyAccess: async (companyId, userId) => {
      const key = `${companyId}:${userId}`;
      const known = companies.get(key);
      if (known !== undefined) return known;
      const access = await lookups.companyAccess(companyId, userId);
      if (access?.isMember && access.apiAccessible) companies.set(key, access, TTL_MS);
      return access;
    },
  };
}
