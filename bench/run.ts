/**
 * `npm run bench`: measures the built Kasboek server against a bare Fastify endpoint in one run,
 * on SQLite and — when BENCH_DATABASE_URL names a PostgreSQL server — on PostgreSQL, one table each.
 * Guarantees: per database a fresh database (a temp SQLite file; a new PostgreSQL database, see
 * bench/postgres.ts), a fresh token and company, and a fresh Kasboek and bare server pair, stopped
 * before the next database; only 127.0.0.1 is targeted; for each scenario the bare endpoint returns
 * a body of exactly the byte size Kasboek returned just before (checked); both servers get the same
 * warm-up, connections and duration, one after the other; every response's status is checked and a
 * scenario with any unexpected status, error or timeout is flagged (exit code 1). Children, temp
 * dirs and bench databases are always removed, also on failure and SIGINT/SIGTERM.
 * Settings: BENCH_DURATION_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_WARMUP_SECONDS (2),
 * BENCH_DATABASE_URL (unset: SQLite only; e.g. postgres://postgres@127.0.0.1:5432/postgres).
 */
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { type LoadSettings, measure } from "./measure.js";
import { createBenchDatabase } from "./postgres.js";
import {
  cleanup,
  freePort,
  installExitHandlers,
  makeTempDir,
  type Server,
  startNode,
  stopServer,
  waitUntilAnswers,
} from "./processes.js";
import { describe, isFlagged, markdownTable, type Row, ratio } from "./report.js";
import { SEED_INVOICES, SEED_RIDES, scenarios } from "./scenarios.js";
import { bootstrap, request, seed } from "./seed.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = join(ROOT, "bin", "kasboek.js");

function positiveIntEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** The PostgreSQL server to also benchmark on, or undefined for SQLite only. */
function postgresServerUrl(): string | undefined {
  const raw = process.env.BENCH_DATABASE_URL;
  if (raw === undefined || raw === "") return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new Error(`BENCH_DATABASE_URL must be a postgres:// server URL, got "${raw}"`);
  }
  return raw;
}

const LOAD: LoadSettings = {
  durationSeconds: positiveIntEnv("BENCH_DURATION_SECONDS", 10),
  connections: positiveIntEnv("BENCH_CONNECTIONS", 10),
  warmupSeconds: positiveIntEnv("BENCH_WARMUP_SECONDS", 2),
};

/** The baseline as plain JavaScript (no TypeScript loader in its memory). */
const BARE_JS = ts.transpileModule(readFileSync(join(ROOT, "bench", "bare-server.ts"), "utf8"), {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
}).outputText;

async function startServers(databaseUrl: string): Promise<{ kasboek: Server; bare: Server }> {
  const kasboekPort = await freePort();
  const kasboek = startNode(
    "Kasboek",
    [CLI, "serve"],
    ROOT,
    { ...process.env, DATABASE_URL: databaseUrl, PORT: String(kasboekPort), HOST: "127.0.0.1", LOG_LEVEL: "silent" },
    kasboekPort,
  );
  // `-e` ESM code resolves "fastify" from ROOT, so it loads the very same fastify as Kasboek.
  const barePort = await freePort();
  const bare = startNode(
    "bare",
    ["--input-type=module", "-e", BARE_JS],
    ROOT,
    { ...process.env, PORT: String(barePort) },
    barePort,
  );
  await Promise.all([waitUntilAnswers(kasboek), waitUntilAnswers(bare)]);
  return { kasboek, bare };
}

/** Every scenario on one database; both servers are stopped before this returns or throws. */
async function benchDatabase(databaseUrl: string): Promise<Row[]> {
  const { companyId, token } = await bootstrap(CLI, ROOT, databaseUrl);
  const { kasboek, bare } = await startServers(databaseUrl);
  try {
    const seeded = await seed(kasboek.baseUrl, companyId, token);
    const auth = { authorization: `Bearer ${token}` };
    const jsonAuth = { ...auth, "content-type": "application/json" };
    const rows: Row[] = [];
    for (const scenario of scenarios(seeded)) {
      const headers = scenario.method === "POST" ? jsonAuth : auth;
      const init: RequestInit = { method: scenario.method, headers, ...(scenario.body ? { body: scenario.body } : {}) };
      const bytes = (await request(`${kasboek.baseUrl}${scenario.path}`, init, scenario.expectedStatus)).length;
      await request(
        `${bare.baseUrl}/__bench/sizes`,
        {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ [scenario.key]: bytes }),
        },
        204,
      );
      const bareBytes = (await request(`${bare.baseUrl}${scenario.path}`, init, scenario.expectedStatus)).length;
      if (bareBytes !== bytes) throw new Error(`bare body is ${bareBytes} bytes, Kasboek's ${bytes}`);

      console.log(`${scenario.label} (${scenario.method} ${scenario.path}, ${bytes}-byte body)`);
      const kasboekResult = await measure(kasboek, scenario, headers, LOAD);
      console.log(describe("Kasboek", kasboekResult));
      const bareResult = await measure(bare, scenario, headers, LOAD);
      console.log(describe("bare", bareResult));
      const row = { scenario, bytes, kasboek: kasboekResult, bare: bareResult };
      console.log(`  ratio Kasboek/bare req/s: ${ratio(row)}\n`);
      rows.push(row);
    }
    return rows;
  } finally {
    await Promise.all([stopServer(kasboek), stopServer(bare)]);
  }
}

async function main(): Promise<void> {
  installExitHandlers();
  const serverUrl = postgresServerUrl();
  console.log(
    `Kasboek vs bare Fastify — node ${process.version}, ${cpus().length} CPUs, ${LOAD.connections} connections, ` +
      `${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s per server per scenario, ` +
      `${SEED_RIDES} seeded rides, ${SEED_INVOICES} seeded published 3-line invoices; ` +
      `databases: SQLite${serverUrl === undefined ? "" : ", PostgreSQL"}\n`,
  );
  const flagged: boolean[] = [];

  console.log("== SQLite (temporary file) ==\n");
  const sqliteRows = await benchDatabase(`sqlite:${join(makeTempDir("kasboek-bench-"), "bench.sqlite")}`);
  console.log(`${markdownTable("SQLite", sqliteRows)}\n`);
  flagged.push(sqliteRows.some(isFlagged));

  if (serverUrl !== undefined) {
    const database = await createBenchDatabase(serverUrl, ROOT);
    const server = new URL(serverUrl);
    const title = `PostgreSQL (${server.host}, database ${database.name})`;
    console.log(`== ${title} ==\n`);
    const postgresRows = await benchDatabase(database.url);
    await database.drop();
    console.log(`${markdownTable(title, postgresRows)}\n`);
    flagged.push(postgresRows.some(isFlagged));
  }

  if (flagged.some((isSet) => isSet)) {
    console.log("Some scenarios are FLAGGED: their figures include failed or unexpected responses.");
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
