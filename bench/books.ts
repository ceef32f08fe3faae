/**
 * `node --import tsx bench/books.ts [--before <dir>]`: the books over 100k invoices, per database
 * (a fresh temp SQLite file always; a fresh PostgreSQL database when BENCH_DATABASE_URL names a
 * server, created and dropped by bench/postgres.ts). In process, through `app.inject` on buildApp
 * (logger off) of the TypeScript sources under `--root` (default: this repository):
 * 1. "publish with posting (empty books)": PUBLISH_COUNT sequential POST …/sales_invoices with
 *    `_publish: true` (bench/scenarios.ts invoiceBody), after PUBLISH_WARMUP unmeasured ones;
 * 2. seeds BOOK_INVOICES invoices' ledger postings (bench/books-seed.ts), and checks a seeded
 *    entry's rows equal those a real publication posted;
 * 3. GET …/vat_returns/2026Q3 and GET …/reports/trial_balance?date=2026-12-31: REPORT_WARMUP
 *    warm-ups, then REPORT_RUNS timed runs; median and p95 against the 200 ms target; box 1a and
 *    the debtors account are checked against what was seeded and published;
 * 4. "publish with posting (100k in the books)": step 1 again on the seeded books.
 * With `--before <dir>` (a checkout of the code before the ledger, e.g. a worktree of fd1bb65
 * with node_modules symlinked), step 1 also runs on that tree in a child process (`--root <dir>
 * --publish-only`, its own fresh database). Every response's status is checked; a wrong status or
 * a failed check marks the row FLAGGED and the exit code 1. Temp files and databases are always
 * removed (bench/processes.ts cleanup, also on SIGINT/SIGTERM). With BENCH_WRITE_RESULTS=1 the
 * tables are appended to bench/RESULTS.md (written just before by bench/run.ts, bench/results.ts).
 */
import { spawn } from "node:child_process";
import { cpus } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  BOOK_INVOICES,
  entrySignature,
  FIRST_SEEDED_SOURCE_ID,
  INVOICE_1A_BASE_CENTS,
  INVOICE_GROSS_CENTS,
  type SalesInvoicePosting,
  seedBooks,
  seededBetween,
} from "./books-seed.js";
import { createBenchDatabase } from "./postgres.js";
import { addCleanupHook, installExitHandlers, makeTempDir, runBench } from "./processes.js";
import { appendResults } from "./results.js";
import { COMPLETE_COMPANY_DETAILS, CONTACT_BODY, INVOICE_VAT_TYPES, invoiceBody } from "./scenarios.js";

const THIS_ROOT = fileURLToPath(new URL("..", import.meta.url));
const { values: options } = parseArgs({
  options: {
    root: { type: "string" },
    before: { type: "string" },
    "publish-only": { type: "boolean", default: false },
    database: { type: "string" },
  },
});
const ROOT = resolve(options.root ?? THIS_ROOT);
const PUBLISH_COUNT = Number(process.env.BENCH_PUBLISH_COUNT || 300);
if (!Number.isInteger(PUBLISH_COUNT) || PUBLISH_COUNT <= 0)
  throw new Error("BENCH_PUBLISH_COUNT must be a positive integer");
const PUBLISH_WARMUP = 10;
const REPORT_WARMUP = 3;
const REPORT_RUNS = 20;
const TARGET_MS = 200;
const RESULT_PREFIX = "BOOKS_PUBLISH_RESULT ";

/** The modules of the tree under `root` (fd1bb65 exports the same names with the same shapes). */
async function loadKasboek(root: string) {
  const load = (path: string) => import(pathToFileURL(join(root, "src", path)).href);
  return {
    ...((await load("app.ts")) as typeof import("../src/app.js")),
    ...((await load("db/connection.ts")) as typeof import("../src/db/connection.js")),
    ...((await load("db/migrate.ts")) as typeof import("../src/db/migrate.js")),
    ...((await load("modules/companies/service.ts")) as typeof import("../src/modules/companies/service.js")),
    ...((await load("modules/tokens/service.ts")) as typeof import("../src/modules/tokens/service.js")),
    ...((await load("modules/users/service.ts")) as typeof import("../src/modules/users/service.js")),
    ...((await load("platform/scopes.ts")) as typeof import("../src/platform/scopes.js")),
  };
}

