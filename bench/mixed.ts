/**
 * `node --import tsx bench/mixed.ts` (the last step of `npm run bench`; needs `npm run build`):
 * issue 27's mixed multi-tenant workload, a benchmark a cache cannot game, on SQLite and — when
 * BENCH_DATABASE_URL names a PostgreSQL server — on PostgreSQL. Per database, on a fresh database:
 * 1. seeds SETTINGS.mixed.companies companies of SETTINGS.mixed.invoices published invoices each
 *    (bench/mixed-seed.ts) and checks them through the API;
 * 2. runs the mixed workload (bench/mixed-workload.ts: 80 % reads, 15 % writes, 5 % books, a random
 *    company per request) on Kasboek;
 * 3. runs the reads alone, in turns, on Kasboek and on the raw driver running the same statements
 *    (bench/mixed-raw.ts), once answering bodies padded to Kasboek's sizes and once the rows it read,
 *    as JSON (the least a JSON API over those statements does).
 * Guarantees: the runs of a step take turns in SETTINGS.mixed.rounds short rounds, each on its own
 * server process kept from the first round to the last (so its peak RSS, VmHWM, is its own), with
 * the same settings; in a round, every run's connections ask the same requests in the same order
 * (seeded per round and connection); the reads-only runs see the same data (nothing writes
 * between them); every response's status and every write's answer is checked, and a problem — or
 * a seed the API does not show as seeded — flags the run and makes the exit code 1; servers, temp
 * dirs and bench databases are always removed (bench/processes.ts). With BENCH_WRITE_RESULTS=1 (or
 * `--write-results`) the tables are appended to bench/RESULTS.md, after bench/run.ts's and
 * bench/books.ts's.
 */
import { performance } from "node:perf_hooks";
import { closeRaw, openRaw } from "./db.js";
import { type DatabaseKind, databaseKinds, databaseVersions, freshDatabase, titleOf } from "./fresh-database.js";
import { growCompanies } from "./mixed-grow.js";
import { type MixedLoad, type Round, runRound, summarise } from "./mixed-load.js";
import {
  describeMixed,
  describeRound,
  isMixedFlagged,
  type MixedDatabase,
  type MixedRun,
  mixedTable,
  operationsTable,
  readsPerRequestTable,
  readsTable,
} from "./mixed-report.js";
import {
  checkMixed,
  createCompanies,
  loadCompanies,
  MIXED_CONTACTS,
  type MixedCompany,
  makeTemplates,
} from "./mixed-seed.js";
import { READ_OPERATIONS } from "./mixed-workload.js";
import { installExitHandlers, runBench, type Server, stopServer } from "./processes.js";
import { appendResults, machineDescription } from "./results.js";
import { request } from "./seed.js";
import { startKasboek, startMixedRaw } from "./servers.js";
import { SETTINGS } from "./settings.js";

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

interface Seeded {
  companies: MixedCompany[];
  today: string;
  /** what the API check found (empty: as seeded); flags every run */
  problems: string[];
}

/** Seeds the fresh database at `url` (bench/mixed-seed.ts) and checks it through the API. */
async function seeded(url: string): Promise<Seeded> {
  const { companies: count, invoices } = SETTINGS.mixed;
  const started = performance.now();
  const made = await createCompanies(url, count);
  let kasboek = await startKasboek(url);
  const templates = await makeTemplates(kasboek.baseUrl, made).finally(() => stopServer(kasboek));
  console.log(`${count} companies, each with a contact and a published invoice through the API: ${seconds(started)} s`);
  const grown = performance.now();
  const raw = openRaw(url);
  const data = await growCompanies(raw, templates, invoices)
    .then(() => loadCompanies(raw, templates))
    .finally(() => closeRaw(raw));
  console.log(`grown to ${invoices} invoices and ${MIXED_CONTACTS} contacts each: ${seconds(grown)} s`);
  kasboek = await startKasboek(url);
  const problems = await checkMixed(kasboek.baseUrl, data.companies, invoices, data.today).finally(() =>
    stopServer(kasboek),
  );
  if (problems.length > 0) console.log(`the API does not show the seed:\n  ${problems.slice(0, 10).join("\n  ")}`);
  return {
    ...data,
    problems: problems.length === 0 ? [] : [`seed check: ${problems.length} problems (${problems[0]})`],
  };
}

interface Contender {
  label: string;
  start: () => Promise<Server>;
  /** before each of its rounds (the raw driver learns the body sizes here) */
  beforeRound?: (server: Server) => Promise<void>;
  load: MixedLoad;
}

/**
 * The contenders measured in turns, round by round, each on its own server process started before
 * the first round and kept to the last: machine load that comes and goes then falls on all of
 * them alike, and a process's peak RSS is its own. `afterRound` sees each round's figures.
 */
