/**
 * Process plumbing for the benchmark: child servers bound to 127.0.0.1 on free ports, readiness
 * polling, peak RSS (VmHWM) from /proc, and cleanup. Every child and temp dir made here is
 * removed by `cleanup()`, which also runs on SIGINT/SIGTERM; on any other exit the children are
 * SIGKILLed and the temp dirs removed synchronously.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const HOST = "127.0.0.1";

export interface Server {
  name: string;
  pid: number;
  baseUrl: string;
  child: ChildProcess;
  stderrTail: () => string;
}

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** A TCP port that was free on 127.0.0.1 a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error("could not get a free port"))));
    });
  });
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Starts `node <args>` in `cwd`; stdout is ignored, the last 4 KB of stderr are kept for errors. */
export function startNode(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, port: number): Server {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "ignore", "pipe"] });
  children.add(child);
  let tail = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    tail = (tail + chunk).slice(-4096);
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start node`);
  return { name, pid: child.pid, baseUrl: `http://${HOST}:${port}`, child, stderrTail: () => tail };
}

/** Resolves once the server answers any HTTP request; fails if it exits or takes over `timeoutMs`. */
export async function waitUntilAnswers(server: Server, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(server.child)) {
      throw new Error(`${server.name} exited early (code ${server.child.exitCode}):\n${server.stderrTail()}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`${server.name} did not answer within ${timeoutMs} ms:\n${server.stderrTail()}`);
}

/** Peak resident set size (VmHWM) of a live process, in MB. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  if (match?.[1] === undefined) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number.parseInt(match[1], 10) / 1024;
}

async function stop(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const outcome = await Promise.race([exited.then(() => "exited"), sleep(3000).then(() => "timeout")]);
  if (outcome === "timeout" && isRunning(child)) {
    child.kill("SIGKILL");
    await exited;
  }
}

/** Stops every child started here (SIGTERM, then SIGKILL after 3 s) and removes the temp dirs. */
export async function cleanup(): Promise<void> {
  await Promise.all([...children].map((child) => stop(child)));
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

function cleanupSync(): void {
  for (const child of children) if (isRunning(child)) child.kill("SIGKILL");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

export function installExitHandlers(): void {
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      process.stderr.write(`\nbench: ${signal}, cleaning up\n`);
      void cleanup().finally(() => process.exit(code));
    });
  }
  process.once("exit", cleanupSync);
}
