/**
 * `kasboek books backfill`, run as a real process on the run's database (SQLite or PostgreSQL):
 * a company whose books look as before the ledger — documents published and recorded, no
 * postings, a chart without the accounts the ledger added — gets those accounts and exactly the
 * postings the live path made; a second run changes nothing. While the company waits for it,
 * `kasboek serve` says so in its log. Only this file's company is touched (`--company`): other
 * test files share the database.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { companiesAwaitingBackfill } from "../../src/modules/books-backfill/service.js";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../support/app.js";
import { freePort } from "../support/server-process.js";

const BANK = "activa.current_assets.liquid_assets.bank";
/** accounts the chart gained with the ledger that none of this file's documents names */
const LEDGER_ADDITIONS = ["passiva.current_liabilities.unallocated_receipts", "profit.costs.rounding_differences"];
/** generous: a busy machine starts processes slowly */
const START_TIMEOUT_MS = 60_000;

let harness: TestApp;
let company: TestCompany;
const children: ChildProcess[] = [];

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-22T10:00:00Z"));
  company = await newCompany(harness.deps);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await harness.close();
});

const api = (method: "GET" | "POST", suffix: string, body?: unknown) =>
  request(harness.app, method, `/api/v1/companies/${company.companyId}${suffix}`, company.token, body);

async function created(response: { statusCode: number; body: string }, key: string): Promise<number> {
  expect(response.statusCode, response.body).toBe(201);
  return (json(response) as Record<string, { id: number }>)[key]?.id ?? 0;
}

/** The company's books by account path (ids differ once accounts are made anew): entries with their lines, month totals. */
async function books(): Promise<{ lines: string[]; months: string[] }> {
  const { rows: lines } = await sql<Record<string, unknown>>`
    select entry.source_type, entry.source_id, entry.date, entry.reverses_entry_id, entry.contact_id,
      entry.description, account.path, line.debit_cents, line.credit_cents, line.vat_box, line.vat_base_cents,
      line.vat_cents, line.icp_kind
    from ledger_lines line join ledger_entries entry on entry.id = line.entry_id
      join accounts account on account.id = line.account_id
    where entry.company_id = ${company.companyId}`.execute(harness.deps.db);
  const { rows: months } = await sql<Record<string, unknown>>`
    select account.path, month.month, month.debit_cents, month.credit_cents
    from ledger_account_months month join accounts account on account.id = month.account_id
    where month.company_id = ${company.companyId}`.execute(harness.deps.db);
  const shown = (rows: Array<Record<string, unknown>>) => rows.map((row) => JSON.stringify(Object.values(row))).sort();
  return { lines: shown(lines), months: shown(months) };
}

/** Every ledger row and account of the company as stored, ids included. */
async function storedRows(): Promise<unknown[]> {
  const all = (table: string) =>
    sql<Record<string, unknown>>`select * from ${sql.table(table)} where company_id = ${company.companyId}`
      .execute(harness.deps.db)
      .then(({ rows }) => rows.map((row) => JSON.stringify(row)).sort());
  return Promise.all(["ledger_entries", "ledger_lines", "ledger_account_months", "accounts"].map(all));
}

async function chartPaths(): Promise<string[]> {
  const { rows } = await sql<{ path: string }>`select path from accounts
    where company_id = ${company.companyId} order by path`.execute(harness.deps.db);
  return rows.map((row) => row.path);
}

/** As an installation from before the ledger left it: no postings, and the chart it had then. */
async function forgetTheBooks(): Promise<void> {
  for (const table of ["ledger_lines", "ledger_entries", "ledger_account_months"]) {
    await sql`delete from ${sql.table(table)} where company_id = ${company.companyId}`.execute(harness.deps.db);
  }
  await sql`delete from accounts where company_id = ${company.companyId}
    and path in (${sql.join(LEDGER_ADDITIONS)})`.execute(harness.deps.db);
}

