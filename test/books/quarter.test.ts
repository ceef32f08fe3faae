/**
 * A whole quarter worked through by hand: sales in 1a, 1b, 1e, 3a and 3b, a credit note, purchases
 * with input VAT and reverse charge from inside and outside the EU, a private-use correction in
 * 1d; then the return in both roundings, the ICP return, filing with its settlement and rounding,
 * the lock, and the reports that must agree with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, errorOf, json, newCompany, request, type TestApp, type TestCompany } from "../support/app.js";

let harness: TestApp;
let company: TestCompany;
let vatTypes: Map<string, number>;

const api = (method: "GET" | "POST" | "PATCH", suffix: string, body?: unknown) =>
  request(harness.app, method, `/api/v1/companies/${company.companyId}${suffix}`, company.token, body);

async function createdId(response: { statusCode: number; body: string }, key: string): Promise<number> {
  expect(response.statusCode, response.body).toBe(201);
  return (json(response) as Record<string, { id: number }>)[key]?.id ?? -1;
}

const contact = (fields: Record<string, unknown>) => api("POST", "/contacts", { contact: fields });
const line = (price: string, vatType: string, extra: Record<string, unknown> = {}) => ({
  price_per_unit: price,
  vat_type_id: vatTypes.get(vatType),
  ...extra,
});

async function sale(contactId: number, date: string, lines: unknown[], saleType = "supply") {
  const body = {
    sales_invoice: { contact_id: contactId, date, sale_type: saleType, _publish: true, invoice_lines: lines },
  };
  await createdId(await api("POST", "/sales_invoices", body), "sales_invoice");
}

async function purchase(contactId: number, date: string, lines: unknown[]) {
  const accounts = json<{ accounts: Array<{ id: number; path: string }> }>(await api("GET", "/accounts?per_page=100"));
  const misc = accounts.accounts.find((account) => account.path === "profit.costs.other_costs.misc")?.id;
  const body = {
    expense: { contact_id: contactId, date, state: "published", type_account_id: misc, invoice_lines: lines },
  };
  await createdId(await api("POST", "/expenses", body), "expense");
}

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-10-15T10:00:00Z"));
  company = await newCompany(harness.deps);
  const types = json<{ vat_types: Array<{ id: number; name: string }> }>(await api("GET", "/vat_types?selection=all"));
  vatTypes = new Map(types.vat_types.map((type) => [type.name, type.id]));
  const dutch = await createdId(await contact({ company_name: "Klant BV", country_code: "NL" }), "contact");
  const dutchBuilder = await createdId(
    await contact({ company_name: "Bouw BV", country_code: "NL", vat_number: "NL123456782B01" }),
    "contact",
  );
  const german = await createdId(
    await contact({ company_name: "Kunde GmbH", country_code: "DE", vat_number: "DE123456789" }),
    "contact",
  );
  const belgian = await createdId(
    await contact({ company_name: "Klant BVBA", country_code: "BE", vat_number: "BE0123456749" }),
    "contact",
  );
  const american = await createdId(await contact({ company_name: "Customer Inc", country_code: "US" }), "contact");
  await sale(dutch, "2026-07-05", [{ ...line("33.33", "vat_high"), quantity: "3" }]); // 99.99 + 21.00
  await sale(dutch, "2026-08-12", [line("250", "vat_low_new")]); // 250 + 22.50
  await sale(german, "2026-08-20", [line("1000", "vat_zero")]); // 3b goods
  await sale(belgian, "2026-09-03", [line("400", "vat_reverse_charged")], "service"); // 3b services
  await sale(american, "2026-09-10", [line("600", "vat_zero")]); // 3a export
  await sale(dutchBuilder, "2026-09-15", [line("150", "vat_reverse_charged")]); // 1e
  await sale(dutch, "2026-09-20", [line("-50", "vat_high")]); // credit: −50 − 10.50
  await sale(dutch, "2026-10-01", [line("1000", "vat_high")]); // next quarter
  const supplier = await createdId(
    await contact({ company_name: "Leverancier BV", country_code: "NL", is_supplier: true }),
    "contact",
  );
  const saas = await createdId(
    await contact({ company_name: "SaaS Inc", country_code: "US", is_supplier: true }),
    "contact",
  );
  const lieferant = await createdId(
    await contact({ company_name: "Lieferant GmbH", country_code: "DE", is_supplier: true }),
    "contact",
  );
  await purchase(supplier, "2026-07-15", [line("200", "vat_high")]); // 5b 42
  await purchase(saas, "2026-08-01", [line("100", "vat_reverse_charged")]); // 4a 100/21, 5b 21
  await purchase(lieferant, "2026-09-05", [line("80", "vat_reverse_charged", { reverse_charge_vat_rate: "0.09" })]); // 4b 80/7.20
  const privateUse = {
    journal_entry: {
      date: "2026-09-30",
      description: "Privégebruik",
      lines: [
        { account_path: "profit.costs.vehicle", debit_amount: "105" },
        { account_path: "passiva.current_liabilities.vat_to_pay.private_use", credit_amount: "105" },
      ],
    },
  };
  await createdId(await api("POST", "/journal_entries", privateUse), "journal_entry");
});
afterAll(() => harness.close());

type Box = { base: string | null; vat: string | null; base_filed: string | null; vat_filed: string | null };
const boxesOf = (response: { body: string }) =>
  json<{ vat_return: { boxes: Record<string, Box> } }>(response).vat_return.boxes;
const box = (base: string | null, vat: string | null, baseFiled: string | null, vatFiled: string | null): Box => ({
  base,
  vat,
  base_filed: baseFiled,
  vat_filed: vatFiled,
});

describe("the third quarter of 2026, by hand", () => {
  it("gives the exact boxes and, in the filer's favour, the whole euros to file", async () => {
    const response = await api("GET", "/vat_returns/2026Q3");
    expect(response.statusCode, response.body).toBe(200);
    expect(boxesOf(response)).toEqual({
      "1a": box("49.99", "10.5", "49.0", "10.0"),
      "1b": box("250.0", "22.5", "250.0", "22.0"),
      "1c": box("0.0", "0.0", "0.0", "0.0"),
      "1d": box("500.0", "105.0", "500.0", "105.0"),
      "1e": box("150.0", null, "150.0", null),
      "2a": box("0.0", "0.0", "0.0", "0.0"),
      "3a": box("600.0", null, "600.0", null),
      "3b": box("1400.0", null, "1400.0", null),
      "3c": box("0.0", null, "0.0", null),
      "4a": box("100.0", "21.0", "100.0", "21.0"),
      "4b": box("80.0", "7.2", "80.0", "7.0"),
      "5a": box(null, "166.2", null, "165.0"),
      "5b": box(null, "70.2", null, "71.0"),
      "5g": box(null, "96.0", null, "94.0"),
    });
  });

  it("rounds half away from zero when the company asks for arithmetic rounding", async () => {
    const patch = await api("PATCH", "/bookkeeping_settings", {
      bookkeeping_settings: { vat_return_rounding: "arithmetic" },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const boxes = boxesOf(await api("GET", "/vat_returns/2026Q3"));
    expect([boxes["1a"]?.vat_filed, boxes["1b"]?.vat_filed, boxes["5b"]?.vat_filed, boxes["5a"]?.vat_filed]).toEqual([
      "11.0",
      "23.0",
      "70.0",
      "167.0",
    ]);
    expect(boxes["5g"]?.vat_filed).toBe("97.0");
    await api("PATCH", "/bookkeeping_settings", { bookkeeping_settings: { vat_return_rounding: "favour" } });
  });

  it("lists the EU customers for the ICP return, adding up to 3b", async () => {
    const response = await api("GET", "/icp_returns/2026Q3");
    expect(json(response)).toMatchObject({
      icp_return: {
        supplies: [{ country_code: "DE", vat_number: "123456789", amount: "1000.0" }],
        services: [{ country_code: "BE", vat_number: "0123456749", amount: "400.0" }],
        total: "1400.0",
      },
    });
  });

  it("files: settles the VAT accounts, books the rounding, and locks the quarter", async () => {
    const filed = await api("POST", "/vat_returns", { vat_return: { period: "2026Q3" } });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(json(filed)).toMatchObject({ vat_return: { state: "filed", period: "2026Q3" } });
    const balance = json<{
      trial_balance: { accounts: Array<{ path: string; balance: string }>; total_debit: string; total_credit: string };
    }>(await api("GET", "/reports/trial_balance?date=2026-09-30")).trial_balance;
    const of = (path: string) => balance.accounts.find((account) => account.path === path)?.balance ?? "0.0";
    expect(balance.total_debit).toBe(balance.total_credit);
    for (const vatAccount of ["high", "low", "private_use", "outside_eu", "within_eu"]) {
      expect(of(`passiva.current_liabilities.vat_to_pay.${vatAccount}`)).toBe("0.0");
    }
    expect(of("activa.current_assets.vat_to_claim")).toBe("0.0");
    expect(of("passiva.current_liabilities.vat_settlement")).toBe("-94.0");
    expect(of("profit.costs.rounding_differences")).toBe("-2.0");

    const late = await api("POST", "/journal_entries", {
      journal_entry: {
        date: "2026-09-30",
        lines: [
          { account_path: "profit.costs.vehicle", debit_amount: "1" },
          { account_path: "passiva.equity.private_deposits", credit_amount: "1" },
        ],
      },
    });
    expect(late.statusCode).toBe(422);
    expect(errorOf(late).message).toContain("date falls in a period whose VAT return is filed");
    expect((await api("POST", "/vat_returns", { vat_return: { period: "2026Q3" } })).statusCode).toBe(422);
    expect((await api("POST", "/vat_returns", { vat_return: { period: "2026Q4" } })).statusCode).toBe(422);
  });

  it("keeps the balance sheet in balance, the year's result included", async () => {
    const sheet = json<{ balance_sheet: { total_assets: string; total_liabilities_and_equity: string } }>(
      await api("GET", "/reports/balance_sheet?date=2026-12-31"),
    ).balance_sheet;
    expect(sheet.total_assets).toBe(sheet.total_liabilities_and_equity);
  });
});
