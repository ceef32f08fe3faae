/**
 * Password hashing with scrypt (memory-hard). Invariants: a stored hash is
 * `scrypt$N$r$p$salt$hash` (salt and hash base64url), so its parameters travel with it and can be
 * raised later without breaking old hashes; passwords are NFC-normalised first, so one typed on
 * another keyboard or system still matches; comparison is constant-time; a stored string that
 * does not parse, or names absurd parameters, simply never matches. No database, no Fastify.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** N = 2^15, r = 8, p = 1: the OWASP-recommended minimum, about 32 MiB and ~0.1 s per hash. */
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_BYTES = 64;
const SALT_BYTES = 16;
/** Upper bounds for parameters read back from the database (guards against a corrupt row). */
const MAX_COST = 2 ** 20;
const MAX_BLOCK_SIZE = 32;
const MAX_PARALLELISM = 16;

function derive(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  // Node's default maxmem (32 MiB) is just at 128·N·r for our parameters; allow twice that.
  const maxmem = 2 * 128 * (options.N ?? COST) * (options.r ?? BLOCK_SIZE) + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, keyBytes, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, { N: COST, r: BLOCK_SIZE, p: PARALLELISM });
  return ["scrypt", COST, BLOCK_SIZE, PARALLELISM, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const match = /^scrypt\$(\d{1,8})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{22,})$/.exec(stored);
  if (!match) return null;
  const [, cost, blockSize, parallelism, salt, key] = match;
  const N = Number(cost);
  const r = Number(blockSize);
  const p = Number(parallelism);
  const isPowerOfTwo = N >= 2 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > MAX_COST || r < 1 || r > MAX_BLOCK_SIZE || p < 1 || p > MAX_PARALLELISM) return null;
  return { N, r, p, salt: Buffer.from(salt ?? "", "base64url"), key: Buffer.from(key ?? "", "base64url") };
}

/** Whether `password` matches `stored`; false for anything that is not one of our hashes. */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === null) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, { N: parsed.N, r: parsed.r, p: parsed.p });
  return timingSafeEqual(key, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password, made once per process: checking a password against it costs what
 * a real check costs, so an unknown e-mail address answers no faster than a wrong password.
 */
export function hashForUnknownUser(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
  return dummyHash;
}
