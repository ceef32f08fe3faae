/**
 * A Kasboek server process on the run's database, as production runs a second instance: its own
 * connections, its own event loop. (Two SQLite connections in one process would wait on each
 * other's write lock while blocking the event loop both need.) Stopped with `stop()` or when the
 * test process ends.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";

const HOST = "127.0.0.1";
const START_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  stop: () => void;
  /** SIGKILL, as a power cut */
  kill: () => void;
  /** resolves when the process has ended, with its signal if one ended it */
  exited: Promise<NodeJS.Signals | null>;
}

export interface ServerProcessOptions {
  /** a module the process loads before Kasboek (`node --import`), e.g. crash-points.mjs */
  preload?: string;
}

/** A TCP port on 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `kasboek serve` from the sources and resolves once it answers. */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const preload = options.preload === undefined ? [] : ["--import", options.preload];
  const child = spawn(process.execPath, [...preload, inject("cliEntry"), "serve"], {
    env: { ...process.env, DATABASE_URL: inject("databaseUrl"), PORT: String(port), HOST, LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    child.kill("SIGTERM");
  };
  process.once("exit", stop);
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once("exit", (_code, signal) => resolve(signal)),
  );
  const url = `http://${HOST}:${port}`;
  // seconds on a loaded two-core machine
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server process exited with ${child.exitCode} while starting`);
    const answers = await fetch(`${url}/api/v1/me`).then(
      () => true,
      () => false,
    );
    if (answers) return { url, stop, kill: () => child.kill("SIGKILL"), exited };
    await sleep(50);
  }
  stop();
  throw new Error(`the server process did not answer within ${START_TIMEOUT_MS / 1000} s`);
}
