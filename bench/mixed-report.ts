/**
 * Printing the mixed workload (bench/mixed.ts): a progress line per run, and per database four
 * Markdown tables: the mixed runs by kind, the mixed runs per request, the reads against the raw
 * driver, and those reads per request. Invariants: latencies in ms with two decimals, req/s whole;
 * every ratio is a run's req/s over the raw driver's in the same database's reads-only run; the
 * goal (≥ 0.70 of raw, issue 27) is "yes" only when neither run is flagged; a run with any problem says FLAGGED with all of them. Pure
 * formatting: nothing is measured here.
 */
import type { Figures, MixedResult, Round } from "./mixed-load.js";
import { KINDS, OPERATIONS, type Operation, READ_OPERATIONS } from "./mixed-workload.js";

export const READ_GOAL = 0.7;

export interface MixedRun {
  label: string;
  result: MixedResult;
}

export interface MixedDatabase {
  title: string;
  /** the mixed workload on Kasboek */
  mixed: MixedRun[];
  /** the reads only: the raw driver answering padded bodies, the raw driver answering its rows as JSON, Kasboek */
  reads: { raw: MixedRun; rows: MixedRun; kasboek: MixedRun };
}

const ms = (value: number): string => value.toFixed(2);
const latency = (figures: Figures | undefined): string =>
  figures === undefined || figures.count === 0 ? "–" : `${ms(figures.p50)} / ${ms(figures.p99)}`;
const check = (result: MixedResult): string =>
  result.problems.length === 0 ? "ok" : `**FLAGGED**: ${result.problems.join("; ")}`;

export function isMixedFlagged(database: MixedDatabase): boolean {
  const { raw, rows, kasboek } = database.reads;
  return [...database.mixed, raw, rows, kasboek].some((run) => run.result.problems.length > 0);
}

export function describeMixed(name: string, result: MixedResult): string {
  const kinds = KINDS.filter((kind) => result.kinds[kind].count > 0)
    .map((kind) => `${kind} ${latency(result.kinds[kind])} ms`)
    .join(", ");
  const status = result.problems.length === 0 ? "ok" : `FLAGGED (${result.problems.join("; ")})`;
  return (
    `  ${name}: ${result.rps.toFixed(0)} req/s, ${result.responses} responses in ${result.seconds.toFixed(1)} s; ` +
    `p50 / p99 ${kinds}; peak RSS ${result.rssMb.toFixed(1)} MB; harness CPU ${result.harnessCpu.toFixed(2)} ` +
    `core; load ${result.loadAtStart.toFixed(2)} at start  ${status}`
  );
}

/** One round's progress line. */
export function describeRound(round: Round): string {
  const problems = [...round.warmupProblems.values(), ...round.recorder.problems.values()].reduce((a, b) => a + b, 0);
  return (
    `${(round.recorder.responses / round.seconds).toFixed(0)} req/s, peak RSS ${round.rssMb.toFixed(1)} MB, ` +
    `load ${round.loadAtStart.toFixed(2)}${problems === 0 ? "" : `, ${problems} PROBLEMS`}`
  );
}

const runFacts = (result: MixedResult): string =>
  `${result.rssMb.toFixed(1)} | ${result.loadAtStart.toFixed(2)} | ${result.harnessCpu.toFixed(2)}`;

/**
 * The CPU each read cost the server process and the local PostgreSQL server: it moves less than
 * req/s when other work shares the cores, and says on which side of the driver a gap is.
 */
const cpuPerRead = (result: MixedResult): string =>
  `${result.serverCpuMsPerResponse.toFixed(2)} | ${result.databaseCpuMsPerResponse?.toFixed(2) ?? "—"}`;

