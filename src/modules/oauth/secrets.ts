/**
 * The secrets of the OAuth server: client secrets, authorization codes and refresh tokens.
 * Invariants: each is 32 bytes from the operating system's CSPRNG in base64url; only its SHA-256
 * is ever stored (enough for values this random: there is nothing to brute-force); comparisons
 * of secret-derived values are constant-time; PKCE is S256 only. node:crypto primitives only.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const SECRET_BYTES = 32;

/** A new random secret; the prefix tells people and secret scanners what it is. */
export function newSecret(prefix = ""): string {
  return prefix + randomBytes(SECRET_BYTES).toString("base64url");
}

/** A client's public identifier: random too, so client ids cannot be enumerated. */
export function newClientId(): string {
  return `kbc_${randomBytes(16).toString("base64url")}`;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

function constantTimeEqual(left: string, right: string): boolean {
  const a = Buffer.from(left, "utf8");
  const b = Buffer.from(right, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `secret` hashes to `storedHash`. */
export function secretMatches(secret: string, storedHash: string): boolean {
  return constantTimeEqual(hashSecret(secret), storedHash);
}

/** RFC 7636 section 4.6: BASE64URL(SHA256(ASCII(code_verifier))) equals the stored challenge. */
export function verifierMatchesChallenge(codeVerifier: string, codeChallenge: string): boolean {
  const computed = createHash("sha256").update(codeVerifier, "ascii").digest("base64url");
  return constantTimeEqual(computed, codeChallenge);
}
