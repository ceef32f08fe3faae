/**
 * The baseline rows of one database: Kasboek against bare Fastify (reads) and against the raw
 * driver (create + publish), and for the invoice reads also the raw driver running Kasboek's own
 * statements (the read ceiling, bench/raw-reads.ts); each scenario measured on Kasboek and then
 * on its baseline with the same warm-up, connections, duration, request and response size; each
 * load starts only once the server before it has finished what the previous load left in flight
 * (CPU idle and, on PostgreSQL, no session of the database busy), so Kasboek's last creates never
 * overlap the raw driver's (whose lock order differs: together they could deadlock).
 * Invariants: Kasboek, bare and raw servers are fresh processes, stopped before this returns or
 * throws; the baseline's response body is set to the byte size Kasboek's answer had just before,
 * and checked; for a write scenario the rows Kasboek's one calibration request added (per table,
 * exact counts) must equal those the raw baseline's one calibration request added, otherwise the
 * row is flagged (the baseline would not be writing the same rows); the Kasboek peak RSS is the
 * VmHWM of its process after its last measurement (the maximum over start-up, seeding and all
 * scenarios, reads at the read connection count and creates at the write connection count).
 */
import { addedRows, closeRaw, openRaw, othersIdle, rowCounts } from "./db.js";
import { type LoadSettings, type Measurement, measure } from "./measure.js";
import { type Server, stopServer, waitUntilIdle } from "./processes.js";
import { describe } from "./report.js";
import { type Scenario, scenarios } from "./scenarios.js";
import { request, type Seeded, seed } from "./seed.js";
import { startBare, startKasboek, startRaw } from "./servers.js";
import { SETTINGS } from "./settings.js";

export interface ComparisonRow {
  scenario: Scenario;
  bytes: number;
  connections: number;
  kasboek: Measurement;
  baseline: Measurement;
  /** for reads: the raw driver running Kasboek's statements for it (bench/raw-reads.ts), the read ceiling */
  ceiling?: Measurement;
  /** for writes: the rows one request adds, per table, and whether both writers add the same */
  rowCheck?: { same: boolean; text: string };
}

export interface Comparison {
  rows: ComparisonRow[];
  seeded: Seeded;
  kasboekPeakRssMb: number;
}

/** The read scenarios bench/raw-reads.ts serves. */
const rawReads = new Set<Scenario["key"]>(["invoiceShow", "invoiceList"]);

const describeRows = (added: Map<string, number>): string =>
  [...added].map(([table, count]) => `${table} +${count}`).join(", ") || "none";

async function sizeBaseline(baseline: Server, scenario: Scenario, bytes: number): Promise<void> {
  const body = JSON.stringify({ [scenario.key]: bytes });
  const init = { method: "PUT", headers: { "content-type": "application/json" }, body };
  await request(`${baseline.baseUrl}/__bench/sizes`, init, 204);
}

/** Every scenario against its baseline on the database at `databaseUrl` (bootstrapped, not yet seeded). */
export async function compareAll(databaseUrl: string, companyId: number, token: string): Promise<Comparison> {
  const kasboek = await startKasboek(databaseUrl);
  const servers: Server[] = [kasboek];
  const raw = openRaw(databaseUrl);
  try {
    servers.push(await startBare(), await startRaw(databaseUrl, companyId));
    const [, bare, rawServer] = servers;
    if (bare === undefined || rawServer === undefined) throw new Error("baseline servers did not start");
    const seeded = await seed(kasboek.baseUrl, companyId, token, SETTINGS.rides);
    const auth = { authorization: `Bearer ${token}` };
    const jsonAuth = { ...auth, "content-type": "application/json" };
    const rows: ComparisonRow[] = [];
    for (const scenario of scenarios(seeded)) {
      const baseline = scenario.baseline === "bare" ? bare : rawServer;
      const load: LoadSettings = scenario.load === "read" ? SETTINGS.read : SETTINGS.write;
      const headers = scenario.method === "POST" ? jsonAuth : auth;
      const init: RequestInit = { method: scenario.method, headers, ...(scenario.body ? { body: scenario.body } : {}) };
      const writes = scenario.method === "POST";

      const before = writes ? await rowCounts(raw) : undefined;
      const bytes = (await request(`${kasboek.baseUrl}${scenario.path}`, init, scenario.expectedStatus)).length;
      const between = writes ? await rowCounts(raw) : undefined;
      await sizeBaseline(baseline, scenario, bytes);
      const baselineBytes = (await request(`${baseline.baseUrl}${scenario.path}`, init, scenario.expectedStatus))
        .length;
      if (baselineBytes !== bytes)
        throw new Error(`${baseline.name} body is ${baselineBytes} bytes, Kasboek's ${bytes}`);
      let rowCheck: ComparisonRow["rowCheck"];
      if (before !== undefined && between !== undefined && scenario.baseline === "raw") {
        const byKasboek = describeRows(addedRows(before, between));
        const byBaseline = describeRows(addedRows(between, await rowCounts(raw)));
        rowCheck =
          byKasboek === byBaseline
            ? { same: true, text: byKasboek }
            : { same: false, text: `Kasboek: ${byKasboek}; raw: ${byBaseline}` };
      }

      console.log(`${scenario.label} (${scenario.method} ${scenario.path}, ${bytes}-byte body)`);
      if (rowCheck !== undefined)
        console.log(`  rows per create: ${rowCheck.same ? "same" : "DIFFERENT"}: ${rowCheck.text}`);
      const kasboekResult = await measure(kasboek, scenario, headers, load, () =>
        waitUntilIdle(kasboek, () => othersIdle(raw)),
      );
      console.log(describe("Kasboek", kasboekResult));
      const baselineResult = await measure(baseline, scenario, headers, load, () =>
        waitUntilIdle(baseline, () => othersIdle(raw)),
      );
      console.log(describe(scenario.baseline, baselineResult));
      console.log(`  ratio Kasboek/${scenario.baseline} req/s: ${(kasboekResult.rps / baselineResult.rps).toFixed(2)}`);
      let ceiling: Measurement | undefined;
      if (scenario.load === "read" && rawServer.name !== baseline.name && rawReads.has(scenario.key)) {
        await sizeBaseline(rawServer, scenario, bytes);
        const rawBytes = (await request(`${rawServer.baseUrl}${scenario.path}`, init, scenario.expectedStatus)).length;
        if (rawBytes !== bytes) throw new Error(`${rawServer.name} body is ${rawBytes} bytes, Kasboek's ${bytes}`);
        ceiling = await measure(rawServer, scenario, headers, load, () =>
          waitUntilIdle(rawServer, () => othersIdle(raw)),
        );
        console.log(describe("raw", ceiling));
        console.log(`  ratio raw/bare req/s: ${(ceiling.rps / baselineResult.rps).toFixed(2)}`);
        console.log(`  ratio Kasboek/raw req/s: ${(kasboekResult.rps / ceiling.rps).toFixed(2)}`);
      }
      console.log("");
      rows.push({
        scenario,
        bytes,
        connections: load.connections,
        kasboek: kasboekResult,
        baseline: baselineResult,
        ...(ceiling === undefined ? {} : { ceiling }),
        ...(rowCheck === undefined ? {} : { rowCheck }),
      });
    }
    const kasboekPeakRssMb = Math.max(...rows.map((row) => row.kasboek.rssMb));
    return { rows, seeded, kasboekPeakRssMb };
  } finally {
    await Promise.all(servers.map((server) => stopServer(server)));
    await closeRaw(raw);
  }
}
