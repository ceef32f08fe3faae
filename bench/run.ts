/**
 * `npm run bench`: measures the built Kasboek server against a bare Fastify endpoint in one run.
 * Guarantees: a fresh temporary SQLite database and token per run; only 127.0.0.1 is targeted;
 * for each scenario the bare endpoint returns a body of exactly the byte size Kasboek returned
 * just before (checked); both servers get the same warm-up, connections and duration, one after
 * the other; every response's status is checked and a scenario with any unexpected status,
 * error or timeout is flagged (and the exit code is 1). Children and temp dirs are always removed.
 * Settings: BENCH_DURATION_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_WARMUP_SECONDS (2).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import autocannon from "autocannon";
import ts from "typescript";
import {
  cleanup,
  freePort,
  installExitHandlers,
  makeTempDir,
  peakRssMb,
  type Server,
  startNode,
  waitUntilAnswers,
} from "./processes.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = join(ROOT, "bin", "kasboek.js");
const SEED_RIDES = 100;
const RIDE_BODY = JSON.stringify({
  ride: {
    departure_address: "Alkmaar",
    visiting_address: "Utrecht",
    km_start: 0,
    km_end: 100,
    private: false,
    date: "2024-03-02",
  },
});

function positiveIntEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

const DURATION = positiveIntEnv("BENCH_DURATION_SECONDS", 10);
const CONNECTIONS = positiveIntEnv("BENCH_CONNECTIONS", 10);
const WARMUP = positiveIntEnv("BENCH_WARMUP_SECONDS", 2);

type ScenarioKey = "show" | "list" | "create";
interface Scenario {
  key: ScenarioKey;
  label: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  expectedStatus: number;
}

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  rssMb: number;
  /** Unexpected statuses, errors and timeouts of the warm-up and the run; non-empty = flagged. */
  problems: string[];
}

interface Row {
  scenario: Scenario;
  bytes: number;
  kasboek: Measurement;
  bare: Measurement;
}

async function bootstrap(databaseUrl: string): Promise<{ companyId: number; token: string }> {
  const args = [CLI, "bootstrap", "--email", "bench@example.com", "--company", "Bench BV", "--json"];
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" };
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: ROOT, env });
  const parsed: unknown = JSON.parse(stdout);
  if (typeof parsed === "object" && parsed !== null && "company_id" in parsed && "token" in parsed) {
    const { company_id: companyId, token } = parsed;
    if (typeof companyId === "number" && typeof token === "string") return { companyId, token };
  }
  throw new Error(`unexpected bootstrap output: ${stdout}`);
}

async function request(url: string, init: RequestInit, expectedStatus: number): Promise<Buffer> {
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== expectedStatus) {
    throw new Error(`${init.method ?? "GET"} ${url}: expected ${expectedStatus}, got ${response.status}: ${body}`);
  }
  return body;
}

/** Runs a warm-up and then the measured load against one server, and reads its peak RSS after. */
async function measure(server: Server, scenario: Scenario, headers: Record<string, string>): Promise<Measurement> {
  const options = {
    url: `${server.baseUrl}${scenario.path}`,
    method: scenario.method,
    headers,
    connections: CONNECTIONS,
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
  };
  const warmup = await autocannon({ ...options, duration: WARMUP });
  const result = await autocannon({ ...options, duration: DURATION });
  const problems: string[] = [];
  for (const [label, run] of [
    ["warm-up", warmup],
    ["run", result],
  ] as const) {
    for (const [status, stats] of Object.entries(run.statusCodeStats)) {
      if (Number(status) !== scenario.expectedStatus && stats !== undefined) {
        problems.push(`${label}: ${stats.count}× HTTP ${status}`);
      }
    }
    if (run.errors > 0) problems.push(`${label}: ${run.errors} errors`);
    if (run.timeouts > 0) problems.push(`${label}: ${run.timeouts} timeouts`);
  }
  if (result.requests.total === 0) problems.push("run: no responses");
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    rssMb: peakRssMb(server.pid),
    problems,
  };
}

function describe(name: string, m: Measurement): string {
  const status = m.problems.length === 0 ? "ok" : `FLAGGED (${m.problems.join("; ")})`;
  return (
    `  ${name.padEnd(8)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${m.p50.toFixed(0)} ms  ` +
    `p99 ${m.p99.toFixed(0)} ms  peak RSS ${m.rssMb.toFixed(1)} MB  ${m.total} responses, ` +
    `${m.non2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts  ${status}`
  );
}

