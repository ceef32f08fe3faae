/**
 * Printing the benchmark: one progress line per measurement, and per database four Markdown
 * tables: issue 13's goals, the scenarios against their baselines, the reads against the raw
 * driver running the same statements, and the scaling rows.
 * Invariants: latencies in ms with two decimals; every ratio is Kasboek's req/s over its baseline's
 * in the same run (scaling: the largest size's req/s over the smallest's); a goal is "yes" only when
 * its figure meets it and nothing it is computed from is flagged; a row with any problem (status,
 * error, timeout, failed data check, different rows written) says FLAGGED with all of them. Pure
 * formatting: nothing is measured here.
 */
import type { ColdStart, StartTimes } from "./cold-start.js";
import type { ComparisonRow } from "./compare.js";
import type { Measurement } from "./measure.js";
import type { ScalingRow } from "./scaling.js";
import type { ScenarioKey } from "./scenarios.js";

const ms = (value: number): string => value.toFixed(2);
const rps = (value: number): string => value.toFixed(0);

export function describe(name: string, m: Measurement): string {
  const status = m.problems.length === 0 ? "ok" : `FLAGGED (${m.problems.join("; ")})`;
  return (
    `  ${name.padEnd(8)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${ms(m.p50)} ms  ` +
    `p99 ${ms(m.p99)} ms  peak RSS ${m.rssMb.toFixed(1)} MB  ${m.total} responses, ` +
    `${m.non2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts  ${status}`
  );
}

function rowProblems(row: ComparisonRow): string[] {
  return [
    ...row.kasboek.problems.map((p) => `Kasboek ${p}`),
    ...row.baseline.problems.map((p) => `${row.scenario.baseline} ${p}`),
    ...(row.rowCheck === undefined || row.rowCheck.same ? [] : [`different rows written (${row.rowCheck.text})`]),
  ];
}

export function isFlagged(row: ComparisonRow): boolean {
  return rowProblems(row).length > 0;
}

export function isScalingFlagged(row: ScalingRow): boolean {
  return row.bySize.some(({ result }) => result.problems.length > 0);
}

const BASELINE_NAMES = { bare: "bare Fastify, same body size", raw: "raw driver, same rows" } as const;

export function comparisonTable(title: string, rows: readonly ComparisonRow[]): string {
  const lines = [
    `#### ${title}: against the baselines`,
    "",
    "| Scenario | Baseline | Connections | Body (bytes) | Kasboek req/s | Baseline req/s | Kasboek/baseline " +
      "| Kasboek p50 / p99 (ms) | Baseline p50 / p99 (ms) | Kasboek peak RSS (MB) | Check |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const row of rows) {
    const { scenario, kasboek, baseline } = row;
    const problems = rowProblems(row);
    const check =
      problems.length > 0
        ? `**FLAGGED**: ${problems.join("; ")}`
        : row.rowCheck === undefined
          ? "ok"
          : `ok; same rows per create: ${row.rowCheck.text}`;
    lines.push(
      `| ${scenario.label} | ${BASELINE_NAMES[scenario.baseline]} | ${row.connections} | ${row.bytes} ` +
        `| ${rps(kasboek.rps)} | ${rps(baseline.rps)} | ${(kasboek.rps / baseline.rps).toFixed(2)} ` +
        `| ${ms(kasboek.p50)} / ${ms(kasboek.p99)} | ${ms(baseline.p50)} / ${ms(baseline.p99)} ` +
        `| ${kasboek.rssMb.toFixed(1)} | ${check} |`,
    );
  }
  return lines.join("\n");
}

/**
 * The reads against their ceiling: what the raw driver reaches running Kasboek's statements for
 * the same answer, over bare Fastify (the most any server reading those rows per request can
 * reach on this machine), and Kasboek's share of it, reading them too.
 */
export function ceilingTable(title: string, rows: readonly ComparisonRow[]): string {
  const lines = [
    `#### ${title}: reads against the raw driver running the same statements`,
    "",
    "| Scenario | Bare req/s | Raw driver req/s | Raw/bare (the ceiling of a ratio to bare) " +
      "| Kasboek req/s | Kasboek/raw | Raw p50 / p99 (ms) | Kasboek p50 / p99 (ms) | Check |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const row of rows) {
    const { ceiling, kasboek, baseline } = row;
    if (ceiling === undefined) continue;
    const problems = [...rowProblems(row), ...ceiling.problems.map((p) => `raw ${p}`)];
    lines.push(
      `| ${row.scenario.label} | ${rps(baseline.rps)} | ${rps(ceiling.rps)} | ${(ceiling.rps / baseline.rps).toFixed(2)} ` +
        `| ${rps(kasboek.rps)} | ${(kasboek.rps / ceiling.rps).toFixed(2)} ` +
        `| ${ms(ceiling.p50)} / ${ms(ceiling.p99)} | ${ms(kasboek.p50)} / ${ms(kasboek.p99)} ` +
        `| ${problems.length === 0 ? "ok" : `**FLAGGED**: ${problems.join("; ")}`} |`,
    );
  }
  return lines.join("\n");
}

