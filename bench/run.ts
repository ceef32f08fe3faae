/**
 * `npm run bench` (first step; bench/books.ts and bench/mixed.ts follow): every row of issue 13's
 * "How it is judged", on SQLite and — when BENCH_DATABASE_URL names a PostgreSQL server — on
 * PostgreSQL, each against its baseline measured in the same run. Per database, in this order:
 * 1. bench/compare.ts on a fresh database: GET one 3-line invoice and list 100 invoices against
 *    bare Fastify with the same body size and the raw driver running the same statements (read connections, 50), create + publish against the raw driver writing the
 *    same rows (write connections, 10); p50/p99 and Kasboek's peak RSS;
 * 2. bench/cold-start.ts on that database (migrated, seeded): median time to the first 200;
 * 3. bench/scaling.ts on another fresh database: five reads at 1k, 10k and 100k documents.
 * Guarantees: fresh databases (temp SQLite files; new PostgreSQL databases, bench/postgres.ts) and
 * fresh server processes per step, only 127.0.0.1 targeted; every response's status is checked and
 * any problem flags its row and makes the exit code 1; children, temp dirs and bench databases are
 * always removed, also on failure and SIGINT/SIGTERM. Settings: bench/settings.ts. With
 * `--write-results` or BENCH_WRITE_RESULTS=1 the tables also go to bench/RESULTS.md (bench/results.ts).
 */
import { performance } from "node:perf_hooks";
import { coldStart } from "./cold-start.js";
import { compareAll } from "./compare.js";
import { type DatabaseKind, databaseKinds, databaseVersions, freshDatabase, titleOf } from "./fresh-database.js";
import { installExitHandlers, runBench } from "./processes.js";
import {
  ceilingTable,
  comparisonTable,
  goalsTable,
  isFlagged,
  isScalingFlagged,
  scalingTable,
  startTimes,
} from "./report.js";
import { machineDescription, writeResults } from "./results.js";
import { scalingRows } from "./scaling.js";
import { SEED_INVOICES } from "./scenarios.js";
import { bootstrap } from "./seed.js";
import { CLI, ROOT } from "./servers.js";
import { SETTINGS } from "./settings.js";

/** Steps 1–3 on one kind of database: its Markdown tables and whether anything was flagged. */
async function benchDatabase(kind: DatabaseKind, title: string): Promise<{ tables: string[]; flagged: boolean }> {
  const started = performance.now();
  const main = await freshDatabase(kind);
  const { companyId, token } = await bootstrap(CLI, ROOT, main.url);
  const comparison = await compareAll(main.url, companyId, token);
  const showPath = `/api/v1/companies/${companyId}/sales_invoices/${comparison.seeded.firstInvoiceId}`;
  const cold = await coldStart(main.url, showPath, token, SETTINGS.coldStarts);
  console.log(
    `cold start to first 200: median ${startTimes(cold)}, ${cold.runs} starts; bare Fastify ${startTimes(cold.bare)}\n`,
  );
  await main.drop();

  const scaled = await freshDatabase(kind);
  const scaleCompany = await bootstrap(CLI, ROOT, scaled.url);
  const scaling = await scalingRows(scaled.url, scaleCompany.companyId, scaleCompany.token);
  await scaled.drop();

  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const tables = [
    `### ${title}`,
    goalsTable(title, { rows: comparison.rows, kasboekPeakRssMb: comparison.kasboekPeakRssMb, coldStart: cold }),
    comparisonTable(title, comparison.rows),
    ceilingTable(title, comparison.rows),
    scalingTable(title, scaling),
    `(${title}: ${minutes} min)`,
  ];
  console.log(`${tables.join("\n\n")}\n`);
  return { tables, flagged: comparison.rows.some(isFlagged) || scaling.some(isScalingFlagged) };
}

function settingsLine(): string {
  const { read, write, scale } = SETTINGS;
  const load = (l: typeof read) =>
    `${l.connections} connections, ${l.warmupSeconds} s warm-up + ${l.durationSeconds} s`;
  return (
    `reads ${load(read)}; creates ${load(write)}; scaling rows ${load(scale)} at ${SETTINGS.scaleSizes.join(", ")} ` +
    `documents; ${SETTINGS.coldStarts} cold starts; ${SEED_INVOICES} seeded invoices for the baselines`
  );
}

async function main(): Promise<void> {
  installExitHandlers();
  const started = performance.now();
  const machine = machineDescription(await databaseVersions(), settingsLine());
  console.log(`Kasboek against its baselines (issue 13)\n\n${machine}\n`);

  const sections = [
    "# Benchmark results",
    "Written by `BENCH_WRITE_RESULTS=1 [BENCH_DATABASE_URL=postgres://…] npm run bench` (bench/README.md says how " +
      "every row is measured). Figures share 2 cores with the load generator and the database: compare ratios.",
    "## Machine and settings",
    machine,
    "## Issue 13 rows",
  ];
  let flagged = false;
  for (const kind of databaseKinds()) {
    const title = titleOf(kind);
    console.log(`== ${title} ==\n`);
    const result = await benchDatabase(kind, title);
    sections.push(...result.tables);
    flagged ||= result.flagged;
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  sections.push(`bench/run.ts took ${minutes} min.`);
  console.log(`bench/run.ts took ${minutes} min.`);
  if (SETTINGS.writeResults) writeResults(sections);
  if (flagged) {
    console.log("Some rows are FLAGGED: their figures include failed or unexpected responses or checks.");
    process.exitCode = 1;
  }
}

await runBench(main);
