/**
 * SQL for the `users` table. Users are global (not tenant data): a user belongs to companies
 * through memberships. The password hash is read only by the credential functions below, so it
 * never travels with an ordinary `UserRow`.
 */
import type { Generated, Selectable } from "kysely";
import type { Executor } from "../../db/connection.js";

interface UsersTable {
  id: Generated<number>;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;

type UserTables = {
  users: UsersTable;
};

function users(executor: Executor) {
  return executor.withTables<UserTables>();
}

export async function findUserById(executor: Executor, userId: number): Promise<UserRow | undefined> {
  return users(executor).selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

export async function findUserByEmail(executor: Executor, email: string): Promise<UserRow | undefined> {
  return users(executor).selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function insertUser(
  executor: Executor,
  values: { email: string; first_name: string | null; last_name: string | null; created_at: string },
): Promise<UserRow> {
  return users(executor).insertInto("users").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function anyUserExists(executor: Executor): Promise<boolean> {
  const row = await users(executor).selectFrom("users").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A user's login credentials; `password_hash` is null until a password is set. */
export interface UserCredentials {
  id: number;
  email: string;
  password_hash: string | null;
}

type CredentialTables = {
  users: { id: Generated<number>; email: string; password_hash: string | null };
};

function credentials(executor: Executor) {
  return executor.withTables<CredentialTables>();
}

export async function findCredentialsByEmail(executor: Executor, email: string): Promise<UserCredentials | undefined> {
  return credentials(executor)
    .selectFrom("users")
    .select(["id", "email", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();
}

export async function findCredentialsById(executor: Executor, userId: number): Promise<UserCredentials | undefined> {
  return credentials(executor)
    .selectFrom("users")
    .select(["id", "email", "password_hash"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

export async function updatePasswordHash(executor: Executor, userId: number, passwordHash: string): Promise<void> {
  await credentials(executor)
    .updateTable("users")
    .set({ password_hash: passwordHash })
    .where("id", "=", userId)
    .execute();
}