async function backfill(): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = [inject("cliEntry"), "books", "backfill", "--company", String(company.companyId), "--json"];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, {
      env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** Starts `kasboek serve` on the run's database and answers once its log has a line with `text`. */
async function serveLogs(text: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [inject("cliEntry"), "serve"], {
    env: { ...process.env, DATABASE_URL: inject("databaseUrl"), PORT: String(port), LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
  }
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    while (!output.includes(text)) {
      if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}: ${output}`);
      if (Date.now() > deadline) throw new Error(`serve logged no "${text}" in time: ${output}`);
      await sleep(50);
    }
    return output;
  } finally {
    child.kill("SIGTERM");
  }
}

describe("kasboek books backfill", () => {
  it("posts what the books lack as the live path posted it, tells serve's log, and changes nothing a second time", async () => {
    const customer = await created(
      await api("POST", "/contacts", { contact: { company_name: "Klant BV", country_code: "NL" } }),
      "contact",
    );
    const supplier = await created(
      await api("POST", "/contacts", {
        contact: { company_name: "Leverancier BV", country_code: "NL", is_supplier: true },
      }),
      "contact",
    );
    const vatTypes = json<{ vat_types: Array<{ id: number; name: string }> }>(
      await api("GET", "/vat_types?selection=all"),
    ).vat_types;
    const vatHigh = vatTypes.find((type) => type.name === "vat_high")?.id;
    const [costs] = (
      await sql<{ id: number }>`select id from accounts where company_id = ${company.companyId}
        and path = 'profit.costs.other_costs.misc'`.execute(harness.deps.db)
    ).rows;
    await created(
      await api("POST", "/sales_invoices", {
        sales_invoice: {
          date: "2026-08-03",
          contact_id: customer,
          _publish: true,
          invoice_lines: [{ description: "Advies", price_per_unit: "75", quantity: "4", vat_type_id: vatHigh }],
        },
      }),
      "sales_invoice",
    );
    await created(
      await api("POST", "/sales_invoices", {
        sales_invoice: { date: "2026-08-05", contact_id: customer, invoice_lines: [{ price_per_unit: "10" }] },
      }),
      "sales_invoice",
    );
    await created(
      await api("POST", "/expenses", {
        expense: {
          date: "2026-08-10",
          state: "published",
          contact_id: supplier,
          type_account_id: Number(costs?.id),
          invoice_lines: [{ price_per_unit: "100", vat_type_id: vatHigh }],
        },
      }),
      "expense",
    );
    await created(
      await api("POST", "/payments", { payment: { amount: "50", account_path: BANK, paid_at: "2026-08-20" } }),
      "payment",
    );
    await created(
      await api("POST", "/journal_entries", {
        journal_entry: {
          date: "2026-08-31",
          description: "Privégebruik auto",
          lines: [
            { account_path: "profit.costs.vehicle", debit_amount: "210" },
            { account_path: BANK, credit_amount: "210" },
          ],
        },
      }),
      "journal_entry",
    );
    const postedLive = await books();
    const fullChart = await chartPaths();
    // invoice: debtors, revenue, VAT; expense: costs, VAT to claim, creditors; payment and manual entry: two each
    expect(postedLive.lines.length).toBe(3 + 3 + 2 + 2);

    await forgetTheBooks();
    expect((await books()).lines).toEqual([]);
    expect(await companiesAwaitingBackfill(harness.deps)).toBeGreaterThan(0);
    const log = await serveLogs("kasboek books backfill");
    expect(log).toMatch(/companies lack accounts of the default chart .*run `kasboek books backfill`/);

    const first = await backfill();
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      companies: [
        {
          company_id: company.companyId,
          posted: { sales_invoices: 1, expenses: 1, payments: 1, journal_entries: 1 },
        },
      ],
    });
    expect(await chartPaths()).toEqual(fullChart);
    expect(await books()).toEqual(postedLive);

    const stored = await storedRows();
    const second = await backfill();
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual({
      companies: [
        {
          company_id: company.companyId,
          posted: { sales_invoices: 0, expenses: 0, payments: 0, journal_entries: 0 },
        },
      ],
    });
    expect(await storedRows()).toEqual(stored);
  });

  it("refuses a company that does not exist", async () => {
    const args = [inject("cliEntry"), "books", "backfill", "--company", "999999999"];
    const failure = await promisify(execFile)(process.execPath, args, {
      env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain("No company with id 999999999");
  });
});
