/**
 * The settings of `npm run bench` (bench/run.ts), all from the environment, read once at start.
 * Invariants: every number is a positive integer (anything else stops the run before it measures);
 * BENCH_DATABASE_URL is unset/empty (SQLite only) or a postgres:// server URL; the scaling sizes are
 * ascending. Defaults keep a full run of bench/run.ts with PostgreSQL near 10 minutes on 2 cores;
 * the mixed workload's (bench/mixed.ts) are issue 27's: 200 companies of 500 invoices, 50 connections.
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
  /** the mixed multi-tenant workload (bench/mixed.ts) */
  mixed: {
    companies: positiveIntEnv("BENCH_MIXED_COMPANIES", 200),
    /** published invoices per company (at least 1: the one made through the API) */
    invoices: positiveIntEnv("BENCH_MIXED_INVOICES", 500),
    connections: positiveIntEnv("BENCH_MIXED_CONNECTIONS", 50),
    /** every run is measured in this many rounds, taking turns with the runs it is compared with */
    rounds: positiveIntEnv("BENCH_MIXED_ROUNDS", 6),
    /** per round: an unmeasured warm-up, then the measured part */
    warmupSeconds: positiveIntEnv("BENCH_MIXED_WARMUP_SECONDS", 2),
    durationSeconds: positiveIntEnv("BENCH_MIXED_DURATION_SECONDS", 5),
  },
  /** also the ride scenarios (not in issue 13's table) */
  rides: flagEnv("BENCH_RIDES"),
  /** write bench/RESULTS.md (also `--write-results`) */
  writeResults: flagEnv("BENCH_WRITE_RESULTS") || process.argv.includes("--write-results"),
} satisfies Record<string, unknown> & {
  read: LoadSettings;
  write: LoadSettings;
  scale: LoadSettings;
  mixed: LoadSettings & { companies: number; invoices: number; rounds: number };
};
