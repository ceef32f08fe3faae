/**
 * The write baseline of `npm run bench`: a bare Fastify server (same fastify as Kasboek, no auth, no
 * schemas) whose `POST /api/v1/companies/:company_id/sales_invoices` writes, through the raw driver
 * (better-sqlite3 or pg, bench/db.ts: the server's pragmas and pool size), the rows a Kasboek
 * create-and-publish of the bench's 3-line invoice writes, and answers 201 with a padded JSON body of
 * the byte size last set through `PUT /__bench/sizes` ({"invoiceCreate": bytes}). It also serves
 * GET one invoice and the list of 100 through the raw driver (bench/raw-reads.ts: the read ceiling).
 * Invariants:
 * - The rows are copies of the latest invoice Kasboek published for COMPANY_ID (read on the first
 *   POST), every column but `id`: the invoice, its lines, its contact usage, its ledger entry with
 *   its lines and the ledger's month totals; a table that does not exist is skipped.
 * - One transaction per request, each row written once: BEGIN (IMMEDIATE on SQLite); bump the
 *   invoice counter (UPDATE … RETURNING); insert the invoice, published, with the next number;
 *   insert its lines (one statement); insert the contact usage; insert the ledger entry unsealed,
 *   its lines (one statement), seal it (the database's balance trigger runs, as for Kasboek);
 *   upsert the month totals (one statement); COMMIT. SQLite statements are prepared once and run
 *   synchronously (no other request interleaves); PostgreSQL runs them on one pooled client as
 *   named prepared statements (db.ts `prepared`).
 * Run with `node --import tsx bench/raw-server.ts`; env PORT, DATABASE_URL, COMPANY_ID.
 */

import { columnsOf, type DbRow, hasTable, numbered, openRaw, prepared, query, type RawDb, type Value } from "./db.js";
import { rawApp } from "./raw-app.js";
import { registerRawReads } from "./raw-reads.js";

interface Insert {
  sql: string;
  columns: string[];
  rows: DbRow[];
}

interface Plan {
  companyId: number;
  series: string;
  templateNumber: string;
  numberFor: (n: number) => string;
  invoice: Insert;
  lines: Insert;
  usages: Insert | undefined;
  entry: (Insert & { sealed: Value }) | undefined;
  entryLines: Insert | undefined;
  /** [company_id, account_id, month, debit_cents, credit_cents] per account of the entry */
  months: Value[][];
}

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

function insertSql(table: string, columns: string[], rowCount: number, returningId: boolean): string {
  const row = `(${columns.map(() => "?").join(", ")})`;
  return (
    `insert into ${quoted(table)} (${columns.map(quoted).join(", ")}) values ` +
    `${Array.from({ length: rowCount }, () => row).join(", ")}${returningId ? " returning id" : ""}`
  );
}

async function insertOf(db: RawDb, table: string, rows: DbRow[], returningId: boolean): Promise<Insert> {
  const columns = await columnsOf(db, table);
  return { sql: insertSql(table, columns, rows.length, returningId), columns, rows };
}

/** The values of `insert`'s rows in column order, with `overrides` replacing stored ones. */
function valuesOf(insert: Insert, overrides: Record<string, Value>): Value[] {
  return insert.rows.flatMap((row) =>
    insert.columns.map((column) => (column in overrides ? (overrides[column] ?? null) : (row[column] ?? null))),
  );
}

const MONTHS_SQL = (rows: number): string =>
  `insert into ledger_account_months (company_id, account_id, month, debit_cents, credit_cents) values ` +
  `${Array.from({ length: rows }, () => "(?, ?, ?, ?, ?)").join(", ")} on conflict (company_id, account_id, month) ` +
  "do update set debit_cents = ledger_account_months.debit_cents + excluded.debit_cents, " +
  "credit_cents = ledger_account_months.credit_cents + excluded.credit_cents";
const COUNTER_SQL =
  "update counters set last_value = last_value + 1 where company_id = ? and series = ? returning last_value";
const SEAL_SQL = "update ledger_entries set sealed = ? where id = ?";

