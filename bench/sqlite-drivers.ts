/**
 * MEASUREMENT ONLY (issue 27.3): the home-made SQLite driver (src/db/sqlite-driver.ts: writer +
 * reader, group commit, statement cache) against Kysely's own SqliteDriver (one connection behind a
 * mutex, BEGIN IMMEDIATE), chosen per server process by KASBOEK_SQLITE_DRIVER. Runs alternate
 * (A B A B …), each on a fresh database seeded as bench/run.ts seeds (100 published invoices), a
 * fresh server, with bench/run.ts's settings: GET one 3-line invoice past the cache (50
 * connections), create + publish (10 connections), then both at once (GET one at 50 connections
 * while create + publish runs at 10). Prints each run and the medians per driver.
 * `npm run build && BENCH_DRIVER_RUNS=3 node --import tsx bench/sqlite-drivers.ts`
 */
import { PAST_THE_CACHE } from "./compare.js";
import { freshDatabase } from "./fresh-database.js";
import { type Measurement, measure } from "./measure.js";
import { installExitHandlers, runBench, stopServer } from "./processes.js";
import { scenarios } from "./scenarios.js";
import { bootstrap, seed } from "./seed.js";
import { CLI, ROOT, startKasboek } from "./servers.js";
import { SETTINGS } from "./settings.js";

const DRIVERS = (process.env.BENCH_DRIVERS ?? "home,kysely").split(",");
const RUNS = Number(process.env.BENCH_DRIVER_RUNS ?? "3");

type Row = "get" | "create" | "getUnderWrites" | "createUnderReads";
const results = new Map<string, Record<Row, Measurement[]>>();

async function oneRun(driver: string): Promise<Record<Row, Measurement>> {
  const database = await freshDatabase("sqlite");
  const { companyId, token } = await bootstrap(CLI, ROOT, database.url);
  // home-nogroup: the home-made driver with groups of one, so every transaction commits alone
  process.env.KASBOEK_SQLITE_DRIVER = driver === "kysely" ? "kysely" : "home";
  if (driver === "home-nogroup") process.env.KASBOEK_SQLITE_MOST_IN_GROUP = "1";
  else delete process.env.KASBOEK_SQLITE_MOST_IN_GROUP;
  const kasboek = await startKasboek(database.url);
  try {
    const seeded = await seed(kasboek.baseUrl, companyId, token, false);
    const [show, , create] = scenarios(seeded);
    if (show === undefined || create === undefined) throw new Error("scenarios");
    const auth = { authorization: `Bearer ${token}` };
    const readHeaders = { ...auth, ...PAST_THE_CACHE };
    const writeHeaders = { ...auth, "content-type": "application/json" };
    const get = await measure(kasboek, show, readHeaders, SETTINGS.read);
    const created = await measure(kasboek, create, writeHeaders, SETTINGS.write);
    const [getUnderWrites, createUnderReads] = await Promise.all([
      measure(kasboek, show, readHeaders, SETTINGS.read),
      measure(kasboek, create, writeHeaders, SETTINGS.write),
    ]);
    return { get, create: created, getUnderWrites, createUnderReads };
  } finally {
    await stopServer(kasboek);
    await database.drop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const line = (m: Measurement) =>
  `${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms${m.problems.length > 0 ? ` FLAGGED ${m.problems.join("; ")}` : ""}`;

async function main(): Promise<void> {
  installExitHandlers();
  for (let run = 1; run <= RUNS; run++) {
    for (const driver of DRIVERS) {
      const measured = await oneRun(driver);
      const kept = results.get(driver) ?? { get: [], create: [], getUnderWrites: [], createUnderReads: [] };
      for (const row of Object.keys(measured) as Row[]) kept[row].push(measured[row]);
      results.set(driver, kept);
      console.log(`run ${run} ${driver}:`);
      for (const row of Object.keys(measured) as Row[]) console.log(`  ${row}: ${line(measured[row])}`);
    }
  }
  console.log("\nmedians (req/s; p50 / p99 ms):");
  for (const [driver, rows] of results) {
    for (const [row, measurements] of Object.entries(rows)) {
      console.log(
        `  ${driver} ${row}: ${median(measurements.map((m) => m.rps)).toFixed(0)} req/s; ` +
          `${median(measurements.map((m) => m.p50)).toFixed(2)} / ${median(measurements.map((m) => m.p99)).toFixed(2)} ms ` +
          `(req/s per run: ${measurements.map((m) => m.rps.toFixed(0)).join(", ")})`,
      );
    }
  }
}

await runBench(main);
