/**
 * Login sessions for the server-rendered pages: a signed cookie (see cookie.ts), nothing stored
 * per session. Invariants:
 * - a request has a user only when its `kasboek_session` cookie is signed with this
 *   installation's key (platform/pages/cookies.ts), well-formed, younger than 12 hours, names the
 *   user's current password stamp, and the user still exists with a password (a new password ends
 *   every session);
 * - the key is SESSION_SECRET when configured, else a random secret stored once in
 *   `instance_settings` (insert-if-absent, so every process on the database agrees), read once
 *   per process and database;
 * - logins are throttled per e-mail address and per client address in `login_throttles`; an
 *   attempt is counted before the password is checked, so parallel guesses are counted too;
 * - `return_to` is followed only when it is a path on this site.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Executor } from "../../db/connection.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { pageCookie, signedCookie } from "../../platform/pages/cookies.js";
import { findSessionUser, normaliseEmail, verifyPassword } from "../users/service.js";
import { isFresh, readSessionValue, SESSION_LIFETIME_SECONDS, sessionValue } from "./cookie.js";
import {
  countAttempt,
  countAttemptWithBackOff,
  deleteSpentThrottles,
  forgetAttempts,
  settingOrInsert,
  uncountAttempt,
} from "./store.js";

export const SESSION_COOKIE = "kasboek_session";
const SESSION_SECRET_SETTING = "session_secret";
/** Failed attempts allowed per window: few per address of a person, more per client address (offices share one). */
const EMAIL_ATTEMPT_LIMIT = 5;
const CLIENT_ATTEMPT_LIMIT = 20;
const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const THROTTLE_BLOCK_SECONDS = 15 * 60;
const DEFAULT_AFTER_LOGIN = "/account";

const keys = new WeakMap<Executor, Promise<Buffer>>();

/** The key sessions are signed with: the configured secret, else the one stored in the database. */
export async function resolveSessionKey(deps: ServiceDeps, configured: string | undefined): Promise<Buffer> {
  if (configured !== undefined) return Buffer.from(configured, "utf8");
  const stored = await settingOrInsert(deps.db, SESSION_SECRET_SETTING, randomBytes(32).toString("base64url"));
  return Buffer.from(stored, "base64url");
}

function sessionKey(deps: ServiceDeps): Promise<Buffer> {
  let key = keys.get(deps.db);
  if (key === undefined) {
    key = resolveSessionKey(deps, deps.sessionSecret);
    // A failed read (database down) must not stick: the next request tries again.
    key.catch(() => keys.delete(deps.db));
    keys.set(deps.db, key);
  }
  return key;
}

/**
 * The installation's secret key (the session key) for other modules that derive secrets from
 * it. `executor` lets a caller inside a transaction read it there (SQLite has one connection);
 * only a key read outside any transaction is kept, since a transaction may still roll back.
 */
export async function instanceSecretKey(deps: ServiceDeps, executor: Executor = deps.db): Promise<Buffer> {
  const cached = keys.get(deps.db);
  if (cached !== undefined || executor === deps.db) return cached ?? sessionKey(deps);
  return resolveSessionKey({ ...deps, db: executor }, deps.sessionSecret);
}

const nowSeconds = (deps: ServiceDeps) => Math.floor(deps.now().getTime() / 1000);

/** The signed-in user of this request, or null. */
export async function currentUser(
  deps: ServiceDeps,
  request: FastifyRequest,
): Promise<{ userId: number; email: string } | null> {
  const value = signedCookie(request, SESSION_COOKIE);
  const claims = value === null ? null : readSessionValue(value);
  if (claims === null || !isFresh(claims, nowSeconds(deps))) return null;
  const user = await findSessionUser(deps, claims.userId);
  if (user === null || user.passwordStamp !== claims.passwordStamp) return null;
  return { userId: user.userId, email: user.email };
}

/** Signs `userId` in on this browser for the session lifetime. */
export async function startSession(deps: ServiceDeps, reply: FastifyReply, userId: number): Promise<void> {
  const user = await findSessionUser(deps, userId);
  if (user === null) throw new Error(`user ${userId} has no password, so no session can start`);
  const value = sessionValue({ userId, issuedAtSeconds: nowSeconds(deps), passwordStamp: user.passwordStamp });
  reply.setCookie(SESSION_COOKIE, value, pageCookie(reply, "lax", SESSION_LIFETIME_SECONDS));
}

export function endSession(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, pageCookie(reply, "lax"));
}

export function loginUrl(returnTo: string): string {
  return `/login?return_to=${encodeURIComponent(returnTo)}`;
}

/**
 * `returnTo` when it is a path on this site, else the account page. "//host" and "/\host" are
 * other sites to a browser, which also drops tabs and newlines from URLs, so only printable
 * ASCII without spaces is accepted (anything else can be percent-encoded).
 */
