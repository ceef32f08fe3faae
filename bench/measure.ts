/**
 * One measurement: an autocannon warm-up, then the measured autocannon run, against one server and
 * one target (method, path, body, expected status), then the server's peak RSS (VmHWM so far).
 * After the warm-up and after the run, `settle` waits until the requests autocannon left in flight
 * are done, so they neither overlap the measured run nor the next measurement.
 * Invariants: req/s is autocannon's mean per second; p50/p99 are computed here (nearest rank) from the response time of every response of the measured run, as autocannon
 * reports it per response in fractional milliseconds (its own latency histogram truncates to whole
 * ms); warm-up responses never enter the figures; any status other than the expected one, any
 * error or timeout, in warm-up or run, is recorded in `problems` (non-empty = flagged).
 */
import autocannon from "autocannon";
import { peakRssMb, type Server } from "./processes.js";
import type { Target } from "./scenarios.js";

/**
 * autocannon's per-request timeout (its default is 10 s): long enough that a slow but answering
 * server is measured (its time enters the percentiles) instead of flagged; a timeout means a hang.
 */
const REQUEST_TIMEOUT_SECONDS = 30;

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface Measurement {
  rps: number;
  /** milliseconds, fractional */
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  rssMb: number;
  /** Unexpected statuses, errors and timeouts of the warm-up and the run; non-empty = flagged. */
  problems: string[];
}

/** Nearest-rank percentile (`p` in 0–100) of ascending `sorted`; 0 for no samples. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/** Response times of one run, in ms, growing a typed array as responses arrive. */
export class Samples {
  private values = new Float64Array(1 << 16);
  length = 0;

  add(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

/** Load that is not measured: `seconds` of autocannon on `target`, e.g. to warm a fresh process up. */
export async function warmUp(
  server: Server,
  target: Target,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<void> {
  const body = target.body === undefined ? {} : { body: target.body };
  const url = `${server.baseUrl}${target.path}`;
  const timeout = REQUEST_TIMEOUT_SECONDS;
  await autocannon({ url, method: target.method, headers, connections, duration: seconds, timeout, ...body });
}

export async function measure(
  server: Server,
  target: Target,
  headers: Record<string, string>,
  settings: LoadSettings,
  settle: () => Promise<void> = async () => {},
): Promise<Measurement> {
  const options = {
    url: `${server.baseUrl}${target.path}`,
    method: target.method,
    headers,
    connections: settings.connections,
    timeout: REQUEST_TIMEOUT_SECONDS,
    ...(target.body === undefined ? {} : { body: target.body }),
  };
  const warmup = await autocannon({ ...options, duration: settings.warmupSeconds });
  await settle();
  const samples = new Samples();
  const run = autocannon({ ...options, duration: settings.durationSeconds });
  run.on("response", (_client, _status, _bytes, responseTime) => samples.add(responseTime));
  const result = await run;
  await settle();

  const problems: string[] = [];
  for (const [label, outcome] of [
    ["warm-up", warmup],
    ["run", result],
  ] as const) {
    for (const [status, stats] of Object.entries(outcome.statusCodeStats)) {
      if (Number(status) !== target.expectedStatus && stats !== undefined) {
        problems.push(`${label}: ${stats.count}× HTTP ${status}`);
      }
    }
    if (outcome.errors > 0) problems.push(`${label}: ${outcome.errors} errors`);
    if (outcome.timeouts > 0) problems.push(`${label}: ${outcome.timeouts} timeouts`);
  }
  if (result.requests.total === 0) problems.push("run: no responses");
  if (samples.length !== result.requests.total) {
    problems.push(`run: ${samples.length} timed responses, autocannon counted ${result.requests.total}`);
  }
  const sorted = samples.sorted();
  return {
    rps: result.requests.average,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    rssMb: peakRssMb(server.pid),
    problems,
  };
}
