/**
 * The automatic postings of docs/bookkeeping.md 3.3 as the books hold them after each API call:
 * P1/P2 at publication, P4 with reverse charge, P3/P5 payments (and their reversals), manual
 * entries, the upgrade that posts earlier work, and the month totals kept beside the lines.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillCompanyBooks } from "../../src/modules/books-backfill/service.js";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../support/app.js";

let harness: TestApp;
let company: TestCompany;
let vatTypes: Map<string, number>;
let dutchCustomer: number;
const BANK = "activa.current_assets.liquid_assets.bank";

interface PostedLine {
  entry_id: number;
  source_type: string;
  source_id: number;
  reverses_entry_id: number | null;
  path: string;
  debit_cents: number;
  credit_cents: number;
  vat_box: string | null;
  vat_base_cents: number | null;
  vat_cents: number | null;
  contact_id: number | null;
}

async function postedLines(source: string, sourceId: number): Promise<PostedLine[]> {
  const { rows } = await sql<PostedLine>`
    select line.entry_id, entry.source_type, entry.source_id, entry.reverses_entry_id, account.path,
      line.debit_cents, line.credit_cents, line.vat_box, line.vat_base_cents, line.vat_cents, line.contact_id
    from ledger_lines line join ledger_entries entry on entry.id = line.entry_id
      join accounts account on account.id = line.account_id
    where entry.company_id = ${company.companyId} and entry.source_type = ${source} and entry.source_id = ${sourceId}
    order by line.entry_id, line.id`.execute(harness.deps.db);
  return rows.map((row) => ({
    ...row,
    entry_id: Number(row.entry_id),
    source_id: Number(row.source_id),
    contact_id: row.contact_id === null ? null : Number(row.contact_id),
    reverses_entry_id: row.reverses_entry_id === null ? null : Number(row.reverses_entry_id),
  }));
}

/** Lines as `path debit/credit [box base/vat]`, for readable expectations. */
const brief = (lines: PostedLine[]) =>
  lines.map((line) => {
    const side = line.debit_cents > 0 ? `D${line.debit_cents}` : `C${line.credit_cents}`;
    const tag = line.vat_box === null ? "" : ` ${line.vat_box} ${line.vat_base_cents ?? "-"}/${line.vat_cents ?? "-"}`;
    return `${line.path} ${side}${tag}`;
  });

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", suffix: string, body?: unknown) =>
  request(harness.app, method, `/api/v1/companies/${company.companyId}${suffix}`, company.token, body);

async function created<Body>(response: { statusCode: number; body: string }, key: string): Promise<Body> {
  expect(response.statusCode, response.body).toBe(201);
  return (json(response) as Record<string, Body>)[key] as Body;
}

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-22T10:00:00Z"));
  company = await newCompany(harness.deps);
  const types = json<{ vat_types: Array<{ id: number; name: string }> }>(await api("GET", "/vat_types?selection=all"));
  vatTypes = new Map(types.vat_types.map((type) => [type.name, type.id]));
  const contact = await created<{ id: number }>(
    await api("POST", "/contacts", { contact: { company_name: "Klant BV", country_code: "NL" } }),
    "contact",
  );
  dutchCustomer = contact.id;
});
afterAll(() => harness.close());

describe("P1 and P2: publishing sales invoices", () => {
  it("posts debtors against revenue and output VAT per box, tagged with base and VAT", async () => {
    const invoice = await created<{ id: number }>(
      await api("POST", "/sales_invoices", {
        sales_invoice: {
          date: "2026-08-03",
          contact_id: dutchCustomer,
          _publish: true,
          invoice_lines: [
            { description: "Advies", price_per_unit: "75", quantity: "4", vat_type_id: vatTypes.get("vat_high") },
            { description: "Boek", price_per_unit: "20", quantity: "1", vat_type_id: vatTypes.get("vat_low_new") },
          ],
        },
      }),
      "sales_invoice",
    );
    const lines = await postedLines("sales_invoice", invoice.id);
    expect(brief(lines)).toEqual([
      "activa.current_assets.debtors D38480",
      "profit.revenue.high C30000 1a 30000/-",
      "profit.revenue.low C2000 1b 2000/-",
      "passiva.current_liabilities.vat_to_pay.high C6300 1a -/6300",
      "passiva.current_liabilities.vat_to_pay.low C180 1b -/180",
    ]);
    expect(lines[0]?.contact_id).toBe(dutchCustomer);
  });

  it("mirrors a credit invoice with negative box amounts", async () => {
    const credit = await created<{ id: number }>(
      await api("POST", "/sales_invoices", {
        sales_invoice: {
          date: "2026-08-04",
          contact_id: dutchCustomer,
          _publish: true,
          invoice_lines: [{ price_per_unit: "-100", vat_type_id: vatTypes.get("vat_high") }],
        },
      }),
      "sales_invoice",
    );
    expect(brief(await postedLines("sales_invoice", credit.id))).toEqual([
      "activa.current_assets.debtors C12100",
      "profit.revenue.high D10000 1a -10000/-",
      "passiva.current_liabilities.vat_to_pay.high D2100 1a -/-2100",
    ]);
  });

  it("posts nothing for a concept", async () => {
    const concept = await created<{ id: number }>(
      await api("POST", "/sales_invoices", {
        sales_invoice: { date: "2026-08-05", contact_id: dutchCustomer, invoice_lines: [{ price_per_unit: "10" }] },
      }),
      "sales_invoice",
    );
    expect(await postedLines("sales_invoice", concept.id)).toEqual([]);
  });
});

