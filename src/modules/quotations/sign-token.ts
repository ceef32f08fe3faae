/**
 * The token of a quotation's signing link. Invariant: the database never holds a token, only
 * its SHA-256 (to find the quotation by the link, like every other secret) and a random nonce;
 * the token is the HMAC-SHA256 of the nonce under the installation's secret key, so the API can
 * show `sign_url` again without storing it, and the database alone does not give it away when
 * SESSION_SECRET is configured (else the key is in the database too: set SESSION_SECRET).
 */
import { createHash, createHmac, randomBytes } from "node:crypto";

/** Keeps this use of the installation key apart from every other. */
const PURPOSE = "kasboek quotation signing link\u0001";

export function newSignNonce(): string {
  return randomBytes(32).toString("base64url");
}

/** 43 base64url characters, as the random tokens before were. */
export function deriveSignToken(key: Buffer, nonce: string): string {
  return createHmac("sha256", key)
    .update(PURPOSE + nonce)
    .digest("base64url");
}

export function hashSignToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The token of a stored link, or null when there is none or it cannot be derived any more (no
 * nonce: made before tokens were hashed; another key: SESSION_SECRET changed). A link shown is
 * always one that works.
 */
export function storedSignToken(
  key: Buffer,
  row: { sign_nonce: string | null; sign_token_hash: string | null },
): string | null {
  if (row.sign_nonce === null || row.sign_token_hash === null) return null;
  const token = deriveSignToken(key, row.sign_nonce);
  return hashSignToken(token) === row.sign_token_hash ? token : null;
}
