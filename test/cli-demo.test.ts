/**
 * `kasboek demo`, run as a real process on the test run's database: the year it writes (counts,
 * statuses, receipts), books that agree with themselves (a balanced trial balance, VAT returns
 * that are the sums of the invoices, an ICP return that is box 3b, gapless numbers in date
 * order), a sign-in and a token that work, the same year for the same seed and date, and a polite
 * refusal on a second run unless --replace.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../src/modules/users/service.js";
import { buildTestApp, errorOf, json, request, type TestApp } from "./support/app.js";
import { email, kasboek } from "./support/cli.js";

let harness: TestApp;

const TODAY = "2026-11-26";
const SEED = "7";

interface DemoOutput {
  user_id: number;
  email: string;
  password: string | null;
  company_id: number;
  company_name: string;
  token: string;
  app_url: string;
  quarter_to_file: string;
}

interface Line {
  vat_rate: string;
  price_without_vat: string;
  vat_amount: string;
}

interface Invoice {
  id: number;
  date: string;
  invoice_number: string | null;
  status: string;
  payment_status: string;
  price_with_vat: string;
  open_amount: string;
  credited_invoice_id?: number | null;
  cached_contact: { name: string | null } | null;
  invoice_lines: Line[];
}

async function demo(...args: string[]): Promise<DemoOutput> {
  const result = await kasboek("demo", "--date", TODAY, "--seed", SEED, "--json", ...args);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout.trim().split("\n")).toHaveLength(1);
  return JSON.parse(result.stdout);
}

let created: DemoOutput;

async function get<Body>(output: DemoOutput, suffix: string): Promise<{ body: Body; total: number }> {
  const response = await request(harness.app, "GET", `/api/v1/companies/${output.company_id}${suffix}`, output.token);
  expect(response.statusCode, response.body).toBe(200);
  return { body: json<Body>(response), total: Number(response.headers["x-total"] ?? -1) };
}

async function allInvoices(output: DemoOutput, selection = "all"): Promise<Invoice[]> {
  const invoices: Invoice[] = [];
  for (let page = 1; ; page++) {
    const { body } = await get<{ sales_invoices: Invoice[] }>(
      output,
      `/sales_invoices?selection=${selection}&per_page=100&page=${page}`,
    );
    invoices.push(...body.sales_invoices);
    if (body.sales_invoices.length < 100) return invoices;
  }
}

/** "-1234.5" → -123450: exact, from the decimal string's digits. */
function cents(amount: string | null | undefined): number {
  const text = amount ?? "0";
  const [whole = "0", fraction = ""] = text.replace("-", "").split(".");
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return text.startsWith("-") ? -value : value;
}

beforeAll(async () => {
  harness = await buildTestApp();
  created = await demo("--email", email());
}, 120_000);
afterAll(() => harness.close());