describe("P4: publishing expenses", () => {
  it("deducts charged VAT and self-assesses reverse-charged lines at their rate", async () => {
    const supplier = await created<{ id: number }>(
      await api("POST", "/contacts", {
        contact: { company_name: "Lieferant GmbH", country_code: "DE", vat_number: "DE123456789", is_supplier: true },
      }),
      "contact",
    );
    const expense = await created<{ id: number }>(
      await api("POST", "/expenses", {
        expense: {
          date: "2026-08-10",
          state: "published",
          contact_id: supplier.id,
          type_account_id: await accountId("profit.costs.other_costs.misc"),
          invoice_lines: [
            { price_per_unit: "100", vat_type_id: vatTypes.get("vat_high") },
            {
              price_per_unit: "200",
              vat_type_id: vatTypes.get("vat_reverse_charged"),
              reverse_charge_vat_rate: "0.09",
            },
          ],
        },
      }),
      "expense",
    );
    expect(brief(await postedLines("expense", expense.id))).toEqual([
      "profit.costs.other_costs.misc D20000 4b 20000/-",
      "passiva.current_liabilities.vat_to_pay.within_eu C1800 4b -/1800",
      "activa.current_assets.vat_to_claim D3900 5b -/3900",
      "passiva.current_liabilities.creditors C32100",
      "profit.costs.other_costs.misc D10000",
    ]);
  });

  it("P8: adds foreign VAT (a German hotel's 19 %) to the cost, deducting none of it", async () => {
    const hotel = await created<{ id: number }>(
      await api("POST", "/contacts", {
        contact: {
          company_name: "Hotel Berlin GmbH",
          country_code: "DE",
          vat_number: "DE123456789",
          is_supplier: true,
        },
      }),
      "contact",
    );
    const expense = await created<{ id: number }>(
      await api("POST", "/expenses", {
        expense: {
          date: "2026-08-12",
          state: "published",
          contact_id: hotel.id,
          type_account_id: await accountId("profit.costs.other_costs.misc"),
          invoice_lines: [{ price_per_unit: "100", vat_type_id: vatTypes.get("vat_custom"), vat_rate: "0.19" }],
        },
      }),
      "expense",
    );
    expect(brief(await postedLines("expense", expense.id))).toEqual([
      "passiva.current_liabilities.creditors C11900",
      "profit.costs.other_costs.misc D11900",
    ]);
  });
});

async function accountId(path: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`select id from accounts
    where company_id = ${company.companyId} and path = ${path}`.execute(harness.deps.db);
  return Number(rows[0]?.id);
}

describe("P3 and P5: payments", () => {
  it("posts an unlinked receipt as unallocated, reverses and reposts an edit, reverses a delete", async () => {
    const payment = await created<{ id: number }>(
      await api("POST", "/payments", { payment: { amount: "50", account_path: BANK, paid_at: "2026-08-20" } }),
      "payment",
    );
    expect(brief(await postedLines("payment", payment.id))).toEqual([
      `${BANK} D5000`,
      "passiva.current_liabilities.unallocated_receipts C5000",
    ]);
    expect((await api("PATCH", `/payments/${payment.id}`, { payment: { amount: "60" } })).statusCode).toBe(200);
    expect((await api("PATCH", `/payments/${payment.id}`, { payment: { description: "only words" } })).statusCode).toBe(
      200,
    );
    expect((await api("DELETE", `/payments/${payment.id}`)).statusCode).toBe(204);
    const lines = await postedLines("payment", payment.id);
    expect(brief(lines)).toEqual([
      `${BANK} D5000`,
      "passiva.current_liabilities.unallocated_receipts C5000",
      `${BANK} C5000`,
      "passiva.current_liabilities.unallocated_receipts D5000",
      `${BANK} D6000`,
      "passiva.current_liabilities.unallocated_receipts C6000",
      `${BANK} C6000`,
      "passiva.current_liabilities.unallocated_receipts D6000",
    ]);
    const reversals = lines.filter((line) => line.reverses_entry_id !== null);
    expect(new Set(reversals.map((line) => line.reverses_entry_id)).size).toBe(2);
  });

  it("settles debtors once the invoice it is given with is published", async () => {
    const invoice = await created<{ id: number; payments?: unknown }>(
      await api("POST", "/sales_invoices", {
        sales_invoice: {
          date: "2026-08-21",
          contact_id: dutchCustomer,
          invoice_lines: [{ price_per_unit: "100", vat_type_id: vatTypes.get("vat_high") }],
          payments: [{ amount: "121", account_path: BANK, paid_at: "2026-08-22" }],
        },
      }),
      "sales_invoice",
    );
    const { rows } = await sql<{ id: number }>`select id from payments where document_id = ${invoice.id}
      and document_type = 'sales_invoice'`.execute(harness.deps.db);
    const paymentId = Number(rows[0]?.id);
    expect(brief(await postedLines("payment", paymentId))).toEqual([
      `${BANK} D12100`,
      "passiva.current_liabilities.unallocated_receipts C12100",
    ]);
    expect(
      (await api("PATCH", `/sales_invoices/${invoice.id}`, { sales_invoice: { _publish: true } })).statusCode,
    ).toBe(200);
    const lines = await postedLines("payment", paymentId);
    expect(brief(lines.slice(4))).toEqual([`${BANK} D12100`, "activa.current_assets.debtors C12100"]);
    expect(lines[5]?.contact_id).toBe(dutchCustomer);
  });
});

