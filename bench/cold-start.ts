/**
 * Cold start: the time from spawning `node bin/kasboek.js serve` (on an already migrated and seeded
 * database, the environment of bench/servers.ts) to the end of the first 200 answer to an authenticated GET (one invoice),
 * repeated `runs` times; the median is the figure, min and max are shown. Beside it, the same for
 * the bare Fastify baseline (bench/bare-server.ts, which answers that path at once): how long node
 * and Fastify alone take to start on this machine, the floor under Kasboek's figure.
 * Invariants: one server at a time, Kasboek and bare taking turns, each on a fresh free port and stopped (and awaited) before the
 * next start; the clock starts just before spawn() and stops when the 200 response's body has been
 * read; until then the URL is polled every POLL_MS (a refused connection or a non-200 answer means
 * "not yet"), so a figure can be up to POLL_MS late; a start that has no 200 within 20 s fails the
 * run. "Cold" is the process, not the disk: node, the code and the database are in the page cache.
 */
import { request as httpRequest } from "node:http";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort, HOST, startNode, stopServer } from "./processes.js";
import { BARE_ARGS, CLI, kasboekEnv, ROOT } from "./servers.js";

const POLL_MS = 2;
const TIMEOUT_MS = 20_000;

export interface StartTimes {
  medianMs: number;
  minMs: number;
  maxMs: number;
}

export interface ColdStart extends StartTimes {
  runs: number;
  /** the bare Fastify baseline's */
  bare: StartTimes;
}

/** The status of one GET, or 0 when the connection fails. */
function statusOf(port: number, path: string, token: string): Promise<number> {
  return new Promise((resolve) => {
    const request = httpRequest(
      { host: HOST, port, path, method: "GET", headers: { authorization: `Bearer ${token}` }, agent: false },
      (response) => {
        response.resume();
        response.once("end", () => resolve(response.statusCode ?? 0));
        response.once("error", () => resolve(0));
      },
    );
    request.once("error", () => resolve(0));
    request.end();
  });
}

async function oneStart(kasboek: boolean, databaseUrl: string, path: string, token: string): Promise<number> {
  const port = await freePort();
  const env = kasboek ? kasboekEnv(databaseUrl, port) : { ...process.env, PORT: String(port) };
  const args = kasboek ? [CLI, "serve"] : [...BARE_ARGS];
  const name = kasboek ? "Kasboek" : "bare";
  const started = performance.now();
  const server = startNode(`${name} (cold start)`, args, ROOT, env, port);
  try {
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`${name} exited during start:\n${server.stderrTail()}`);
      const status = await statusOf(port, path, token);
      if (status === 200) return performance.now() - started;
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`no 200 within ${TIMEOUT_MS} ms (last ${status})`);
      await sleep(POLL_MS);
    }
  } finally {
    await stopServer(server);
  }
}

function spread(times: number[]): StartTimes {
  times.sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  const median = times.length % 2 === 1 ? (times[middle] ?? 0) : ((times[middle - 1] ?? 0) + (times[middle] ?? 0)) / 2;
  return { medianMs: median, minMs: times[0] ?? 0, maxMs: times[times.length - 1] ?? 0 };
}

export async function coldStart(databaseUrl: string, path: string, token: string, runs: number): Promise<ColdStart> {
  const kasboek: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < runs; run++) {
    kasboek.push(await oneStart(true, databaseUrl, path, token));
    bare.push(await oneStart(false, databaseUrl, path, token));
  }
  return { ...spread(kasboek), runs, bare: spread(bare) };
}
