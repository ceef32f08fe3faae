/**
 * bench/RESULTS.md: the machine a run was made on and the tables it printed. bench/run.ts writes
 * the file (replacing it) when SETTINGS.writeResults is set; bench/books.ts then appends its own
 * tables under the same setting (BENCH_WRITE_RESULTS=1), so `BENCH_WRITE_RESULTS=1 npm run bench`
 * leaves one file with everything. Invariants: the machine is read at the time of the run (CPU
 * model from /proc/cpuinfo, logical cores, RAM, kernel, load average, Node, database versions, the
 * commit HEAD pointed at and the last commit that changed src/, i.e. whose server was measured —
 * uncommitted changes are not described); nothing here measures.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const RESULTS_FILE = join(fileURLToPath(new URL(".", import.meta.url)), "RESULTS.md");

function cpuModel(): string {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"));
    if (match?.[1] !== undefined) return match[1].trim();
  } catch {
    // not Linux: fall back to what Node knows
  }
  return cpus()[0]?.model ?? "unknown CPU";
}

/** `git` with `args` (short output, trimmed), or "unknown" outside a repository. */
function git(args: string[]): string {
  try {
    return execFileSync("git", args, { encoding: "utf8" }).trim() || "unknown";
  } catch {
    return "unknown";
  }
}

/** A Markdown list describing this machine and run; `databases` are version strings. */
export function machineDescription(databases: readonly string[], settings: string): string {
  return [
    `- Date: ${new Date().toISOString()}`,
    `- CPU: ${cpuModel()}, ${cpus().length} logical cores`,
    `- RAM: ${(totalmem() / 1024 ** 3).toFixed(1)} GiB; Linux ${release()}`,
    `- Load average at the start (1, 5, 15 min): ${loadavg()
      .map((load) => load.toFixed(2))
      .join(", ")} (other work on the machine shares the cores)`,
    `- Node ${process.version}; ${databases.join("; ")}`,
    `- Code: commit ${git(["rev-parse", "--short", "HEAD"])} (plus any uncommitted changes in the working tree); ` +
      `the server's code (src/) last changed in ${git(["log", "-1", "--format=%h", "--", "src"])}`,
    `- Settings: ${settings}`,
  ].join("\n");
}

export function writeResults(sections: readonly string[]): void {
  writeFileSync(RESULTS_FILE, `${sections.join("\n\n")}\n`);
  console.log(`wrote ${RESULTS_FILE}`);
}

export function appendResults(sections: readonly string[]): void {
  appendFileSync(RESULTS_FILE, `\n${sections.join("\n\n")}\n`);
  console.log(`appended to ${RESULTS_FILE}`);
}
