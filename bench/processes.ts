/**
 * Process plumbing for the benchmark: child servers bound to 127.0.0.1 on free ports, readiness
 * polling, peak RSS (VmHWM) and idleness (CPU time) from /proc, and cleanup. Every child, temp dir and registered cleanup
 * hook is released by `cleanup()`, which also runs on SIGINT/SIGTERM: children first, then the
 * hooks (each runs once, even if cleanup is called twice), then the temp dirs. On any other exit
 * the children are SIGKILLed, the hooks' synchronous variants run and the temp dirs are removed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
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

/** Something to release at the end, e.g. a database; `sync` is the fallback on a hard exit. */
export interface CleanupHook {
  name: string;
  run: () => Promise<void>;
  sync: () => void;
}

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const hooks = new Set<CleanupHook>();
const runningHooks = new Set<Promise<void>>();

/** Runs a hook that was still pending; `cleanup()` waits for it if it is still running. */
async function runHook(hook: CleanupHook): Promise<void> {
  if (!hooks.delete(hook)) return;
  const running = hook.run();
  runningHooks.add(running);
  try {
    await running;
  } finally {
    runningHooks.delete(running);
  }
}

/** Registers `hook` for `cleanup()`; call the returned function to run it now (once) instead. */
export function addCleanupHook(hook: CleanupHook): () => Promise<void> {
  hooks.add(hook);
  return () => runHook(hook);
}

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

function statusMb(pid: number, field: "VmHWM" | "VmRSS"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, "m").exec(status);
  if (match?.[1] === undefined) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number.parseInt(match[1], 10) / 1024;
}

/** Peak resident set size (VmHWM) of a live process, in MB. */
export function peakRssMb(pid: number): number {
  return statusMb(pid, "VmHWM");
}

/** Resident set size now (VmRSS) of a live process, in MB. */
export function residentMb(pid: number): number {
  return statusMb(pid, "VmRSS");
}

/** CPU time (user + system, in clock ticks of 10 ms) a live process has used so far. */
export function cpuTicks(pid: number): number {
  // the fields after the command name, which is in parentheses and may contain spaces
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

/** CPU time (clock ticks) a process's ended children used, once it waited for them. */
function endedChildrenTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(fields[13] ?? 0) + Number(fields[14] ?? 0);
}

/**
 * CPU time (clock ticks) used so far by the processes of a PostgreSQL server on this machine, or
 * undefined when none is visible (a server elsewhere). A backend or autovacuum worker that ends
 * between two readings is counted too: its time moves into its parent's ended-children time
 * (the postmaster waits for every child), which is added; without it a worker that ran during a
 * measured part and ended took its time with it, and the difference could come out negative.
 */
export function postgresCpuTicks(): number | undefined {
  let ticks: number | undefined;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/stat`, "utf8").includes(" (postgres) ")) continue;
      ticks = (ticks ?? 0) + cpuTicks(Number(entry)) + endedChildrenTicks(Number(entry));
    } catch {
      // the process ended while the list was read
    }
  }
  return ticks;
}

/**
 * Resolves once `server` has been idle for 300 ms — at most one clock tick (10 ms) of CPU per
 * 100 ms, and `othersIdle` (e.g. no database session running a statement) true — so requests a
 * finished load left in flight do not overlap the next measurement; gives up after `timeoutMs`.
 */
export async function waitUntilIdle(
  server: Server,
  othersIdle: () => Promise<boolean> = async () => true,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  let last = cpuTicks(server.pid);
  while (quiet < 3 && Date.now() < deadline) {
    await sleep(100);
    const now = cpuTicks(server.pid);
    quiet = now - last <= 1 && (await othersIdle()) ? quiet + 1 : 0;
    last = now;
  }
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

/** Stops one server started here (SIGTERM, then SIGKILL after 3 s). */
export async function stopServer(server: Server): Promise<void> {
  await stop(server.child);
  children.delete(server.child);
}

/**
 * Stops every child started here (SIGTERM, then SIGKILL after 3 s), runs the pending hooks and
 * removes the temp dirs. A failing hook is reported on stderr and does not stop the others.
 */
export async function cleanup(): Promise<void> {
  await Promise.all([...children].map((child) => stop(child)));
  children.clear();
  await Promise.allSettled([...runningHooks]);
  for (const hook of [...hooks]) {
    try {
      await runHook(hook);
    } catch (error) {
      process.stderr.write(`bench: cleanup of ${hook.name} failed: ${String(error)}\n`);
    }
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

function cleanupSync(): void {
  for (const child of children) if (isRunning(child)) child.kill("SIGKILL");
  for (const hook of hooks) {
    try {
      hook.sync();
    } catch (error) {
      process.stderr.write(`bench: cleanup of ${hook.name} failed: ${String(error)}\n`);
    }
  }
  hooks.clear();
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

/** Runs a bench's `main`: a failure is printed and sets exit code 1; children and temp files always go. */
export async function runBench(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}
