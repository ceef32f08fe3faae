/**
 * `search[q]` on the sales invoice list (a Kasboek extension): text in the number, the
 * api_reference, the description or the contact's name, in any case, short or long, with `%`, `_`
 * and quotes taken literally; never another company's invoices or another contact field; combined
 * with `selection` and the other filters; the index following every write; and the query served
 * by indexes (migration 0031 and 0027's contact indexes) rather than by reading the company's rows.
 */
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { isPostgres } from "../../db/dialect.js";

let harness: TestApp;
let company: TestCompany;
const url = (suffix = "") => `/api/v1/companies/${company.companyId}/sales_invoices${suffix}`;
const line = { description: "Werk", quantity: "1", price_per_unit: "100.0" };

async function invoice(fields: Record<string, unknown>): Promise<{ id: number; invoice_number: string | null }> {
  const response = await request(harness.app, "POST", url(), company.token, {
    sales_invoice: { date: "2026-03-02", invoice_lines: [line], ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ sales_invoice: { id: number; invoice_number: string | null } }>(response).sales_invoice;
}

async function found(query: string): Promise<string[]> {
  const response = await request(harness.app, "GET", url(`?per_page=100&${query}`), company.token);
  expect(response.statusCode, response.body).toBe(200);
  const { sales_invoices } = json<{ sales_invoices: Array<{ description: string | null }> }>(response);
  expect(Number(response.headers["x-total"])).toBe(sales_invoices.length);
  return sales_invoices.map((shown) => shown.description ?? "").sort();
}

const search = (text: string, rest = "") => found(`search[q]=${encodeURIComponent(text)}${rest}`);

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
  await invoice({
    contact: { company_name: "Bakkerij Jansen", city: "Utrecht" },
    description: "Brood",
    _publish: true,
  });
  await invoice({ contact: { contact_person_name: "Marieke de Boer", is_individual: true }, description: "Boeken" });
  await invoice({ contact: { company_name: "Fruit & Co" }, description: "100% fruit_sap", api_reference: "Shop-1043" });
  await invoice({ contact: { company_name: "Café Noord" }, description: 'Menu "zomer"' });
  const other = await newCompany(harness.deps);
  await request(harness.app, "POST", `/api/v1/companies/${other.companyId}/sales_invoices`, other.token, {
    sales_invoice: { contact: { company_name: "Bakkerij Jansen" }, description: "Brood elders", invoice_lines: [line] },
  });
});
afterAll(() => harness.close());

describe("search[q] on sales invoices", () => {
  it("finds the text in the number, api_reference, description or contact name, in any case", async () => {
    expect(await search("2026-0001")).toEqual(["Brood"]);
    expect(await search("shop-1043")).toEqual(["100% fruit_sap"]);
    expect(await search("BROOD")).toEqual(["Brood"]);
    expect(await search("jansen")).toEqual(["Brood"]);
    expect(await search("marieke")).toEqual(["Boeken"]);
    expect(await search("café noord")).toEqual(['Menu "zomer"']);
    expect(await search("oe")).toEqual(["Boeken"]);
    expect(await search("ak")).toEqual(["Brood"]);
    expect(await search("x")).toEqual([]);
  });

  it("looks only at the contact's name, not its other fields", async () => {
    expect(await search("utrecht")).toEqual([]);
  });

  it("takes %, _ and quotes literally", async () => {
    expect(await search("100%")).toEqual(["100% fruit_sap"]);
    expect(await search("fruit_sap")).toEqual(["100% fruit_sap"]);
    expect(await search("r_u")).toEqual([]);
    expect(await search('"zomer"')).toEqual(['Menu "zomer"']);
    expect(await search('" OR "')).toEqual([]);
  });

  it("combines with selection and the other filters", async () => {
    expect(await search("o", "&selection=published")).toEqual(["Brood"]);
    expect(await search("o", "&selection=concept")).toEqual(["100% fruit_sap", "Boeken", 'Menu "zomer"']);
    expect(await search("brood", "&search[from]=2026-04-01")).toEqual([]);
  });

  it("follows a change and a deletion at once, and leaves the list without it as it was", async () => {
    const created = await invoice({ contact: { company_name: "Tijdelijk BV" }, description: "Oude omschrijving" });
    expect(await search("oude omschrijving")).toEqual(["Oude omschrijving"]);
    await request(harness.app, "PATCH", url(`/${created.id}`), company.token, {
      sales_invoice: { description: "Nieuwe omschrijving" },
    });
    expect(await search("oude omschrijving")).toEqual([]);
    expect(await search("nieuwe omschrijving")).toEqual(["Nieuwe omschrijving"]);
    await request(harness.app, "DELETE", url(`/${created.id}`), company.token);
    expect(await search("omschrijving")).toEqual([]);
    expect(await found("selection=all")).toEqual(["100% fruit_sap", "Boeken", "Brood", 'Menu "zomer"']);
  });

  it("asks the indexes, not every row", async () => {
    const queries = ["description", "invoice_number"].map((column) =>
      harness.deps.db
        .withTables<{ sales_invoices: { id: number; company_id: number } }>()
        .selectFrom("sales_invoices")
        .select("id")
        .where(sql<boolean>`lower(${sql.ref(column)}) like '%brood%'`)
        .compile(),
    );
    const mirror = harness.deps.db
      .withTables<{ sales_invoices_search: { rowid: number } }>()
      .selectFrom("sales_invoices_search")
      .select("rowid")
      .where(sql<boolean>`sales_invoices_search match '"brood"'`)
      .compile();
    const plans = await harness.deps.db.transaction().execute(async (transaction) => {
      if (!isPostgres(transaction)) {
        const { rows } = await transaction.executeQuery(CompiledQuery.raw(`explain query plan ${mirror.sql}`));
        return JSON.stringify(rows);
      }
      await sql`set local enable_seqscan = off`.execute(transaction);
      const answers = await Promise.all(
        queries.map((query) => transaction.executeQuery(CompiledQuery.raw(`explain (costs off) ${query.sql}`))),
      );
      return JSON.stringify(answers.map((answer) => answer.rows));
    });
    if (isPostgres(harness.deps.db)) {
      expect(plans).toMatch(/sales_invoices_description_trigram/);
      expect(plans).toMatch(/sales_invoices_invoice_number_trigram/);
    } else expect(plans).toMatch(/VIRTUAL TABLE INDEX/);
  });
});