async function inTurns(
  contenders: readonly Contender[],
  seed: Seeded,
  afterRound: (index: number, round: Round) => void = () => {},
): Promise<MixedRun[]> {
  const rounds = contenders.map((): Round[] => []);
  const servers: Server[] = [];
  try {
    for (const contender of contenders) servers.push(await contender.start());
    for (let round = 0; round < SETTINGS.mixed.rounds; round++) {
      for (const [index, contender] of contenders.entries()) {
        const server = servers[index];
        if (server === undefined) continue;
        await contender.beforeRound?.(server);
        const recorded = await runRound(server, seed.companies, seed.today, contender.load, round);
        rounds[index]?.push(recorded);
        afterRound(index, recorded);
        console.log(`  round ${round + 1}, ${contender.label}: ${describeRound(recorded)}`);
      }
    }
  } finally {
    await Promise.all(servers.map((server) => stopServer(server)));
  }
  return contenders.map((contender, index) => {
    const result = summarise(rounds[index] ?? []);
    result.problems.push(...seed.problems);
    console.log(describeMixed(contender.label, result));
    return { label: contender.label, result };
  });
}

/** Steps 1–3 on one kind of database: its Markdown tables and whether anything was flagged. */
async function benchDatabase(kind: DatabaseKind): Promise<{ tables: string[]; flagged: boolean }> {
  const title = titleOf(kind);
  const started = performance.now();
  const database = await freshDatabase(kind);
  const seed = await seeded(database.url);
  // a server on this machine: its processes' CPU is measured beside Kasboek's
  const localPostgres =
    kind === "postgres" && ["127.0.0.1", "localhost", "[::1]"].includes(new URL(database.url).hostname);
  const load = (readsOnly: boolean): MixedLoad => ({ ...SETTINGS.mixed, readsOnly, localPostgres });
  const kasboek = () => startKasboek(database.url);

  console.log("the mixed workload:");
  const mixed = await inTurns([{ label: "Kasboek", start: kasboek, load: load(false) }], seed);

  // the raw driver answers each read with a body of the size Kasboek's answer had (its first round's mean)
  let sizes: Record<string, number> | undefined;
  const sizeRaw = async (server: Server) => {
    const sizing = {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(sizes ?? {}),
    };
    await request(`${server.baseUrl}/__bench/sizes`, sizing, 204);
  };
  console.log("the reads only, in turns:");
  const [kasboekReads, rawRun, rowsRun] = await inTurns(
    [
      { label: "Kasboek", start: kasboek, load: load(true) },
      {
        label: "raw driver, same statements",
        start: () => startMixedRaw(database.url),
        beforeRound: sizeRaw,
        load: load(true),
      },
      { label: "raw driver, rows as JSON", start: () => startMixedRaw(database.url, "rows"), load: load(true) },
    ],
    seed,
    (index, round) => {
      if (index !== 0 || sizes !== undefined) return;
      sizes = Object.fromEntries(
        READ_OPERATIONS.map((operation) => {
          const samples = round.recorder.samples.get(operation)?.length ?? 0;
          const bytes = round.recorder.bytes.get(operation) ?? 0;
          return [operation, Math.max(10, Math.round(samples === 0 ? 0 : bytes / samples))];
        }),
      );
    },
  );
  await database.drop();
  if (kasboekReads === undefined || rawRun === undefined || rowsRun === undefined) throw new Error("a run is missing");

  const result: MixedDatabase = { title, mixed, reads: { raw: rawRun, rows: rowsRun, kasboek: kasboekReads } };
  const tables = [
    `### ${title}`,
    mixedTable(title, mixed),
    operationsTable(title, mixed),
    readsTable(title, result),
    readsPerRequestTable(title, result),
    `(${title}: ${((performance.now() - started) / 60_000).toFixed(1)} min)`,
  ];
  console.log(`\n${tables.join("\n\n")}\n`);
  return { tables, flagged: isMixedFlagged(result) };
}

function settingsLine(): string {
  const { companies, invoices, connections, rounds, warmupSeconds, durationSeconds } = SETTINGS.mixed;
  return (
    `${companies} companies × ${invoices} published invoices and ${MIXED_CONTACTS} contacts; ${connections} ` +
    `connections, each request for a random company; every run ${rounds} rounds (in turns with the runs it is ` +
    `compared with) of ${warmupSeconds} s warm-up + ${durationSeconds} s measured, on one server process per run`
  );
}

async function main(): Promise<void> {
  installExitHandlers();
  const started = performance.now();
  const machine = machineDescription(await databaseVersions(), settingsLine());
  console.log(`Mixed multi-tenant workload (issue 27)\n\n${machine}\n`);
  const sections = ["## Mixed multi-tenant workload (issue 27)", machine];
  let flagged = false;
  for (const kind of databaseKinds()) {
    console.log(`== ${titleOf(kind)} ==\n`);
    const result = await benchDatabase(kind);
    sections.push(...result.tables);
    flagged ||= result.flagged;
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  sections.push(`bench/mixed.ts took ${minutes} min.`);
  console.log(`bench/mixed.ts took ${minutes} min.`);
  if (SETTINGS.writeResults) appendResults(sections);
  if (flagged) {
    console.log("Some runs are FLAGGED: their figures include failed or unexpected responses or checks.");
    process.exitCode = 1;
  }
}

await runBench(main);