export function safeReturnTo(returnTo: string): string {
  return /^\/(?![/\\])[\x21-\x7e]{0,4095}$/.test(returnTo) ? returnTo : DEFAULT_AFTER_LOGIN;
}

export type LoginOutcome =
  | { kind: "signed-in"; userId: number; email: string }
  | { kind: "wrong" }
  | { kind: "blocked"; retryAfterSeconds: number };

/** Throttle keys are hashes: the table never holds the addresses people typed. */
function throttleKey(kind: string, value: string): string {
  return `${kind}:${createHash("sha256").update(value).digest("base64url")}`;
}

/**
 * The failed-attempt throttle of logins, for every other check of a secret (OAuth client
 * authentication): counts an attempt on `kind`:`value` before the secret is checked and answers
 * the seconds its block has left, 0 when it is not blocked. One mechanism, one table.
 */
export async function countThrottledAttempt(deps: ServiceDeps, kind: string, value: string, limit: number) {
  return countAndCheck(deps, throttleKey(kind, value), limit);
}

/** Back-off: failures up to `limit` pass, then each begins a block twice as long as the last. */
export interface BackOff {
  /** the failure that begins the first block */
  limit: number;
  firstBlockSeconds: number;
  longestBlockSeconds: number;
}

/**
 * `countThrottledAttempt` with back-off instead of one block per window: the `limit`-th failure
 * blocks `kind`:`value` for `firstBlockSeconds`, each failure after a block for twice as long,
 * up to `longestBlockSeconds`; a key that stays quiet for the throttle window after its last
 * block or attempt counts from 1 again. Answers the seconds the block that was already in force
 * has left, 0 when the attempt was counted. A success must forget the key (settleThrottledAttempt).
 */
export async function countBackedOffAttempt(deps: ServiceDeps, kind: string, value: string, backOff: BackOff) {
  const now = deps.now();
  const blockEnds: string[] = [];
  for (let seconds = backOff.firstBlockSeconds; ; seconds *= 2) {
    const block = Math.min(seconds, backOff.longestBlockSeconds);
    blockEnds.push(new Date(now.getTime() + block * 1000).toISOString());
    if (block === backOff.longestBlockSeconds) break;
  }
  const blockedUntil = await countAttemptWithBackOff(deps.db, throttleKey(kind, value), {
    now: now.toISOString(),
    windowEndedBefore: new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString(),
    limit: backOff.limit,
    blockEnds,
  });
  return blockedUntil === null ? 0 : Math.max(1, Math.ceil((Date.parse(blockedUntil) - now.getTime()) / 1000));
}

/** After a success: forgets the failures of `kind`:`value`, or only takes back this attempt's count. */
export async function settleThrottledAttempt(deps: ServiceDeps, kind: string, value: string, forget: boolean) {
  const key = throttleKey(kind, value);
  await (forget ? forgetAttempts(deps.db, key) : uncountAttempt(deps.db, key));
}

/** Counts the attempt for one key; the seconds its block has left, 0 when it is not blocked. */
async function countAndCheck(deps: ServiceDeps, key: string, limit: number): Promise<number> {
  const now = deps.now();
  const row = await countAttempt(deps.db, key, limit, {
    now: now.toISOString(),
    windowEndedBefore: new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString(),
    blockedUntil: new Date(now.getTime() + THROTTLE_BLOCK_SECONDS * 1000).toISOString(),
  });
  const left = row.blocked_until === null ? 0 : Date.parse(row.blocked_until) - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * Checks a login. A blocked key answers "blocked" without looking at the password; a success
 * forgets the e-mail address's failures and takes back its count on the client address.
 */
export async function logIn(
  deps: ServiceDeps,
  credentials: { email: string; password: string; clientAddress: string },
): Promise<LoginOutcome> {
  const emailKey = throttleKey("email", normaliseEmail(credentials.email));
  const clientKey = throttleKey("client", credentials.clientAddress);
  const emailBlocked = await countAndCheck(deps, emailKey, EMAIL_ATTEMPT_LIMIT);
  const clientBlocked = await countAndCheck(deps, clientKey, CLIENT_ATTEMPT_LIMIT);
  const retryAfterSeconds = Math.max(emailBlocked, clientBlocked);
  if (retryAfterSeconds > 0) return { kind: "blocked", retryAfterSeconds };
  const user = await verifyPassword(deps, credentials.email, credentials.password);
  if (user === null) return { kind: "wrong" };
  await forgetAttempts(deps.db, emailKey);
  await uncountAttempt(deps.db, clientKey);
  return { kind: "signed-in", ...user };
}

/** Deletes login counters that no longer block or count anything (housekeeping); returns how many. */
export async function removeSpentLoginThrottles(deps: ServiceDeps): Promise<number> {
  const now = deps.now();
  return deleteSpentThrottles(deps.db, {
    now: now.toISOString(),
    windowEndedBefore: new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString(),
  });
}
