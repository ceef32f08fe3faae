/**
 * Users: found or created by e-mail address (the CLI's bootstrap), and the token owner's own
 * details for `GET /me`. E-mail addresses are compared lower-cased.
 */
import type { Executor } from "../../db/connection.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound } from "../../platform/errors.js";
import { anyUserExists, findUserByEmail, findUserById, insertUser, type UserRow } from "./store.js";

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
  if (!user) throw notFound("User");
  return { first_name: user.first_name, last_name: user.last_name, email: user.email };
}

export async function hasUsers(deps: ServiceDeps): Promise<boolean> {
  return anyUserExists(deps.db);
}