describe("manual journal entries", () => {
  it("posts as written, counts a private-use line in 1d, and reverses on edit and delete", async () => {
    const entry = await created<{ id: number; lines: Array<{ id: number }> }>(
      await api("POST", "/journal_entries", {
        journal_entry: {
          date: "2026-08-31",
          description: "Privégebruik auto",
          lines: [
            { account_path: "profit.costs.vehicle", debit_amount: "210" },
            { account_path: "passiva.current_liabilities.vat_to_pay.private_use", credit_amount: "210" },
          ],
        },
      }),
      "journal_entry",
    );
    expect(brief(await postedLines("journal_entry", entry.id))).toEqual([
      "profit.costs.vehicle D21000",
      "passiva.current_liabilities.vat_to_pay.private_use C21000 1d 100000/21000",
    ]);
    expect((await api("DELETE", `/journal_entries/${entry.id}`)).statusCode).toBe(204);
    const after = await postedLines("journal_entry", entry.id);
    expect(brief(after.slice(2))).toEqual([
      "profit.costs.vehicle C21000",
      "passiva.current_liabilities.vat_to_pay.private_use D21000 1d -100000/-21000",
    ]);
  });
});

describe("the upgrade of an installation from before the ledger", () => {
  it("posts what was published and recorded exactly as the live path did", async () => {
    const totals = async () => {
      const { rows } = await sql<{ path: string; balance: number }>`
        select account.path, sum(line.debit_cents) - sum(line.credit_cents) as balance
        from ledger_lines line join accounts account on account.id = line.account_id
        where line.company_id = ${company.companyId} group by account.path order by account.path`.execute(
        harness.deps.db,
      );
      return rows.map((row) => [row.path, Number(row.balance)]).filter(([, balance]) => balance !== 0);
    };
    const before = await totals();
    expect(before.length).toBeGreaterThan(5);
    await sql`delete from ledger_lines where company_id = ${company.companyId}`.execute(harness.deps.db);
    await sql`delete from ledger_entries where company_id = ${company.companyId}`.execute(harness.deps.db);
    await sql`delete from ledger_account_months where company_id = ${company.companyId}`.execute(harness.deps.db);
    await backfillCompanyBooks(harness.deps, { id: company.companyId, timeZone: "Europe/Amsterdam" });
    expect(await totals()).toEqual(before);
  });
});

describe("the ledger's month totals", () => {
  it("equal the sums of the posted lines per account and month, after everything above", async () => {
    const { rows: fromLines } = await sql<{ account_id: number; month: string; debit: number; credit: number }>`
      select account_id, substr(cast(date as text), 1, 7) as month,
        cast(sum(debit_cents) as bigint) as debit, cast(sum(credit_cents) as bigint) as credit
      from ledger_lines where company_id = ${company.companyId}
      group by account_id, substr(cast(date as text), 1, 7) order by account_id, month`.execute(harness.deps.db);
    const { rows: kept } = await sql<{ account_id: number; month: string; debit: number; credit: number }>`
      select account_id, month, debit_cents as debit, credit_cents as credit from ledger_account_months
      where company_id = ${company.companyId} order by account_id, month`.execute(harness.deps.db);
    const shown = (rows: typeof kept) => rows.map((row) => `${row.account_id} ${row.month} ${row.debit}/${row.credit}`);
    expect(fromLines.length).toBeGreaterThan(5);
    expect(shown(kept)).toEqual(shown(fromLines));
  });
});
