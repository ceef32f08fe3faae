/**
 * The settings of `npm run bench` (bench/run.ts), all from the environment, read once at start.
 * Invariants: every number is a positive integer (anything else stops the run before it measures);
 * BENCH_DATABASE_URL is unset/empty (SQLite only) or a postgres:// server URL; the scaling sizes are
 * ascending. Defaults keep a full run with PostgreSQL near 10 minutes on 2 cores.
 */
import type { LoadSettings } from "./measure.js";

function positiveIntEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function flagEnv(name: string): boolean {
  const raw = process.env[name];
  return raw !== undefined && raw !== "" && raw !== "0" && raw !== "false";
}

/** The PostgreSQL server to also benchmark on, or undefined for SQLite only. */
function postgresServerUrl(): string | undefined {
  const raw = process.env.BENCH_DATABASE_URL;
  if (raw === undefined || raw === "") return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new Error(`BENCH_DATABASE_URL must be a postgres:// server URL, got "${raw}"`);
  }
  return raw;
}

function sizesEnv(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const sizes = raw.split(",").map((part) => Number(part.trim()));
  if (sizes.some((size, index) => !Number.isInteger(size) || size < 100 || size <= (sizes[index - 1] ?? 0))) {
    throw new Error(`${name} must be ascending integers of at least 100, e.g. "1000,10000,100000", got "${raw}"`);
  }
  return sizes;
}

const duration = positiveIntEnv("BENCH_DURATION_SECONDS", 10);
const warmup = positiveIntEnv("BENCH_WARMUP_SECONDS", 2);

export const SETTINGS = {
  postgresUrl: postgresServerUrl(),
  /** GET one invoice and list 100: the p99 row of the issue is "at 50 connections" */
  read: { connections: positiveIntEnv("BENCH_CONNECTIONS", 50), warmupSeconds: warmup, durationSeconds: duration },
  /** create + publish (and create a ride) */
  write: {
    connections: positiveIntEnv("BENCH_WRITE_CONNECTIONS", 10),
    warmupSeconds: warmup,
    durationSeconds: duration,
  },
  /** every scaling row, at every size */
  scale: {
    connections: positiveIntEnv("BENCH_SCALE_CONNECTIONS", 10),
    warmupSeconds: positiveIntEnv("BENCH_SCALE_WARMUP_SECONDS", 1),
    durationSeconds: positiveIntEnv("BENCH_SCALE_DURATION_SECONDS", 5),
  },
  scaleSizes: sizesEnv("BENCH_SCALE_SIZES", [1_000, 10_000, 100_000]),
  coldStarts: positiveIntEnv("BENCH_COLD_STARTS", 5),
  /** also the ride scenarios (not in issue 13's table) */
  rides: flagEnv("BENCH_RIDES"),
  /** write bench/RESULTS.md (also `--write-results`) */
  writeResults: flagEnv("BENCH_WRITE_RESULTS") || process.argv.includes("--write-results"),
} satisfies Record<string, unknown> & { read: LoadSettings; write: LoadSettings; scale: LoadSettings };