interface Session {
  db: import("../src/db/connection.js").Executor;
  companyId: number;
  call: (method: "GET" | "POST", path: string, body?: string) => Promise<{ status: number; body: string; ms: number }>;
}

interface Row {
  label: string;
  medianMs: number;
  p95Ms: number;
  perSecond?: number;
  target: boolean;
  problem?: string;
}

/** A fresh migrated database with a complete company, a token of every scope and the app over it. */
async function withSession<Result>(databaseUrl: string, work: (session: Session) => Promise<Result>): Promise<Result> {
  const kasboek = await loadKasboek(ROOT);
  const handle = kasboek.openDatabase(databaseUrl);
  try {
    await kasboek.migrateToLatest(handle.db);
    const deps = { db: handle.db, now: () => new Date() };
    const user = await handle.db.transaction().execute((tx) => kasboek.findOrCreateUser(deps, tx, "books@example.com"));
    const companyId = await kasboek.createCompanyForOperator(deps, user.id, {
      name: "Bench Books BV",
      ...COMPLETE_COMPANY_DETAILS,
    });
    const { token } = await kasboek.issuePersonalToken(deps, handle.db, user.id, kasboek.ALL_SCOPES);
    const app = kasboek.buildApp(deps, { logger: false });
    await app.ready();
    const call: Session["call"] = async (method, path, body) => {
      const headers = { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) };
      const url = `/api/v1/companies/${companyId}${path}`;
      const started = performance.now();
      const response = await app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
      return { status: response.statusCode, body: response.body, ms: performance.now() - started };
    };
    try {
      return await work({ db: handle.db, companyId, call });
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

async function expectStatus(result: Promise<{ status: number; body: string }>, status: number): Promise<string> {
  const { status: got, body } = await result;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${body.slice(0, 300)}`);
  return body;
}

/** A contact with a complete address and the 3-line publishing invoice body for it. */
async function invoiceFor(session: Session): Promise<{ contactId: number; body: string }> {
  const contact = JSON.parse(await expectStatus(session.call("POST", "/contacts", CONTACT_BODY), 201));
  const types = JSON.parse(await expectStatus(session.call("GET", "/vat_types?per_page=100"), 200)) as {
    vat_types: Array<{ id: number; name: string }>;
  };
  const id = (name: string) => types.vat_types.find((type) => type.name === name)?.id ?? 0;
  const [vat_high, vat_low_new, vat_zero] = INVOICE_VAT_TYPES.map(id);
  if (!vat_high || !vat_low_new || !vat_zero) throw new Error("GET …/vat_types lacks a VAT type of the invoice");
  return { contactId: contact.contact.id, body: invoiceBody(contact.contact.id, { vat_high, vat_low_new, vat_zero }) };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

function summarise(label: string, times: number[], target: boolean, problem?: string): Row {
  const sorted = [...times].sort((a, b) => a - b);
  return { label, medianMs: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), target, problem };
}

/** PUBLISH_COUNT sequential create-and-publish requests after PUBLISH_WARMUP unmeasured ones. */
async function publishRow(session: Session, label: string, body: string): Promise<Row & { ids: number[] }> {
  const ids: number[] = [];
  const times: number[] = [];
  let problem: string | undefined;
  let elapsed = 0;
  for (let i = 0; i < PUBLISH_WARMUP + PUBLISH_COUNT; i++) {
    const response = await session.call("POST", "/sales_invoices", body);
    const invoice = response.status === 201 ? JSON.parse(response.body).sales_invoice : undefined;
    if (invoice?.status !== "published") problem ??= `status ${response.status}: ${response.body.slice(0, 200)}`;
    else ids.push(invoice.id);
    if (i >= PUBLISH_WARMUP) {
      times.push(response.ms);
      elapsed += response.ms;
    }
  }
  return { ...summarise(label, times, false, problem), perSecond: (PUBLISH_COUNT * 1000) / elapsed, ids };
}

/** REPORT_RUNS timed GETs after REPORT_WARMUP warm-ups; `check` inspects the last body. */
async function reportRow<Body>(
  session: Session,
  label: string,
  path: string,
  check: (body: Body) => string | undefined,
): Promise<Row> {
  const times: number[] = [];
  let problem: string | undefined;
  let last = "";
  for (let i = 0; i < REPORT_WARMUP + REPORT_RUNS; i++) {
    const response = await session.call("GET", path);
    if (response.status !== 200) problem ??= `status ${response.status}: ${response.body.slice(0, 200)}`;
    if (i >= REPORT_WARMUP) times.push(response.ms);
    last = response.body;
  }
  return summarise(label, times, true, problem ?? check(JSON.parse(last) as Body));
}

const cents = (decimal: string | null | undefined) => Math.round(Number(decimal) * 100);

interface VatReturnBody {
  vat_return?: { boxes?: Record<string, { base: string | null }> };
}
interface TrialBalanceBody {
  trial_balance?: { accounts: Array<{ path: string; debit: string }>; total_debit: string; total_credit: string };
}

/** Steps 1–4 on one session; the rows in that order. */
async function benchBooks(session: Session): Promise<Row[]> {
  const { contactId, body } = await invoiceFor(session);
  const empty = await publishRow(session, "publish with posting (empty books)", body);

  const started = performance.now();
  const rules = (await import(pathToFileURL(join(ROOT, "src/modules/ledger/rules.ts")).href)) as {
    salesInvoicePosting: SalesInvoicePosting;
  };
  const seeded = await seedBooks(session.db, session.companyId, contactId, rules.salesInvoicePosting);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`seeded ${seeded.entries} entries with ${seeded.lines} lines in ${seconds} s`);
  const published = await entrySignature(session.db, session.companyId, empty.ids[0] ?? 0);
  const written = await entrySignature(session.db, session.companyId, FIRST_SEEDED_SOURCE_ID);
  if (published !== written || published === "[]") {
    throw new Error(`a seeded entry differs from a published one:\n${published}\n${written}`);
  }

  const q3Base = seededBetween("2026-07-01", "2026-09-30") * INVOICE_1A_BASE_CENTS;
  const vatReturn = await reportRow<VatReturnBody>(
    session,
    "GET …/vat_returns/2026Q3",
    "/vat_returns/2026Q3",
    (parsed) => {
      const base = cents(parsed.vat_return?.boxes?.["1a"]?.base);
      return base === q3Base ? undefined : `box 1a base is ${base} cents, expected ${q3Base}`;
    },
  );
  const debtorsCents = (BOOK_INVOICES + empty.ids.length) * INVOICE_GROSS_CENTS;
  const trialBalance = await reportRow<TrialBalanceBody>(
    session,
    "GET …/reports/trial_balance?date=2026-12-31",
    "/reports/trial_balance?date=2026-12-31",
    (parsed) => {
      const report = parsed.trial_balance;
      if (report === undefined || report.total_debit !== report.total_credit) return "total debit ≠ total credit";
      const debtors = report.accounts.find((account) => account.path === "activa.current_assets.debtors");
      return cents(debtors?.debit) === debtorsCents
        ? undefined
        : `debtors debit ${debtors?.debit}, expected ${debtorsCents} cents`;
    },
  );
  const full = await publishRow(session, `publish with posting (${BOOK_INVOICES / 1000}k invoices in the books)`, body);
  return [vatReturn, trialBalance, empty, full];
}

/** A fresh database of `kind`: its URL, and how to drop it (also done by cleanup on any exit). */
async function freshDatabase(
  kind: "sqlite" | "postgres",
): Promise<{ url: string; title: string; drop: () => Promise<void> }> {
  if (kind === "sqlite") {
    const url = `sqlite:${join(makeTempDir("kasboek-books-"), "books.sqlite")}`;
    return { url, title: "SQLite (temporary file)", drop: async () => {} };
  }
  const server = process.env.BENCH_DATABASE_URL ?? "";
  if (!/^postgres(ql)?:\/\//.test(server))
    throw new Error(`BENCH_DATABASE_URL must be a postgres:// URL, got "${server}"`);
  const database = await createBenchDatabase(server, THIS_ROOT);
  return {
    url: database.url,
    title: `PostgreSQL (${new URL(server).host}, database ${database.name})`,
    drop: database.drop,
  };
}

/** Step 1 on the tree at `root`, in a child process with its own fresh database. */
function publishBefore(root: string, kind: "sqlite" | "postgres"): Promise<Row> {
  const args = [
    "--import",
    "tsx",
    fileURLToPath(import.meta.url),
    "--root",
    root,
    "--publish-only",
    "--database",
    kind,
  ];
  const child = spawn(process.execPath, args, { cwd: THIS_ROOT, stdio: ["ignore", "pipe", "inherit"] });
  // SIGTERM, so the child's own cleanup drops its database
  const stop = () => void (child.exitCode === null && child.kill("SIGTERM"));
  const release = addCleanupHook({ name: `publish run on ${root}`, run: async () => stop(), sync: stop });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  return new Promise((resolvePromise, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      void release();
      const line = output.split("\n").find((text) => text.startsWith(RESULT_PREFIX));
      if (code !== 0 || line === undefined) reject(new Error(`the run on ${root} failed (exit ${code}):\n${output}`));
      else resolvePromise(JSON.parse(line.slice(RESULT_PREFIX.length)) as Row);
    });
  });
}