export interface GoalInput {
  rows: readonly ComparisonRow[];
  kasboekPeakRssMb: number;
  coldStart: ColdStart;
}

const verdict = (ok: boolean, flagged: boolean): string => (flagged ? "FLAGGED" : ok ? "yes" : "no");

/** Issue 13's table: each goal, the figure of this run, and whether it is met. */
export function goalsTable(title: string, input: GoalInput): string {
  const byKey = (key: ScenarioKey) => input.rows.find((row) => row.scenario.key === key);
  const lines = [`#### ${title}: issue 13's goals`, "", "| Scenario | Goal | Measured | Met |", "|---|---|---:|---|"];
  const ratioRow = (key: ScenarioKey, label: string, goal: number) => {
    const row = byKey(key);
    if (row === undefined) return;
    const ratio = row.kasboek.rps / row.baseline.rps;
    lines.push(`| ${label} | ≥ ${goal.toFixed(2)} | ${ratio.toFixed(2)} | ${verdict(ratio >= goal, isFlagged(row))} |`);
  };
  const list = byKey("invoiceList");
  const listSize = list === undefined ? "" : ` (${(list.bytes / 1000).toFixed(0)} KB)`;
  ratioRow("invoiceShow", "GET one 3-line invoice, ratio to bare Fastify", 0.4);
  ratioRow("invoiceList", `list 100 invoices${listSize}, ratio to bare`, 0.25);
  ratioRow("invoiceCreate", "create + publish a 3-line invoice, ratio to the raw driver writing the same rows", 0.75);
  const show = byKey("invoiceShow");
  if (show !== undefined && list !== undefined) {
    const ok = show.kasboek.p99 < 50 && list.kasboek.p99 < 50;
    const flagged = show.kasboek.problems.length + list.kasboek.problems.length > 0;
    lines.push(
      `| p99 at ${show.connections} connections: GET one / list 100 | < 50 ms ` +
        `| ${ms(show.kasboek.p99)} / ${ms(list.kasboek.p99)} ms | ${verdict(ok, flagged)} |`,
    );
  }
  lines.push(
    `| RSS under load (peak, VmHWM of the Kasboek process) | < 150 MB | ${input.kasboekPeakRssMb.toFixed(1)} MB ` +
      `| ${verdict(input.kasboekPeakRssMb < 150, input.rows.some(isFlagged))} |`,
  );
  const cold = input.coldStart;
  lines.push(
    `| cold start to first 200 (median of ${cold.runs}; min–max; bare Fastify's beside it) | < 250 ms ` +
      `| ${startTimes(cold)}; bare ${startTimes(cold.bare)} | ${verdict(cold.medianMs < 250, false)} |`,
  );
  return lines.join("\n");
}

const sizeLabel = (size: number): string => (size % 1000 === 0 ? `${size / 1000}k` : String(size));

/** `272 ms (225–323)`: the median, then min–max. */
export function startTimes(times: StartTimes): string {
  return `${times.medianMs.toFixed(0)} ms (${times.minMs.toFixed(0)}–${times.maxMs.toFixed(0)})`;
}

export function scalingTable(title: string, rows: readonly ScalingRow[]): string {
  const sizes = rows[0]?.bySize.map(({ size }) => size) ?? [];
  const first = sizes[0] ?? 0;
  const last = sizes[sizes.length - 1] ?? 0;
  const lines = [
    `#### ${title}: scaling (req/s; p99 ms in parentheses)`,
    "",
    `| Row | ${sizes.map((size) => `${sizeLabel(size)} req/s`).join(" | ")} | ${sizeLabel(last)}/${sizeLabel(first)} ` +
      "| Goal ≥ 0.67 | Check |",
    `|---|${sizes.map(() => "---:|").join("")}---:|---|---|`,
  ];
  for (const row of rows) {
    const firstRps = row.bySize[0]?.result.rps ?? 0;
    const lastRps = row.bySize[row.bySize.length - 1]?.result.rps ?? 0;
    const ratio = firstRps > 0 ? lastRps / firstRps : 0;
    const problems = row.bySize.flatMap(({ size, result }) => result.problems.map((p) => `${sizeLabel(size)}: ${p}`));
    const cells = row.bySize.map(({ result }) => `${rps(result.rps)} (${ms(result.p99)})`);
    lines.push(
      `| ${row.label} | ${cells.join(" | ")} | ${ratio.toFixed(2)} | ${verdict(ratio >= 0.67, problems.length > 0)} ` +
        `| ${problems.length === 0 ? "ok" : `**FLAGGED**: ${problems.join("; ")}`} |`,
    );
  }
  return lines.join("\n");
}
