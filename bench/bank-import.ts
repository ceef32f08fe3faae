/**
 * `node --import tsx bench/bank-import.ts` (a step of `npm run bench`, after `npm run build`):
 * issue 29's import of a bank statement of 10,000 transactions (goal: under 5 s on this machine),
 * on SQLite and — when BENCH_DATABASE_URL names a PostgreSQL server — on PostgreSQL. Per database:
 * a fresh database, `kasboek bootstrap`, a fresh `kasboek serve`, then the same CAMT.053 file
 * POSTed twice: the first books 10,000 new payments, the second finds 10,000 duplicates. Each
 * answer is checked (201 and its counts); the time is from sending the request to its answer.
 * With BENCH_WRITE_RESULTS=1 the table is appended to bench/RESULTS.md.
 */
import { performance } from "node:perf_hooks";
import { camt053 } from "../test/support/bank-files.js";
import { databaseKinds, databaseVersions, freshDatabase, titleOf } from "./fresh-database.js";
import { installExitHandlers, runBench, stopServer } from "./processes.js";
import { appendResults, machineDescription } from "./results.js";
import { bootstrap, request } from "./seed.js";
import { CLI, ROOT, startKasboek } from "./servers.js";
import { SETTINGS } from "./settings.js";

const TRANSACTIONS = 10_000;
const GOAL_SECONDS = 5;

function statementFile(): string {
  const transactions = Array.from({ length: TRANSACTIONS }, (_, index) => ({
    amount: index % 3 === 0 ? `-${(index % 997) + 1}.25` : `${(index % 1999) + 1}.50`,
    bookingDate: `2026-10-${String((index % 28) + 1).padStart(2, "0")}`,
    name: `Tegenpartij ${index % 250}`,
    iban: "NL91ABNA0417164300",
    remittance: `Betaling ${index}`,
    bankReference: `BENCH-${index}`,
  }));
  return camt053([
    { iban: "NL69INGB0123456789", from: "2026-10-01", till: "2026-10-31", opening: "0.00", transactions },
  ]);
}

interface Row {
  database: string;
  run: string;
  seconds: number;
  counts: string;
}

async function importOnce(baseUrl: string, companyId: number, token: string, body: string) {
  const started = performance.now();
  const answer = await request(
    `${baseUrl}/api/v1/companies/${companyId}/bank_statements`,
    { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body },
    201,
  );
  const seconds = (performance.now() - started) / 1000;
  const { bank_statement: statement } = JSON.parse(answer.toString("utf8")) as {
    bank_statement: { new_count: number; duplicates_count: number; ledger_difference: string };
  };
  return { seconds, statement };
}

async function main(): Promise<void> {
  installExitHandlers();
  const body = JSON.stringify({ bank_statement: { attachment: Buffer.from(statementFile()).toString("base64") } });
  const rows: Row[] = [];
  for (const kind of databaseKinds()) {
    const database = await freshDatabase(kind);
    const { companyId, token } = await bootstrap(CLI, ROOT, database.url);
    const server = await startKasboek(database.url);
    try {
      const first = await importOnce(server.baseUrl, companyId, token, body);
      if (first.statement.new_count !== TRANSACTIONS || first.statement.ledger_difference !== "0.0") {
        throw new Error(`first import answered ${JSON.stringify(first.statement)}`);
      }
      const second = await importOnce(server.baseUrl, companyId, token, body);
      if (second.statement.duplicates_count !== TRANSACTIONS)
        throw new Error(`second import: ${JSON.stringify(second.statement)}`);
      rows.push({
        database: titleOf(kind),
        run: "first import",
        seconds: first.seconds,
        counts: `${TRANSACTIONS} new`,
      });
      rows.push({
        database: titleOf(kind),
        run: "same file again",
        seconds: second.seconds,
        counts: `${TRANSACTIONS} duplicates`,
      });
    } finally {
      await stopServer(server);
      await database.drop();
    }
  }
  const table = [
    `## Importing a bank statement of ${TRANSACTIONS.toLocaleString("en")} transactions (issue 29)`,
    "",
    machineDescription(
      await databaseVersions(),
      `one file of ${TRANSACTIONS} transactions, imported twice per database`,
    ),
    "",
    `| Database | Run | Seconds | Goal < ${GOAL_SECONDS} s | Answer |`,
    "|---|---|---:|---|---|",
    ...rows.map(
      (row) =>
        `| ${row.database} | ${row.run} | ${row.seconds.toFixed(2)} | ${row.seconds < GOAL_SECONDS ? "yes" : "**no**"} | ${row.counts} |`,
    ),
  ].join("\n");
  console.log(table);
  if (SETTINGS.writeResults) appendResults([table]);
}

await runBench(main);
