/**
 * SQL for the `users` table. Users are global (not tenant data): a user belongs to companies
 * through memberships.
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
