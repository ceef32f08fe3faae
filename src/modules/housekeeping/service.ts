/**
 * Periodic deletion of rows that no longer mean anything: spent login throttles, OAuth codes
 * and access tokens a day past expiry, idempotency records past their 24 h. Invariants:
 * - this module owns no table: each deletion is done by the module that owns the rows, through
 *   its service.ts, and decides itself what "expired" means;
 * - every deletion is one idempotent statement, so several processes may run housekeeping on one
 *   database at the same time without coordination; a task that fails is logged and the others
 *   still run, and the next round tries again;
 * - the timer never keeps the process alive, runs one round at a time, and `stop()` waits for a
 *   round in flight, so shutdown can close the database after it;
 * - the first round runs at once unless `firstRoundAfterMs` says otherwise (`kasboek serve` waits,
 *   so a fresh process answers its first requests without deletions on the same connection).
 */
import type { ServiceDeps } from "../../platform/deps.js";
import { removeExpiredIdempotencyRecords } from "../idempotency/service.js";
import { removeExpiredAuthorizationCodes } from "../oauth/service.js";
import { removeSpentLoginThrottles } from "../sessions/service.js";
import { removeExpiredTokens } from "../tokens/service.js";

export interface HousekeepingTask {
  name: string;
  /** deletes what has expired; returns how many rows went */
  run: (deps: ServiceDeps) => Promise<number>;
}

/** A new kind of expiring row is one line here, with its deletion in its own module's service. */
export const HOUSEKEEPING_TASKS: readonly HousekeepingTask[] = [
  { name: "login_throttles", run: removeSpentLoginThrottles },
  { name: "oauth_codes", run: removeExpiredAuthorizationCodes },
  { name: "api_tokens", run: removeExpiredTokens },
  { name: "idempotency_records", run: removeExpiredIdempotencyRecords },
];

export interface HousekeepingLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Rows deleted per task; a task that failed is absent. */
export type HousekeepingResult = Record<string, number>;

export async function runHousekeeping(
  deps: ServiceDeps,
  log?: HousekeepingLog,
  tasks: readonly HousekeepingTask[] = HOUSEKEEPING_TASKS,
): Promise<HousekeepingResult> {
  const result: HousekeepingResult = {};
  for (const task of tasks) {
    try {
      result[task.name] = await task.run(deps);
    } catch (error) {
      log?.error({ err: error, task: task.name }, "housekeeping task failed; retried next round");
    }
  }
  return result;
}

export interface Housekeeper {
  stop(): Promise<void>;
}

export interface HousekeepingSchedule {
  /** delay before the first round; 0 (the default): at once */
  firstRoundAfterMs?: number;
}

/** Runs housekeeping after `firstRoundAfterMs` (default: now) and every `intervalMs` until stopped. */
export function startHousekeeping(
  deps: ServiceDeps,
  intervalMs: number,
  log?: HousekeepingLog,
  schedule: HousekeepingSchedule = {},
): Housekeeper {
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  const round = (): void => {
    if (stopped) return;
    running = runHousekeeping(deps, log)
      .then((result) => {
        if (Object.values(result).some((count) => count > 0)) log?.info({ deleted: result }, "housekeeping done");
      })
      .finally(() => {
        running = null;
        if (stopped) return;
        timer = setTimeout(round, intervalMs);
        // housekeeping alone must not keep the process alive
        timer.unref();
      });
  };

  const firstRoundAfterMs = schedule.firstRoundAfterMs ?? 0;
  if (firstRoundAfterMs > 0) {
    timer = setTimeout(round, firstRoundAfterMs);
    timer.unref();
  } else {
    round();
  }
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