async function loadPlan(db: RawDb, companyId: number): Promise<Plan> {
  const first = async (sql: string, params: Value[]): Promise<DbRow | undefined> => (await query(db, sql, params))[0];
  const invoice = await first(
    "select * from sales_invoices where company_id = ? and status = 'published' order by id desc limit 1",
    [companyId],
  );
  if (invoice === undefined) throw new Error(`company ${companyId} has no published invoice to copy`);
  const counter = await first(
    "select series from counters where company_id = ? and series like 'sales_invoice%' order by last_value desc limit 1",
    [companyId],
  );
  const templateNumber = String(invoice.invoice_number);
  const digits = /(\d+)$/.exec(templateNumber)?.[1];
  if (counter === undefined || digits === undefined) throw new Error("no invoice counter or numbered invoice");
  const prefix = templateNumber.slice(0, templateNumber.length - digits.length);
  const document = ["sales_invoice", invoice.id ?? null] as const;
  const lines = await query(
    db,
    "select * from invoice_lines where company_id = ? and document_type = ? and document_id = ? order by position, id",
    [companyId, ...document],
  );
  const usages = (await hasTable(db, "contact_usages"))
    ? await query(db, "select * from contact_usages where company_id = ? and document_type = ? and document_id = ?", [
        companyId,
        ...document,
      ])
    : [];
  const entry = (await hasTable(db, "ledger_entries"))
    ? await first(
        "select * from ledger_entries where company_id = ? and source_type = ? and source_id = ? order by id limit 1",
        [companyId, ...document],
      )
    : undefined;
  const entryLines =
    entry === undefined
      ? []
      : await query(db, "select * from ledger_lines where entry_id = ? order by id", [entry.id ?? 0]);
  const totals = new Map<string, [number, number]>();
  for (const line of entryLines) {
    const [debit, credit] = totals.get(String(line.account_id)) ?? [0, 0];
    totals.set(String(line.account_id), [debit + Number(line.debit_cents), credit + Number(line.credit_cents)]);
  }
  const month = String(entry?.date ?? "").slice(0, 7);
  const withMonths = entry !== undefined && (await hasTable(db, "ledger_account_months"));
  return {
    companyId,
    series: String(counter.series),
    templateNumber,
    numberFor: (n) => `${prefix}${String(n).padStart(digits.length, "0")}`,
    invoice: await insertOf(db, "sales_invoices", [invoice], true),
    lines: await insertOf(db, "invoice_lines", lines, false),
    usages: usages.length === 0 ? undefined : await insertOf(db, "contact_usages", usages, false),
    entry:
      entry === undefined
        ? undefined
        : { ...(await insertOf(db, "ledger_entries", [entry], true)), sealed: entry.sealed ?? 1 },
    entryLines: entryLines.length === 0 ? undefined : await insertOf(db, "ledger_lines", entryLines, false),
    months: withMonths
      ? [...totals].map(([account, [debit, credit]]) => [companyId, account, month, debit, credit])
      : [],
  };
}

/** The values of every statement of one create, given the counter's value and the new ids. */
function rowsFor(plan: Plan, n: number, now: string) {
  const number = plan.numberFor(n);
  return {
    invoice: valuesOf(plan.invoice, { invoice_number: number, created_at: now, published_at: now }),
    lines: (invoiceId: Value) => valuesOf(plan.lines, { document_id: invoiceId }),
    usages: (invoiceId: Value) => (plan.usages ? valuesOf(plan.usages, { document_id: invoiceId }) : []),
    entry: (invoiceId: Value) =>
      plan.entry
        ? valuesOf(plan.entry, {
            source_id: invoiceId,
            created_at: now,
            sealed: 0,
            description: String(plan.entry.rows[0]?.description ?? "").replace(plan.templateNumber, number),
          })
        : [],
    entryLines: (entryId: Value) => (plan.entryLines ? valuesOf(plan.entryLines, { entry_id: entryId }) : []),
  };
}

const sqlite = (bigint: Value): Value => (typeof bigint === "bigint" ? Number(bigint) : bigint);