/** The mixed runs: throughput, p50/p99 per kind, peak RSS. */
export function mixedTable(title: string, runs: readonly MixedRun[]): string {
  const lines = [
    `#### ${title}: mixed workload (80 % reads, 15 % writes, 5 % books)`,
    "",
    "| Run | req/s | Reads p50 / p99 (ms) | Writes p50 / p99 (ms) | Books p50 / p99 (ms) " +
      "| Responses: reads / writes / books | Peak RSS (MB) | Load at start | Harness CPU (cores) | Check |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const { label, result } of runs) {
    const { read, write, books } = result.kinds;
    lines.push(
      `| ${label} | ${result.rps.toFixed(0)} | ${latency(read)} | ${latency(write)} | ${latency(books)} ` +
        `| ${read.count} / ${write.count} / ${books.count} | ${runFacts(result)} | ${check(result)} |`,
    );
  }
  return lines.join("\n");
}

/** Every request of the mixed runs: how many, p50/p99 in each run, and its mean body size. */
export function operationsTable(title: string, runs: readonly MixedRun[]): string {
  const lines = [
    `#### ${title}: mixed workload per request (p50 / p99 in ms; responses in parentheses)`,
    "",
    `| Request | Kind | ${runs.map((run) => run.label).join(" | ")} | Body (bytes, mean) |`,
    `|---|---|${runs.map(() => "---:|").join("")}---:|`,
  ];
  for (const operation of Object.keys(OPERATIONS) as Operation[]) {
    const cells = runs.map(({ result }) => {
      const figures = result.operations.get(operation);
      return `${latency(figures)} (${figures?.count ?? 0})`;
    });
    const bytes = runs[0]?.result.operations.get(operation)?.bytes ?? 0;
    const { kind, label } = OPERATIONS[operation];
    lines.push(`| ${label} | ${kind} | ${cells.join(" | ")} | ${bytes.toFixed(0)} |`);
  }
  return lines.join("\n");
}

/**
 * The reads only: Kasboek against the raw driver running its statements, and the raw driver
 * answering its rows as JSON (the most a server that answers in JSON can keep of the padded one).
 */
export function readsTable(title: string, database: MixedDatabase): string {
  const { raw, rows, kasboek } = database.reads;
  const lines = [
    `#### ${title}: the mixed reads only, against the raw driver running the same statements`,
    "",
    "| Server | req/s | p50 / p99 (ms) | Ratio to raw | Goal ≥ 0.70 | Server CPU per read (ms) " +
      "| PostgreSQL CPU per read (ms) | Peak RSS (MB) | Load at start | Harness CPU (cores) | Check |",
    "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---|",
  ];
  const flagged = raw.result.problems.length + kasboek.result.problems.length > 0;
  for (const run of [raw, rows, kasboek]) {
    const ratio = run.result.rps / raw.result.rps;
    const judged = flagged ? "FLAGGED" : ratio >= READ_GOAL ? "yes" : "no";
    const goal = run === kasboek ? judged : "";
    lines.push(
      `| ${run.label} | ${run.result.rps.toFixed(0)} | ${latency(run.result.kinds.read)} | ${ratio.toFixed(2)} ` +
        `| ${goal} | ${cpuPerRead(run.result)} | ${runFacts(run.result)} | ${check(run.result)} |`,
    );
  }
  lines.push("", `Kasboek over the rows as JSON: ${(kasboek.result.rps / rows.result.rps).toFixed(2)}.`);
  return lines.join("\n");
}

/** The reads only, per request: the three runs side by side, with their body sizes. */
export function readsPerRequestTable(title: string, database: MixedDatabase): string {
  const { raw, rows, kasboek } = database.reads;
  const lines = [
    `#### ${title}: the mixed reads only, per request (p50 / p99 in ms)`,
    "",
    `| Read | ${raw.label} | ${rows.label} | ${kasboek.label} | Body bytes, raw / rows as JSON / Kasboek (mean) |`,
    "|---|---:|---:|---:|---:|",
  ];
  for (const operation of READ_OPERATIONS) {
    const of = (run: MixedRun) => run.result.operations.get(operation);
    const bytes = [raw, rows, kasboek].map((run) => (of(run)?.bytes ?? 0).toFixed(0)).join(" / ");
    lines.push(
      `| ${OPERATIONS[operation].label} | ${latency(of(raw))} | ${latency(of(rows))} | ${latency(of(kasboek))} | ${bytes} |`,
    );
  }
  return lines.join("\n");
}