describe("kasboek demo", () => {
  it("writes a year: customers and suppliers, about 60 invoices, expenses with receipts, payments, hours, rides", async () => {
    expect(created).toMatchObject({ company_name: "Studio Lindeboom (demo)", quarter_to_file: "2026Q3" });
    expect(created.app_url).toBe(`http://127.0.0.1:3000/app/${created.company_id}/invoices`);
    expect((await get(created, "/contacts?selection=customers")).total).toBe(9);
    expect((await get(created, "/contacts?selection=suppliers")).total).toBe(7);
    const invoices = await allInvoices(created);
    const published = invoices.filter((invoice) => invoice.status === "published");
    expect(published.length).toBeGreaterThanOrEqual(55);
    expect(published.length).toBeLessThanOrEqual(75);
    expect(invoices.filter((invoice) => invoice.status === "concept").length).toBe(2);
    const rates = new Set(published.flatMap((invoice) => invoice.invoice_lines.map((line) => line.vat_rate)));
    expect([...rates].sort()).toEqual(["0.0", "0.09", "0.21"]);
    expect(published.filter((invoice) => invoice.payment_status === "paid").length).toBeGreaterThan(40);
    expect((await allInvoices(created, "expired")).length).toBeGreaterThan(0);
    const credits = await allInvoices(created, "credit_invoices");
    expect(credits).toHaveLength(1);
    expect(credits[0]?.credited_invoice_id).toEqual(expect.any(Number));

    const expenses = await get<{ expenses: Array<{ id: number }> }>(created, "/expenses?per_page=100");
    expect(expenses.total).toBeGreaterThanOrEqual(30);
    for (const expense of expenses.body.expenses.slice(0, 6)) {
      const files = await get<{ attachment_objects: Array<{ attachment_content_type: string }> }>(
        created,
        `/expenses/${expense.id}/attachments`,
      );
      expect(files.body.attachment_objects).toEqual([
        {
          ...files.body.attachment_objects[0],
          attachment_content_type: expect.stringMatching(/^(application\/pdf|image\/png)$/),
        },
      ]);
    }
    expect((await get(created, "/payments?selection=booked")).total).toBeGreaterThan(40);
    expect((await get(created, "/payments?selection=unbooked")).total).toBe(3);
    expect((await get(created, "/hours")).total).toBeGreaterThan(20);
    expect((await get(created, "/rides")).total).toBeGreaterThan(5);
    expect((await get(created, "/quotations")).total).toBe(3);
  });

  it("numbers the invoices gaplessly per year, in date order", async () => {
    const published = (await allInvoices(created)).filter((invoice) => invoice.invoice_number !== null);
    const byYear = new Map<string, Invoice[]>();
    for (const invoice of published) {
      const year = invoice.invoice_number?.slice(0, 4) ?? "";
      byYear.set(year, [...(byYear.get(year) ?? []), invoice]);
    }
    expect([...byYear.keys()].sort()).toEqual(["2025", "2026"]);
    for (const [year, invoices] of byYear) {
      const ordered = invoices.sort((a, b) => (a.invoice_number ?? "").localeCompare(b.invoice_number ?? ""));
      expect(ordered.map((invoice) => invoice.invoice_number)).toEqual(
        ordered.map((_, index) => `${year}-${String(index + 1).padStart(4, "0")}`),
      );
      const dates = ordered.map((invoice) => invoice.date);
      expect(dates).toEqual([...dates].sort());
    }
  });

  it("keeps books that agree: a balanced trial balance, VAT returns that sum the invoices, ICP = 3b", async () => {
    const balance = (
      await get<{ trial_balance: { total_debit: string; total_credit: string } }>(
        created,
        `/reports/trial_balance?date=${TODAY}`,
      )
    ).body.trial_balance;
    expect(balance.total_debit).toBe(balance.total_credit);
    const sheet = (
      await get<{ balance_sheet: { total_assets: string; total_liabilities_and_equity: string } }>(
        created,
        `/reports/balance_sheet?date=${TODAY}`,
      )
    ).body.balance_sheet;
    expect(sheet.total_assets).toBe(sheet.total_liabilities_and_equity);

    const filed = await get<{ vat_returns: Array<{ period: string }> }>(created, "/vat_returns");
    expect(filed.body.vat_returns.map((vatReturn) => vatReturn.period).sort()).toEqual(["2025Q4", "2026Q1", "2026Q2"]);

    const published = (await allInvoices(created)).filter((invoice) => invoice.status === "published");
    const quarters = [
      ["2025Q4", "2025-10-01", "2025-12-31"],
      ["2026Q1", "2026-01-01", "2026-03-31"],
      ["2026Q2", "2026-04-01", "2026-06-30"],
      ["2026Q3", "2026-07-01", "2026-09-30"],
    ];
    for (const [period, from = "", till = ""] of quarters) {
      type Box = { base: string | null; vat: string | null; base_filed: string | null };
      const vatReturn = (
        await get<{ vat_return: { state: string; boxes: Record<string, Box> } }>(created, `/vat_returns/${period}`)
      ).body.vat_return;
      expect(vatReturn.state).toBe(period === "2026Q3" ? "open" : "filed");
      const lines = published
        .filter((invoice) => invoice.date >= from && invoice.date <= till)
        .flatMap((invoice) => invoice.invoice_lines);
      const sum = (rate: string, pick: (line: Line) => string) =>
        lines.filter((line) => line.vat_rate === rate).reduce((total, line) => total + cents(pick(line)), 0);
      expect(cents(vatReturn.boxes["1a"]?.base), `${period} 1a`).toBe(sum("0.21", (line) => line.price_without_vat));
      expect(cents(vatReturn.boxes["1a"]?.vat), `${period} 1a`).toBe(sum("0.21", (line) => line.vat_amount));
      expect(cents(vatReturn.boxes["1b"]?.base), `${period} 1b`).toBe(sum("0.09", (line) => line.price_without_vat));
      expect(cents(vatReturn.boxes["1b"]?.vat), `${period} 1b`).toBe(sum("0.09", (line) => line.vat_amount));
      expect(cents(vatReturn.boxes["3b"]?.base), `${period} 3b`).toBe(sum("0.0", (line) => line.price_without_vat));
      const icp = (await get<{ icp_return: { total: string } }>(created, `/icp_returns/${period}`)).body.icp_return;
      expect(icp.total, `${period} ICP`).toBe(vatReturn.boxes["3b"]?.base_filed);
    }
  });

  it("prints a password that signs in and a token that reaches the demo company", async () => {
    expect(created.password).toEqual(expect.any(String));
    const signedIn = await verifyPassword(harness.deps, created.email, created.password ?? "");
    expect(signedIn?.userId).toBe(created.user_id);
    const companies = await request(harness.app, "GET", "/api/v1/companies", created.token);
    expect(json<{ companies: Array<{ id: number }> }>(companies).companies.map((company) => company.id)).toEqual([
      created.company_id,
    ]);
  });

  it("writes the same year for the same seed and date", async () => {
    const again = await demo("--email", email());
    const shown = async (output: DemoOutput) =>
      (await allInvoices(output)).map((invoice) => [
        invoice.invoice_number,
        invoice.date,
        invoice.cached_contact?.name,
        invoice.price_with_vat,
        invoice.open_amount,
      ]);
    expect(await shown(again)).toEqual(await shown(created));
    expect(again.company_id).not.toBe(created.company_id);
  }, 120_000);

  it("refuses a second run for the same user, changing nothing, and starts afresh with --replace", async () => {
    const address = email();
    const first = await demo("--email", address);
    const second = await kasboek("demo", "--date", TODAY, "--email", address);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `already has the demo company "Studio Lindeboom (demo)" (company ${first.company_id})`,
    );
    expect(second.stderr).toContain("--replace");
    expect(second.stdout).toBe("");
    const still = await request(harness.app, "GET", `/api/v1/companies/${first.company_id}`, first.token);
    expect(still.statusCode).toBe(200);

    const replaced = await demo("--email", address, "--replace");
    expect(replaced.company_id).not.toBe(first.company_id);
    expect(replaced.password, "an existing user keeps their password").toBeNull();
    const gone = await request(harness.app, "GET", `/api/v1/companies/${first.company_id}`, replaced.token);
    expect(gone.statusCode).toBe(403);
    expect(errorOf(gone).type).toBe("client.authorization.access_denied");
  }, 120_000);

  it("refuses a date or seed it cannot read, before touching the database", async () => {
    const badDate = await kasboek("demo", "--date", "2026-02-30");
    expect(badDate.code).toBe(1);
    expect(badDate.stderr).toContain("--date must be a date (YYYY-MM-DD)");
    const badSeed = await kasboek("demo", "--seed", "x");
    expect(badSeed.code).toBe(1);
    expect(badSeed.stderr).toContain("--seed must be a whole number");
  });
});