/** The SQLite writer: statements prepared once, one synchronous BEGIN IMMEDIATE transaction per create. */
function sqliteWriter(db: Extract<RawDb, { kind: "sqlite" }>, plan: Plan): () => void {
  const prepare = (sql: string) => db.sqlite.prepare(sql);
  const counter = prepare(COUNTER_SQL);
  const invoice = prepare(plan.invoice.sql);
  const lines = prepare(plan.lines.sql);
  const usages = plan.usages ? prepare(plan.usages.sql) : undefined;
  const entry = plan.entry ? prepare(plan.entry.sql) : undefined;
  const entryLines = plan.entryLines ? prepare(plan.entryLines.sql) : undefined;
  const seal = prepare(SEAL_SQL);
  const months = plan.months.length > 0 ? prepare(MONTHS_SQL(plan.months.length)) : undefined;
  const flatMonths = plan.months.flat().map(sqlite);
  const create = db.sqlite.transaction(() => {
    const n = Number((counter.get(plan.companyId, plan.series) as DbRow).last_value);
    const rows = rowsFor(plan, n, new Date().toISOString());
    const invoiceId = (invoice.get(...rows.invoice.map(sqlite)) as DbRow).id ?? null;
    lines.run(...rows.lines(invoiceId).map(sqlite));
    usages?.run(...rows.usages(invoiceId).map(sqlite));
    if (entry !== undefined && plan.entry !== undefined) {
      const entryId = (entry.get(...rows.entry(invoiceId).map(sqlite)) as DbRow).id ?? null;
      entryLines?.run(...rows.entryLines(entryId).map(sqlite));
      seal.run(sqlite(plan.entry.sealed), entryId);
    }
    months?.run(...flatMonths);
  });
  return () => create.immediate();
}

/** The PostgreSQL writer: one pooled client, BEGIN … COMMIT, the statements in order, each a named prepared statement. */
function postgresWriter(db: Extract<RawDb, { kind: "postgres" }>, plan: Plan): () => Promise<void> {
  const sql = {
    counter: numbered(COUNTER_SQL),
    invoice: numbered(plan.invoice.sql),
    lines: numbered(plan.lines.sql),
    usages: plan.usages ? numbered(plan.usages.sql) : undefined,
    entry: plan.entry ? numbered(plan.entry.sql) : undefined,
    entryLines: plan.entryLines ? numbered(plan.entryLines.sql) : undefined,
    seal: numbered(SEAL_SQL),
    months: plan.months.length > 0 ? numbered(MONTHS_SQL(plan.months.length)) : undefined,
  };
  const flatMonths = plan.months.flat();
  return async () => {
    const client = await db.pool.connect();
    try {
      await client.query("begin");
      const counted = await client.query<DbRow>(prepared(sql.counter, [plan.companyId, plan.series]));
      const rows = rowsFor(plan, Number(counted.rows[0]?.last_value), new Date().toISOString());
      const invoiceId = (await client.query<DbRow>(prepared(sql.invoice, rows.invoice))).rows[0]?.id ?? null;
      await client.query(prepared(sql.lines, rows.lines(invoiceId)));
      if (sql.usages) await client.query(prepared(sql.usages, rows.usages(invoiceId)));
      if (sql.entry && plan.entry) {
        const entryId = (await client.query<DbRow>(prepared(sql.entry, rows.entry(invoiceId)))).rows[0]?.id ?? null;
        if (sql.entryLines) await client.query(prepared(sql.entryLines, rows.entryLines(entryId)));
        await client.query(prepared(sql.seal, [plan.entry.sealed, entryId]));
      }
      if (sql.months) await client.query(prepared(sql.months, flatMonths));
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
}

const port = Number.parseInt(process.env.PORT ?? "", 10);
const companyId = Number.parseInt(process.env.COMPANY_ID ?? "", 10);
const databaseUrl = process.env.DATABASE_URL ?? "";
if (!(port > 0) || !(companyId > 0) || databaseUrl === "") {
  process.stderr.write("raw-server: PORT, COMPANY_ID and DATABASE_URL must be set\n");
  process.exit(1);
}
const db = openRaw(databaseUrl);
let writer: Promise<() => void | Promise<void>> | undefined;
const writerFor = async (): Promise<() => void | Promise<void>> => {
  const plan = await loadPlan(db, companyId);
  return db.kind === "sqlite" ? sqliteWriter(db, plan) : postgresWriter(db, plan);
};

const { app, bodyOf } = rawApp("raw-server");
app.post("/api/v1/companies/:company_id/sales_invoices", async (_request, reply) => {
  writer ??= writerFor();
  await (await writer)();
  return reply.code(201).type("application/json; charset=utf-8").send(bodyOf("invoiceCreate"));
});
registerRawReads(app, db, bodyOf);

let closing = false;
const shutdown = async (): Promise<void> => {
  if (closing) return;
  closing = true;
  await app.close();
  if (db.kind === "sqlite") db.sqlite.close();
  else await db.pool.end();
};
process.once("SIGINT", () => void shutdown());
process.once("SIGTERM", () => void shutdown());

await app.listen({ port, host: "127.0.0.1" });