function markdownTable(rows: Row[]): string {
  const lines = [
    "| Scenario | Body (bytes) | Kasboek req/s | Bare req/s | Kasboek/bare req/s | Kasboek p50 / p99 (ms) " +
      "| Bare p50 / p99 (ms) | Kasboek peak RSS (MB) | Bare peak RSS (MB) | Status check |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const { scenario, bytes, kasboek, bare } of rows) {
    const problems = [...kasboek.problems.map((p) => `Kasboek ${p}`), ...bare.problems.map((p) => `bare ${p}`)];
    lines.push(
      `| ${scenario.label} | ${bytes} | ${kasboek.rps.toFixed(0)} | ${bare.rps.toFixed(0)} ` +
        `| ${(kasboek.rps / bare.rps).toFixed(2)} | ${kasboek.p50.toFixed(0)} / ${kasboek.p99.toFixed(0)} ` +
        `| ${bare.p50.toFixed(0)} / ${bare.p99.toFixed(0)} | ${kasboek.rssMb.toFixed(1)} | ${bare.rssMb.toFixed(1)} ` +
        `| ${problems.length === 0 ? "ok" : `**FLAGGED**: ${problems.join("; ")}`} |`,
    );
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  installExitHandlers();
  const dir = makeTempDir("kasboek-bench-");
  const databaseUrl = `sqlite:${join(dir, "bench.sqlite")}`;
  const { companyId, token } = await bootstrap(databaseUrl);

  const kasboekPort = await freePort();
  const kasboek = startNode(
    "Kasboek",
    [CLI, "serve"],
    ROOT,
    { ...process.env, DATABASE_URL: databaseUrl, PORT: String(kasboekPort), HOST: "127.0.0.1", LOG_LEVEL: "silent" },
    kasboekPort,
  );
  // The baseline runs as plain JavaScript (no TypeScript loader in its memory); `-e` ESM code
  // resolves "fastify" from ROOT, so it loads the very same fastify as Kasboek.
  const bareSource = readFileSync(join(ROOT, "bench", "bare-server.ts"), "utf8");
  const bareJs = ts.transpileModule(bareSource, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const barePort = await freePort();
  const bare = startNode(
    "bare",
    ["--input-type=module", "-e", bareJs],
    ROOT,
    { ...process.env, PORT: String(barePort) },
    barePort,
  );
  await Promise.all([waitUntilAnswers(kasboek), waitUntilAnswers(bare)]);

  const auth = { authorization: `Bearer ${token}` };
  const jsonAuth = { ...auth, "content-type": "application/json" };
  const ridesPath = `/api/v1/companies/${companyId}/rides`;
  let firstRideId = 0;
  for (let i = 0; i < SEED_RIDES; i++) {
    const created = await request(
      `${kasboek.baseUrl}${ridesPath}`,
      { method: "POST", headers: jsonAuth, body: RIDE_BODY },
      201,
    );
    if (i === 0) firstRideId = (JSON.parse(created.toString("utf8")) as { ride: { id: number } }).ride.id;
  }

  // The list runs before the create scenario so it reads the 100 seeded rides, not the thousands
  // the create scenario adds.
  const scenarios: Scenario[] = [
    { key: "show", label: "GET ride", method: "GET", path: `${ridesPath}/${firstRideId}`, expectedStatus: 200 },
    {
      key: "list",
      label: "GET rides?per_page=100",
      method: "GET",
      path: `${ridesPath}?per_page=100`,
      expectedStatus: 200,
    },
    { key: "create", label: "POST ride", method: "POST", path: ridesPath, body: RIDE_BODY, expectedStatus: 201 },
  ];

  console.log(
    `Kasboek vs bare Fastify — node ${process.version}, ${cpus().length} CPUs, ${CONNECTIONS} connections, ` +
      `${WARMUP} s warm-up + ${DURATION} s per server per scenario, ${SEED_RIDES} seeded rides\n`,
  );
  const rows: Row[] = [];
  for (const scenario of scenarios) {
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
    const kasboekResult = await measure(kasboek, scenario, headers);
    console.log(describe("Kasboek", kasboekResult));
    const bareResult = await measure(bare, scenario, headers);
    console.log(describe("bare", bareResult));
    console.log(`  ratio Kasboek/bare req/s: ${(kasboekResult.rps / bareResult.rps).toFixed(2)}\n`);
    rows.push({ scenario, bytes, kasboek: kasboekResult, bare: bareResult });
  }

  console.log(markdownTable(rows));
  if (rows.some((row) => row.kasboek.problems.length + row.bare.problems.length > 0)) {
    console.log("\nSome scenarios are FLAGGED: their figures include failed or unexpected responses.");
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
