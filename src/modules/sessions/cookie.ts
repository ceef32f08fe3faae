/**
 * The session cookie's value: `base64url("<userId>.<issuedAtSeconds>").<mac>`, where mac is the
 * base64url HMAC-SHA256 of the first part and the user's password stamp under the session key.
 * Invariants: a value that does not parse exactly, whose MAC differs (constant-time compare) or
 * that is older than the lifetime (or dated in the future) is no session; nothing in it is
 * secret, and nothing server-side needs to remember it. Pure: no clock, no database, no Fastify.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
/** Clocks of several processes differ a little; a session "from the future" beyond this is forged. */
const CLOCK_SKEW_SECONDS = 60;
const VALUE_PATTERN = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;
const PAYLOAD_PATTERN = /^([1-9]\d{0,14})\.(\d{1,12})$/;

export interface SessionClaims {
  userId: number;
  issuedAtSeconds: number;
}

function mac(key: Buffer, payload: string, passwordStamp: string): Buffer {
  return createHmac("sha256", key).update(`${payload}.${passwordStamp}`).digest();
}

export function signSession(key: Buffer, claims: SessionClaims, passwordStamp: string): string {
  const payload = Buffer.from(`${claims.userId}.${claims.issuedAtSeconds}`).toString("base64url");
  return `${payload}.${mac(key, payload, passwordStamp).toString("base64url")}`;
}

/** The claims a value makes, before any check of its signature: only for finding the user. */
export function readClaims(value: string): SessionClaims | null {
  const parts = VALUE_PATTERN.exec(value);
  const decoded = parts?.[1] === undefined ? "" : Buffer.from(parts[1], "base64url").toString("utf8");
  const claims = PAYLOAD_PATTERN.exec(decoded);
  if (!claims) return null;
  return { userId: Number(claims[1]), issuedAtSeconds: Number(claims[2]) };
}

export function isFresh(claims: SessionClaims, nowSeconds: number): boolean {
  const age = nowSeconds - claims.issuedAtSeconds;
  return age < SESSION_LIFETIME_SECONDS && age >= -CLOCK_SKEW_SECONDS;
}

/** Whether `value` was signed with `key` for this password stamp. */
export function isSignedBy(key: Buffer, value: string, passwordStamp: string): boolean {
  const parts = VALUE_PATTERN.exec(value);
  if (parts?.[1] === undefined || parts[2] === undefined) return false;
  const given = Buffer.from(parts[2], "base64url");
  const expected = mac(key, parts[1], passwordStamp);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
