/**
 * The session cookie's value, as @fastify/cookie signs it (platform/pages/cookies.ts):
 * `<userId>.<issuedAtSeconds>.<passwordStamp>`. The stamp (a hash of the user's password hash:
 * users/service.ts) ties the session to the password, so a new password ends every session.
 * Invariants: a value that does not parse exactly, or that is older than the lifetime (or dated in
 * the future), is no session; nothing in it is secret, and nothing server-side needs to remember
 * it. Pure: no clock, no database, no Fastify.
 */

export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
/** Clocks of several processes differ a little; a session "from the future" beyond this is forged. */
const CLOCK_SKEW_SECONDS = 60;
const VALUE_PATTERN = /^([1-9]\d{0,14})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface SessionClaims {
  userId: number;
  issuedAtSeconds: number;
  passwordStamp: string;
}

export function sessionValue(claims: SessionClaims): string {
  return `${claims.userId}.${claims.issuedAtSeconds}.${claims.passwordStamp}`;
}

/** The claims of a value whose signature held, or null when it is not a session value. */
export function readSessionValue(value: string): SessionClaims | null {
  const parts = VALUE_PATTERN.exec(value);
  if (parts?.[1] === undefined || parts[2] === undefined || parts[3] === undefined) return null;
  return { userId: Number(parts[1]), issuedAtSeconds: Number(parts[2]), passwordStamp: parts[3] };
}

export function isFresh(claims: Pick<SessionClaims, "issuedAtSeconds">, nowSeconds: number): boolean {
  const age = nowSeconds - claims.issuedAtSeconds;
  return age < SESSION_LIFETIME_SECONDS && age >= -CLOCK_SKEW_SECONDS;
}
