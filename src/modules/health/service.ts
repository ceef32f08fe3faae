/**
 * Liveness and readiness. Invariants:
 * - live means only that the process answers; it never touches the database, so a database
 *   outage does not make an orchestrator restart every healthy process;
 * - ready means this process can serve: not shutting down, the database answers, every migration
 *   this build knows is applied, and every extra check (Redis, when configured) passes; the
 *   first failure found is named in plain words, for anyone who can reach the probe: a
 *   library's error text (hosts, internals) goes only with `cause`, to the log;
 * - every check is bounded by a timeout, so a hung dependency makes the probe fail, not hang.
 */
import { pendingMigrations } from "../../db/migrate.js";
import type { Message } from "../../platform/catalogue/keys.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { pingDatabase } from "./store.js";

/** One more thing readiness waits for (e.g. Redis); `probe` rejects when it is not usable. */
export interface ReadinessCheck {
  name: string;
  probe: () => Promise<unknown>;
}

export type Readiness = { ready: true } | { ready: false; reason: Message; cause?: unknown };

const CHECK_TIMEOUT_MS = 2_000;

async function within<Result>(work: Promise<Result>, timeoutMs: number): Promise<Result> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(
  deps: ServiceDeps,
  state: { shuttingDown: boolean; checks: readonly ReadinessCheck[] },
): Promise<Readiness> {
  if (state.shuttingDown) return { ready: false, reason: { key: "shuttingDown" } };
  try {
    await within(pingDatabase(deps.db), CHECK_TIMEOUT_MS);
  } catch (error) {
    return { ready: false, reason: { key: "databaseSilent" }, cause: error };
  }
  let pending: string[];
  try {
    pending = await within(pendingMigrations(deps.db), CHECK_TIMEOUT_MS);
  } catch (error) {
    return { ready: false, reason: { key: "migrationStateUnreadable" }, cause: error };
  }
  if (pending.length > 0) {
    return { ready: false, reason: { key: "migrationsPending", migrations: pending } };
  }
  for (const check of state.checks) {
    try {
      await within(check.probe(), CHECK_TIMEOUT_MS);
    } catch (error) {
      return { ready: false, reason: { key: "dependencyUnavailable", name: check.name }, cause: error };
    }
  }
  return { ready: true };
}
