/**
 * `node --import tsx bench/auditfile.ts` (a step of `npm run bench`, after `npm run build`): issue
 * 30's auditfile of a year of 100,000 ledger entries, streamed by a real `kasboek serve`, with the
 * server's peak RSS (goal: under 150 MB) and the time to the last byte; then the same year's
 * general ledger as CSV. On SQLite and — when BENCH_DATABASE_URL names a PostgreSQL server — on
 * PostgreSQL. Per database: a fresh database, `kasboek bootstrap`, one contact through the API,
 * then bench/books-seed.ts writes 100k invoices' postings (600k lines) straight into the ledger
 * from this process, so the server's memory holds none of the seeding (PostgreSQL then gets the
 * VACUUM ANALYZE autovacuum would run; SQLite is left without statistics, as the service runs
 * it). The server's RSS at rest is read a second after it started and a second after the seed;
 * its peak RSS (VmHWM) before the first download and after each, so the table shows what the
 * downloads added to a started server. Each file is read as it arrives and checked: the
 * auditfile's transaction count and closing tag, the CSV's row count.
 * With BENCH_WRITE_RESULTS=1 the table is appended to bench/RESULTS.md.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { openDatabase } from "../src/db/connection.js";
import { salesInvoicePosting } from "../src/modules/ledger/rules.js";
import { BOOK_INVOICES, seedBooks } from "./books-seed.js";
import { databaseKinds, databaseVersions, freshDatabase, titleOf } from "./fresh-database.js";
import { installExitHandlers, peakRssMb, residentMb, runBench, stopServer } from "./processes.js";
import { appendResults, machineDescription } from "./results.js";
import { bootstrap, request } from "./seed.js";
import { CLI, ROOT, startKasboek } from "./servers.js";
import { SETTINGS } from "./settings.js";

const GOAL_MB = 150;

interface Download {
  seconds: number;
  bytes: number;
  /** occurrences of `marker` in the body, counted as it streams */
  markers: number;
  /** the body's last characters */
  ending: string;
}

/** GETs `url` and reads the body as it arrives, keeping only counts and the last bytes. */
async function download(url: string, token: string, marker: string): Promise<Download> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200 || response.body === null) {
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  }
  const decoder = new TextDecoder();
  let bytes = 0;
  let markers = 0;
  let carry = "";
  let ending = "";
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    const decoded = decoder.decode(chunk, { stream: true });
    ending = (ending + decoded).slice(-32);
    const text = carry + decoded;
    let at = text.indexOf(marker);
    while (at >= 0) {
      markers++;
      at = text.indexOf(marker, at + marker.length);
    }
    // a marker cut by a chunk's end is found whole in the next one, and never counted twice
    carry = text.slice(Math.max(0, text.length - marker.length + 1));
    if (carry.includes(marker)) carry = "";
  }
  return { seconds: (performance.now() - started) / 1000, bytes, markers, ending };
}

interface Row {
  database: string;
  file: string;
  seconds: number;
  megabytes: number;
  rssBefore: number;
  rssAfter: number;
  check: string;
}

/** The server's RSS at rest: a second after it started, and a second after the seed. */
interface AtRest {
  database: string;
  started: number;
  seeded: number;
}

async function main(): Promise<void> {
  installExitHandlers();
  const rows: Row[] = [];
  const atRest: AtRest[] = [];
  for (const kind of databaseKinds()) {
    const database = await freshDatabase(kind);
    const { companyId, token } = await bootstrap(CLI, ROOT, database.url);
    const server = await startKasboek(database.url);
    const base = `${server.baseUrl}/api/v1/companies/${companyId}`;
    try {
      await sleep(1000);
      const started = residentMb(server.pid);
      const contact = await request(
        `${base}/contacts`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ contact: { company_name: "Bench Klant BV", country_code: "NL" } }),
        },
        201,
      );
      const contactId = (JSON.parse(contact.toString("utf8")) as { contact: { id: number } }).contact.id;
      const handle = openDatabase(database.url);
      const seedStarted = performance.now();
      let seeded: { entries: number; lines: number };
      try {
        seeded = await seedBooks(handle.db, companyId, contactId, salesInvoicePosting);
        // what autovacuum does after a bulk load: without statistics PostgreSQL sorts a whole
        // journal for every page instead of reading the index in order
        if (kind === "postgres") await sql`vacuum analyze ledger_entries, ledger_lines`.execute(handle.db);
      } finally {
        await handle.close();
      }
      console.log(
        `${titleOf(kind)}: seeded ${seeded.entries} entries, ${seeded.lines} lines in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
      );
      await sleep(1000);
      atRest.push({ database: titleOf(kind), started, seeded: residentMb(server.pid) });
      const measure = async (file: string, url: string, marker: string, expected: number, tail: string) => {
        const rssBefore = peakRssMb(server.pid);
        const result = await download(url, token, marker);
        const rssAfter = peakRssMb(server.pid);
        if (result.markers !== expected || !result.ending.endsWith(tail)) {
          throw new Error(
            `${file}: ${result.markers} of ${expected} "${marker}", ending ${JSON.stringify(result.ending)}`,
          );
        }
        rows.push({
          database: titleOf(kind),
          file,
          seconds: result.seconds,
          megabytes: result.bytes / 1e6,
          rssBefore,
          rssAfter,
          check: `${expected.toLocaleString("en")} ${marker === "</transaction>" ? "transactions" : "rows"}`,
        });
      };
      await measure(
        "auditfile XAF 4.0",
        `${base}/exports/auditfile?year=2026`,
        "</transaction>",
        seeded.entries,
        "</auditfile>\n",
      );
      await measure(
        "auditfile XAF 3.2",
        `${base}/exports/auditfile?year=2026&version=3.2`,
        "</transaction>",
        seeded.entries,
        "</auditfile>\n",
      );
      // one line break per row, the header's included
      await measure(
        "general ledger CSV",
        `${base}/exports/general_ledger.csv?from=2026-01-01&till=2026-12-31`,
        "\r\n",
        seeded.lines + 1,
        "\r\n",
      );
    } finally {
      await stopServer(server);
      await database.drop();
    }
  }
  const table = [
    `## The auditfile of a year of ${BOOK_INVOICES.toLocaleString("en")} ledger entries, streamed (issue 30)`,
    "",
    machineDescription(
      await databaseVersions(),
      `${BOOK_INVOICES} invoices' postings seeded into the ledger, each file downloaded once per database, in this order`,
    ),
    "",
    "| Database | Server RSS a second after start (MB) | … after one API call and the seed (MB) |",
    "|---|---:|---:|",
    ...atRest.map((row) => `| ${row.database} | ${row.started.toFixed(0)} | ${row.seeded.toFixed(0)} |`),
    "",
    `| Database | File | Seconds | MB | Server peak RSS before → after (MB) | Goal < ${GOAL_MB} MB | Check |`,
    "|---|---|---:|---:|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${row.database} | ${row.file} | ${row.seconds.toFixed(1)} | ${row.megabytes.toFixed(0)} | ${row.rssBefore.toFixed(0)} → ${row.rssAfter.toFixed(0)} | ${row.file.startsWith("auditfile") ? (row.rssAfter < GOAL_MB ? "yes" : "**no**") : "(the goal is the auditfile's)"} | ${row.check} |`,
    ),
  ].join("\n");
  console.log(table);
  if (SETTINGS.writeResults) appendResults([table]);
}

await runBench(main);
