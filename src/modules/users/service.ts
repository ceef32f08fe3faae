/**
 * Users: found or created by e-mail address (the CLI's bootstrap), the token owner's own
 * details for `GET /me`, and passwords (set by an operator, checked at login). E-mail addresses
 * are compared lower-cased. Invariants: only a scrypt hash of a password is stored; checking a
 * password costs the same whether or not the address belongs to a user with a password.
 */

import { createHash } from "node:crypto";
import type { Executor } from "../../db/connection.js";
import type { Problem } from "../../platform/catalogue/keys.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError, notFound } from "../../platform/errors.js";
import { hashForUnknownUser, hashPassword, passwordMatches } from "./password-hash.js";
import {
  anyUserExists,
  findCredentialsByEmail,
  findCredentialsById,
  findUserByEmail,
  findUserById,
  insertUser,
  type UserRow,
  updatePasswordHash,
} from "./store.js";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

export interface Me {
  first_name: string | null;
  last_name: string | null;
  email: string;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findOrCreateUser(deps: ServiceDeps, executor: Executor, email: string): Promise<UserRow> {
  const normalised = normaliseEmail(email);
  const existing = await findUserByEmail(executor, normalised);
  if (existing) return existing;
  return insertUser(executor, {
    email: normalised,
    first_name: null,
    last_name: null,
    created_at: deps.now().toISOString(),
  });
}

export async function findUserByEmailAddress(deps: ServiceDeps, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(deps.db, normaliseEmail(email));
}

export async function showMe(deps: ServiceDeps, userId: number): Promise<Me> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound("user");
  return { first_name: user.first_name, last_name: user.last_name, email: user.email };
}

export async function hasUsers(deps: ServiceDeps): Promise<boolean> {
  return anyUserExists(deps.db);
}

/** Counted in characters (code points), as a person counts them. */
function passwordProblem(password: string): Problem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return { key: "minCharactersLong", least: PASSWORD_MIN_LENGTH };
  if (length > PASSWORD_MAX_LENGTH) return { key: "maxCharactersLong", most: PASSWORD_MAX_LENGTH };
  return null;
}

/** Sets (or replaces) a user's password; every session of that user ends with it. */
export async function setPassword(deps: ServiceDeps, email: string, password: string): Promise<void> {
  const problem = passwordProblem(password);
  if (problem !== null) throw new ApiError("client.parameters.validation", { key: "password", problem });
  const user = await findCredentialsByEmail(deps.db, normaliseEmail(email));
  if (!user) throw new ApiError("client.not_found.resource", { key: "noUserWithEmail", email: normaliseEmail(email) });
  await updatePasswordHash(deps.db, user.id, await hashPassword(password));
}

/**
 * The user whose e-mail address and password these are, or null. An unknown address, a user
 * without a password and a wrong password all cost one scrypt check, so timing tells nothing.
 */
export async function verifyPassword(
  deps: ServiceDeps,
  email: string,
  password: string,
): Promise<{ userId: number; email: string } | null> {
  const user = await findCredentialsByEmail(deps.db, normaliseEmail(email));
  const stored = user?.password_hash ?? (await hashForUnknownUser());
  const matches = await passwordMatches(password, stored);
  return user && user.password_hash !== null && matches ? { userId: user.id, email: user.email } : null;
}

/**
 * What a login session needs of its user: the address to show, and a stamp of the current
 * password hash (not the hash) that sessions are signed with, so a new password ends them all.
 * Null when the user is gone or has no password.
 */
export async function findSessionUser(
  deps: ServiceDeps,
  userId: number,
): Promise<{ userId: number; email: string; passwordStamp: string } | null> {
  const user = await findCredentialsById(deps.db, userId);
  if (!user || user.password_hash === null) return null;
  const passwordStamp = createHash("sha256").update(user.password_hash).digest("base64url");
  return { userId: user.id, email: user.email, passwordStamp };
}
