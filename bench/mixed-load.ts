/**
 * The load generator of the mixed workload: `connections` keep-alive HTTP/1.1 connections, each
 * a loop that sends the next request of its ConnectionWorkload (bench/mixed-workload.ts), waits
 * for the whole answer, records it and sends the next. A run is measured in rounds (bench/mixed.ts
 * takes turns between the runs it compares); each round is a warm-up, then the measured part, and
 * `summarise` makes a run's figures from all of its rounds' responses. (autocannon cannot keep a
 * write sequence per connection nor tell which kind a response was.)
 * Invariants:
 * - one request in flight per connection, on its own socket (an Agent of one socket each); a
 *   phase ends when every loop has had its last answer, so nothing of the warm-up overlaps the
 *   run and nothing is left in flight after it;
 * - a response's time runs from just before the request is written to its last byte, in
 *   fractional milliseconds (performance.now), measured in this process, so it includes the
 *   harness's own event-loop delay; req/s is the responses of the measured parts over their wall
 *   time, p50/p99 nearest-rank over all of them;
 * - every status is checked against the call's, every write's answer against its sequence; an
 *   unexpected status, a failed check, a connection error or a timeout (30 s) is a problem
 *   (non-empty = flagged), in the warm-up as in the run; the sequence then starts over.
 */
import { Agent, request } from "node:http";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { percentile, Samples } from "./measure.js";
import type { MixedCompany } from "./mixed-seed.js";
import { type Call, ConnectionWorkload, KINDS, type Kind, OPERATIONS, type Operation } from "./mixed-workload.js";
import { cpuTicks, peakRssMb, postgresCpuTicks, type Server } from "./processes.js";

const REQUEST_TIMEOUT_MS = 30_000;
/** /proc's clock tick (USER_HZ, 100 on Linux) */
const TICK_MS = 10;

export interface MixedLoad {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  readsOnly: boolean;
  /** whether the server's database is a PostgreSQL server on this machine, whose CPU is measured too */
  localPostgres: boolean;
}

export interface Figures {
  count: number;
  rps: number;
  p50: number;
  p99: number;
  /** mean response body size */
  bytes: number;
}

export interface MixedResult {
  rps: number;
  responses: number;
  seconds: number;
  kinds: Record<Kind, Figures>;
  operations: Map<Operation, Figures>;
  /** the peak RSS (VmHWM) of its server process after its last round (the highest, were there several) */
  rssMb: number;
  /** the load generator's CPU time over the run's wall time (1.0 = one core) */
  harnessCpu: number;
  /** the machine's 1-minute load average as the run's measured part started (the highest of its rounds) */
  loadAtStart: number;
  /** the server process's CPU time per response of the measured parts, in ms */
  serverCpuMsPerResponse: number;
  /** the local PostgreSQL server's CPU time per response, in ms; undefined on SQLite or a remote server */
  databaseCpuMsPerResponse: number | undefined;
  problems: string[];
}

interface Reply {
  status: number;
  bytes: number;
  body: string;
}