const ms = (value: number) => value.toFixed(1);

function markdownTable(title: string, rows: readonly Row[]): string {
  const lines = [
    `### ${title}`,
    "",
    "| scenario | median ms | p95 ms | invoices/s | target | result |",
    "|---|--:|--:|--:|---|---|",
  ];
  for (const row of rows) {
    const over = row.target && (row.medianMs >= TARGET_MS || row.p95Ms >= TARGET_MS);
    const verdict = row.problem !== undefined ? `FLAGGED: ${row.problem}` : over ? "over target" : "ok";
    const rate = row.perSecond === undefined ? "" : row.perSecond.toFixed(1);
    lines.push(
      `| ${row.label} | ${ms(row.medianMs)} | ${ms(row.p95Ms)} | ${rate} | ${row.target ? `< ${TARGET_MS} ms` : ""} | ${verdict} |`,
    );
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  installExitHandlers();
  if (options["publish-only"]) {
    const database = await freshDatabase(options.database === "postgres" ? "postgres" : "sqlite");
    const row = await withSession(database.url, async (session) => {
      const { body } = await invoiceFor(session);
      const { ids: _ids, ...measured } = await publishRow(session, `publish before the ledger (${ROOT})`, body);
      return measured;
    });
    await database.drop();
    console.log(`${RESULT_PREFIX}${JSON.stringify(row)}`);
    return;
  }
  const kinds: Array<"sqlite" | "postgres"> = process.env.BENCH_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
  console.log(
    `Books — node ${process.version}, ${cpus().length} CPUs, ${BOOK_INVOICES} seeded invoices, ` +
      `reports ${REPORT_WARMUP} warm-ups + ${REPORT_RUNS} runs, publish ${PUBLISH_WARMUP} warm-ups + ${PUBLISH_COUNT} sequential, ` +
      `via app.inject; code: ${ROOT}${options.before ? `, before: ${resolve(options.before)}` : ""}\n`,
  );
  let flagged = false;
  const tables: string[] = [];
  const started = performance.now();
  for (const kind of kinds) {
    const database = await freshDatabase(kind);
    console.log(`== ${database.title} ==`);
    const rows = await withSession(database.url, benchBooks);
    await database.drop();
    if (options.before) {
      const before = await publishBefore(resolve(options.before), kind);
      rows.splice(2, 0, { ...before, label: "publish (before the ledger)" });
    }
    tables.push(markdownTable(database.title, rows));
    console.log(`\n${tables[tables.length - 1]}\n`);
    flagged ||= rows.some((row) => row.problem !== undefined);
  }
  if (process.env.BENCH_WRITE_RESULTS && process.env.BENCH_WRITE_RESULTS !== "0") {
    const minutes = ((performance.now() - started) / 60_000).toFixed(1);
    appendResults(["## Books (bench/books.ts)", ...tables, `bench/books.ts took ${minutes} min.`]);
  }
  if (flagged) {
    console.log("Some rows are FLAGGED: a wrong status or a failed check.");
    process.exitCode = 1;
  }
}

await runBench(main);
