/**
 * SQL for `instance_settings` (the stored session secret) and `login_throttles` (failed-attempt
 * counters). Invariant: every read-modify-write here is one statement — an insert that loses a
 * race does nothing, a counter moves in an upsert — so any number of processes on one database
 * agree without locks. Date-times are ISO UTC strings, which compare correctly as text on SQLite
 * and as timestamptz on PostgreSQL.
 *
 * A throttle row counts in one of two ways, told apart by its key's kind: in windows with one
 * block (`countAttempt`, `window_started_at` is the window's start), or with back-off
 * (`countAttemptWithBackOff`, `window_started_at` is when the key last fell quiet: its last
 * attempt, or the end of the block that attempt began). Either way a row that blocks nothing and
 * whose window started before the last one ended counts nothing any more.
 */
import { sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { dateTimeValue } from "../../db/dialect.js";

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

export interface BackOffTimes {
  now: string;
  /** a key quiet since at or before this counts from 1 again */
  windowEndedBefore: string;
  /** the failure that begins the first block */
  limit: number;
  /** when the block begun by failure `limit` ends, by `limit + 1`, …; the last for every later one */
  blockEnds: readonly string[];
}

/**
 * Counts one attempt for `key` with back-off, unless the key is blocked: then nothing changes
 * and the answer is the end of its block. A counted attempt from the `limit`-th on begins the
 * next, longer block at once; the caller takes it back (`forgetAttempts`) when it succeeds.
 * Answers null when the attempt was counted.
 */
export async function countAttemptWithBackOff(
  executor: Executor,
  key: string,
  times: BackOffTimes,
): Promise<string | null> {
  const last = times.blockEnds.length - 1;
  const blockEnd = (index: number) => dateTimeValue(executor, times.blockEnds[Math.min(index, last)] ?? times.now);
  const failures = sql<number>`(case when login_throttles.window_started_at <= ${times.windowEndedBefore} then 1
    else login_throttles.failures + 1 end)`;
  // the block the counted failure begins: none before `limit`, then each entry of blockEnds in turn
  const block = sql<string | null>`case when ${failures} < ${times.limit} then null
      ${sql.join(
        times.blockEnds
          .slice(0, last)
          .map((_, index) => sql`when ${failures} = ${times.limit + index} then ${blockEnd(index)}`),
        sql` `,
      )}
      else ${blockEnd(last)} end`;
  const firstBlock = times.limit <= 1 ? (times.blockEnds[0] ?? null) : null;
  const counted = await tables(executor)
    .insertInto("login_throttles")
    .values({ key, failures: 1, window_started_at: firstBlock ?? times.now, blocked_until: firstBlock })
    .onConflict((conflict) =>
      conflict
        .column("key")
        .doUpdateSet({
          failures,
          window_started_at: sql<string>`coalesce(${block}, ${dateTimeValue(executor, times.now)})`,
          blocked_until: block,
        })
        .where(sql<boolean>`login_throttles.blocked_until is null or login_throttles.blocked_until <= ${times.now}`),
    )
    .returning("failures")
    .executeTakeFirst();
  if (counted !== undefined) return null;
  const row = await tables(executor)
    .selectFrom("login_throttles")
    .select("blocked_until")
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.blocked_until ?? times.now;
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
 * Deletes counters that no longer count: no block in force, and the window started before the
 * last one ended. `countAttempt` and `countAttemptWithBackOff` start such a row again at 1, so
 * deleting it changes nothing. (A back-off row whose block has just passed still counts: its
 * window starts at the block's end.)
 */
export async function deleteSpentThrottles(
  executor: Executor,
  times: { now: string; windowEndedBefore: string },
): Promise<number> {
  const result = await tables(executor)
    .deleteFrom("login_throttles")
    .where((eb) =>
      eb.and([
        eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<=", times.now)]),
        eb("window_started_at", "<=", times.windowEndedBefore),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
