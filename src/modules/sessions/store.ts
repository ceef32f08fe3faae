/**
 * SQL for `instance_settings` (the stored session secret) and `login_throttles` (failed-login
 * counters). Invariant: every read-modify-write here is one statement — an insert that loses a
 * race does nothing, a counter moves in an upsert — so any number of processes on one database
 * agree without locks. Date-times are ISO UTC strings, which compare correctly as text on SQLite
 * and as timestamptz on PostgreSQL.
 */
import { sql } from "kysely";
import type { Executor } from "../../db/connection.js";

type SessionTables = {
  instance_settings: { name: string; value: string };
  login_throttles: { key: string; failures: number; window_started_at: string; blocked_until: string | null };
};

function tables(executor: Executor) {
  return executor.withTables<SessionTables>();
}

/** Stores `value` under `name` unless a value is there already; returns the value that is. */
export async function settingOrInsert(executor: Executor, name: string, value: string): Promise<string> {
  await tables(executor)
    .insertInto("instance_settings")
    .values({ name, value })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await tables(executor)
    .selectFrom("instance_settings")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}

export interface AttemptTimes {
  now: string;
  /** a window that started at or before this has ended */
  windowEndedBefore: string;
  /** when a block that starts now ends */
  blockedUntil: string;
}

/**
 * Counts one login attempt for `key` and returns the row as it is afterwards. While blocked the
 * row stays as it is; after the window or a block has passed, counting starts again at 1; the
 * attempt that goes over `limit` starts a block.
 */
export async function countAttempt(
  executor: Executor,
  key: string,
  limit: number,
  times: AttemptTimes,
): Promise<{ failures: number; blocked_until: string | null }> {
  const blocked = sql<boolean>`login_throttles.blocked_until is not null and login_throttles.blocked_until > ${times.now}`;
  const restarts = sql<boolean>`login_throttles.window_started_at <= ${times.windowEndedBefore} or login_throttles.blocked_until is not null`;
  return tables(executor)
    .insertInto("login_throttles")
    .values({ key, failures: 1, window_started_at: times.now, blocked_until: null })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        failures: sql<number>`case when ${blocked} then login_throttles.failures
          when ${restarts} then 1 else login_throttles.failures + 1 end`,
        window_started_at: sql<string>`case when ${blocked} then login_throttles.window_started_at
          when ${restarts} then ${times.now} else login_throttles.window_started_at end`,
        blocked_until: sql<string | null>`case when ${blocked} then login_throttles.blocked_until
          when ${restarts} then null
          when login_throttles.failures + 1 > ${limit} then ${times.blockedUntil} else null end`,
      }),
    )
    .returning(["failures", "blocked_until"])
    .executeTakeFirstOrThrow();
}

/** Takes back one counted attempt (it turned out to be a success). */
export async function uncountAttempt(executor: Executor, key: string): Promise<void> {
  await tables(executor)
    .updateTable("login_throttles")
    .set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` })
    .where("key", "=", key)
    .where("blocked_until", "is", null)
    .execute();
}

export async function forgetAttempts(executor: Executor, key: string): Promise<void> {
  await tables(executor).deleteFrom("login_throttles").where("key", "=", key).execute();
}

/**
 * Deletes counters that no longer count: the block has passed, or there is no block and the
 * window has ended. `countAttempt` starts such a row again at 1, so deleting it changes nothing.
 */
export async function deleteSpentThrottles(
  executor: Executor,
  times: { now: string; windowEndedBefore: string },
): Promise<number> {
  const result = await tables(executor)
    .deleteFrom("login_throttles")
    .where((eb) =>
      eb.or([
        eb("blocked_until", "<=", times.now),
        eb.and([eb("blocked_until", "is", null), eb("window_started_at", "<=", times.windowEndedBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