/** One request on `agent`'s socket; the body is kept only for writes (their answers are checked). */
function send(server: URL, agent: Agent, call: Call): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${call.token}` };
  if (call.body !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(call.body));
  }
  const keep = call.answer !== undefined;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: server.hostname, port: server.port, method: call.method, path: call.path, headers, agent },
      (incoming) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (keep) chunks.push(chunk);
        });
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode ?? 0, bytes, body: keep ? Buffer.concat(chunks).toString() : "" }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => outgoing.destroy(new Error("timeout after 30 s")));
    outgoing.on("error", reject);
    outgoing.end(call.body);
  });
}

/** What one phase saw: times per operation, problems counted by text. */
export class Recorder {
  readonly samples = new Map<Operation, Samples>();
  readonly bytes = new Map<Operation, number>();
  readonly problems = new Map<string, number>();
  responses = 0;

  record(call: Call, ms: number, bytes: number): void {
    let samples = this.samples.get(call.operation);
    if (samples === undefined) {
      samples = new Samples();
      this.samples.set(call.operation, samples);
    }
    samples.add(ms);
    this.bytes.set(call.operation, (this.bytes.get(call.operation) ?? 0) + bytes);
    this.responses += 1;
  }

  problem(text: string): void {
    this.problems.set(text, (this.problems.get(text) ?? 0) + 1);
  }
}

async function loop(
  server: URL,
  agent: Agent,
  workload: ConnectionWorkload,
  until: number,
  recorder: Recorder,
): Promise<void> {
  while (performance.now() < until) {
    const call = workload.next();
    const label = `${call.method} ${OPERATIONS[call.operation].label}`;
    const started = performance.now();
    let reply: Reply;
    try {
      reply = await send(server, agent, call);
    } catch (error) {
      recorder.problem(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      workload.reset();
      continue;
    }
    recorder.record(call, performance.now() - started, reply.bytes);
    if (reply.status !== call.expectedStatus) {
      recorder.problem(`${label}: HTTP ${reply.status}`);
      workload.reset();
      continue;
    }
    const problem = call.answer?.(reply.body);
    if (problem !== undefined) {
      recorder.problem(`${label}: ${problem}`);
      workload.reset();
    }
  }
}

function figures(samples: Samples, bytes: number, seconds: number): Figures {
  const sorted = samples.sorted();
  return {
    count: sorted.length,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    bytes: sorted.length === 0 ? 0 : bytes / sorted.length,
  };
}

/** One round of one run: a warm-up, then the measured part. */
export interface Round {
  recorder: Recorder;
  warmupProblems: Map<string, number>;
  seconds: number;
  cpuMs: number;
  rssMb: number;
  loadAtStart: number;
  /** the server process's CPU time in the measured part */
  serverCpuMs: number;
  /** the local PostgreSQL server's CPU time in the measured part, when it is on this machine */
  databaseCpuMs: number | undefined;
}

/**
 * A round of the mixed workload (or its reads) against `server`: its connections ask the requests
 * of round `round` (the same for every server in that round).
 */
export async function runRound(
  server: Server,
  companies: readonly MixedCompany[],
  today: string,
  load: MixedLoad,
  round: number,
): Promise<Round> {
  const url = new URL(server.baseUrl);
  const agents = Array.from({ length: load.connections }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const workloads = agents.map((_, index) => new ConnectionWorkload(index, round, companies, today, load.readsOnly));
  const phase = async (seconds: number, recorder: Recorder) => {
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      agents.map((agent, index) => {
        const workload = workloads[index];
        return workload === undefined ? undefined : loop(url, agent, workload, until, recorder);
      }),
    );
  };
  try {
    const warmup = new Recorder();
    await phase(load.warmupSeconds, warmup);
    const loadAtStart = loadavg()[0] ?? 0;
    const recorder = new Recorder();
    const cpu = process.cpuUsage();
    const serverTicks = cpuTicks(server.pid);
    const databaseTicks = load.localPostgres ? postgresCpuTicks() : undefined;
    const started = performance.now();
    await phase(load.durationSeconds, recorder);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const databaseTicksAfter = load.localPostgres ? postgresCpuTicks() : undefined;
    return {
      recorder,
      warmupProblems: warmup.problems,
      seconds,
      cpuMs: (used.user + used.system) / 1000,
      rssMb: peakRssMb(server.pid),
      loadAtStart,
      serverCpuMs: (cpuTicks(server.pid) - serverTicks) * TICK_MS,
      databaseCpuMs:
        databaseTicks === undefined || databaseTicksAfter === undefined
          ? undefined
          : (databaseTicksAfter - databaseTicks) * TICK_MS,
    };
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

/** The figures of a run from its rounds: every response of every round counts once. */
export function summarise(rounds: readonly Round[]): MixedResult {
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  const merged = (operations: (operation: Operation) => boolean) => {
    const samples = new Samples();
    let bytes = 0;
    for (const { recorder } of rounds) {
      for (const [operation, some] of recorder.samples) {
        if (!operations(operation)) continue;
        for (const value of some.sorted()) samples.add(value);
        bytes += recorder.bytes.get(operation) ?? 0;
      }
    }
    return figures(samples, bytes, seconds);
  };
  const operations = new Map<Operation, Figures>();
  for (const operation of Object.keys(OPERATIONS) as Operation[]) {
    const result = merged((other) => other === operation);
    if (result.count > 0) operations.set(operation, result);
  }
  const kinds = Object.fromEntries(
    KINDS.map((kind) => [kind, merged((operation) => OPERATIONS[operation].kind === kind)]),
  ) as Record<Kind, Figures>;
  const problems = new Map<string, number>();
  const count = (label: string, found: Map<string, number>) => {
    for (const [text, times] of found)
      problems.set(`${label}: ${text}`, (problems.get(`${label}: ${text}`) ?? 0) + times);
  };
  for (const round of rounds) {
    count("warm-up", round.warmupProblems);
    count("run", round.recorder.problems);
  }
  const responses = rounds.reduce((sum, round) => sum + round.recorder.responses, 0);
  const texts = [...problems].map(([text, times]) => `${times}× ${text}`);
  if (rounds.some((round) => round.recorder.responses === 0)) texts.push("a round without responses");
  return {
    rps: responses / seconds,
    responses,
    seconds,
    kinds,
    operations,
    rssMb: Math.max(...rounds.map((round) => round.rssMb)),
    harnessCpu: rounds.reduce((sum, round) => sum + round.cpuMs, 0) / (seconds * 1000),
    loadAtStart: Math.max(...rounds.map((round) => round.loadAtStart)),
    serverCpuMsPerResponse: rounds.reduce((sum, round) => sum + round.serverCpuMs, 0) / responses,
    databaseCpuMsPerResponse: rounds.some((round) => round.databaseCpuMs === undefined)
      ? undefined
      : rounds.reduce((sum, round) => sum + (round.databaseCpuMs ?? 0), 0) / responses,
    problems: texts,
  };
}
