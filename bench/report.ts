/**
 * Printing the benchmark: one progress line per measurement, and one Markdown table per database.
 * Invariants: latencies are printed in ms with two decimals, req/s and RSS as measured; the ratio
 * is Kasboek req/s divided by bare req/s of the same scenario in the same run; a row whose either
 * measurement has problems says FLAGGED with all of them. Pure formatting: nothing is measured here.
 */
import type { Measurement } from "./measure.js";
import type { Scenario } from "./scenarios.js";

export interface Row {
  scenario: Scenario;
  bytes: number;
  kasboek: Measurement;
  bare: Measurement;
}

const ms = (value: number): string => value.toFixed(2);

export function describe(name: string, m: Measurement): string {
  const status = m.problems.length === 0 ? "ok" : `FLAGGED (${m.problems.join("; ")})`;
  return (
    `  ${name.padEnd(8)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${ms(m.p50)} ms  ` +
    `p99 ${ms(m.p99)} ms  peak RSS ${m.rssMb.toFixed(1)} MB  ${m.total} responses, ` +
    `${m.non2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts  ${status}`
  );
}

export function ratio(row: Pick<Row, "kasboek" | "bare">): string {
  return (row.kasboek.rps / row.bare.rps).toFixed(2);
}

export function isFlagged(row: Row): boolean {
  return row.kasboek.problems.length + row.bare.problems.length > 0;
}

export function markdownTable(title: string, rows: Row[]): string {
  const lines = [
    `### ${title}`,
    "",
    "| Scenario | Body (bytes) | Kasboek req/s | Bare req/s | Kasboek/bare req/s | Kasboek p50 / p99 (ms) " +
      "| Bare p50 / p99 (ms) | Kasboek peak RSS (MB) | Bare peak RSS (MB) | Status check |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const row of rows) {
    const { scenario, bytes, kasboek, bare } = row;
    const problems = [...kasboek.problems.map((p) => `Kasboek ${p}`), ...bare.problems.map((p) => `bare ${p}`)];
    lines.push(
      `| ${scenario.label} | ${bytes} | ${kasboek.rps.toFixed(0)} | ${bare.rps.toFixed(0)} | ${ratio(row)} ` +
        `| ${ms(kasboek.p50)} / ${ms(kasboek.p99)} | ${ms(bare.p50)} / ${ms(bare.p99)} ` +
        `| ${kasboek.rssMb.toFixed(1)} | ${bare.rssMb.toFixed(1)} ` +
        `| ${problems.length === 0 ? "ok" : `**FLAGGED**: ${problems.join("; ")}`} |`,
    );
  }
  return lines.join("\n");
}
