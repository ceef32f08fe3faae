/**
 * The list queries that must not grow with the company (bench/scaling.ts): each is run through
 * the stores on a Kysely that records every query it runs, and what it ran is checked.
 * - A page of the unfiltered invoice list past the middle is read from the far end of the order
 *   (db/paging.ts), so the last page skips no rows; every page is still exactly its slice of the
 *   whole list, on both databases.
 * - On SQLite, whose planner has no statistics here, the plans: the page's invoices are read by
 *   primary key, and a `search[q]` list and its count are driven by the FTS mirrors, not by walking
 *   the company's index (which read every contact of the company to find one); an expense found by
 *   its contact's name is looked up by contact.
 * No timings: the plans and the rows skipped are what decide how a list scales.
 */
import { type CompiledQuery, Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDialect, parseDatabaseUrl } from "../src/db/dialect.js";
import { listContacts } from "../src/modules/contacts/store.js";
import { listExpenses } from "../src/modules/expenses/store.js";
import { paidCentsOfDocuments } from "../src/modules/payments/service.js";
import { paidCents } from "../src/modules/sales-invoices/kind.js";
import { salesInvoiceLister } from "../src/modules/sales-invoices/store.js";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "./support/app.js";

let harness: TestApp;
let company: TestCompany;
let recorder: Kysely<object>;
const ran: CompiledQuery[] = [];

/** Dates out of id order, some shared, so the order's tie-break on id counts. */
const INVOICE_DATES = [
  "2024-03-01",
  "2024-01-15",
  "2024-03-01",
  "2024-02-10",
  "2024-01-15",
  "2024-04-01",
  "2024-02-10",
];

async function post(path: string, body: unknown): Promise<number> {
  const response = await request(
    harness.app,
    "POST",
    `/api/v1/companies/${company.companyId}/${path}`,
    company.token,
    body,
  );
  expect(response.statusCode, response.body).toBe(201);
  return Object.values(json<Record<string, { id: number }>>(response))[0]?.id ?? 0;
}

/** The queries `work` runs on the recording Kysely. */
async function queriesOf(work: (executor: Kysely<object>) => Promise<unknown>): Promise<CompiledQuery[]> {
  ran.length = 0;
  await work(recorder);
  return [...ran];
}

async function sqlitePlan(query: CompiledQuery): Promise<string> {
  const { rows } = await recorder.executeQuery<{ detail: string }>({
    ...query,
    sql: `explain query plan ${query.sql}`,
  });
  return rows.map((row) => row.detail).join("\n");
}

const listSalesInvoices = salesInvoiceLister(paidCents());
const listInvoices = (executor: Kysely<object>, page: number, perPage: number) =>
  listSalesInvoices(executor, company.companyId, {}, { page, perPage });

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
  const contactId = await post("contacts", { contact: { company_name: "Klant BV" } });
  await post("contacts", { contact: { company_name: "Kaasmakerij Zeldzaam BV", city: "Alkmaar" } });
  await post("contacts", { contact: { company_name: "Andere Klant BV" } });
  const accounts = await request(
    harness.app,
    "GET",
    `/api/v1/companies/${company.companyId}/accounts?selection=costs&per_page=1`,
    company.token,
  );
  const [costs] = json<{ accounts: Array<{ id: number }> }>(accounts).accounts;
  for (const description of ["Kaas", "Bijzondere wijn", "Brood"]) {
    await post("expenses", {
      expense: { type_account_id: costs?.id, invoice_lines: [{ description, price_per_unit: "10" }] },
    });
  }
  await post("expenses", {
    expense: {
      type_account_id: costs?.id,
      contact: { company_name: "Wijnhandel Bijzonder" },
      invoice_lines: [{ description: "Wijn", price_per_unit: "10" }],
    },
  });
  for (const date of INVOICE_DATES) {
    await post("sales_invoices", {
      sales_invoice: { contact_id: contactId, date, invoice_lines: [{ description: "Werk", price_per_unit: "10" }] },
    });
  }
  const { dialect } = openDialect(parseDatabaseUrl(inject("databaseUrl")));
  recorder = new Kysely<object>({
    dialect,
    log: (event) => {
      if (event.level === "query") ran.push(event.query);
    },
  });
});
afterAll(async () => {
  await recorder.destroy();
  await harness.close();
});

describe("the invoice list's pages", () => {
  it("are each their slice of the whole list, from either end", async () => {
    const whole = await listInvoices(recorder, 1, 100);
    const ids = whole.rows.map((row) => row.id);
    expect(ids).toHaveLength(INVOICE_DATES.length);
    for (const perPage of [1, 2, 3, INVOICE_DATES.length, 100]) {
      for (let page = 1; page <= Math.ceil(ids.length / perPage) + 1; page++) {
        const listed = await listInvoices(recorder, page, perPage);
        expect(listed.total).toBe(ids.length);
        expect(listed.rows.map((row) => row.id)).toEqual(ids.slice((page - 1) * perPage, page * perPage));
      }
    }
  });

  it("skip no rows on the last page", async () => {
    const perPage = 2;
    const lastPage = Math.ceil(INVOICE_DATES.length / perPage);
    const queries = await queriesOf((executor) => listInvoices(executor, lastPage, perPage));
    const pageOfIds = queries.find((query) => /\boffset\b/i.test(query.sql));
    expect(pageOfIds?.parameters.at(-1), pageOfIds?.sql).toBe(0);
  });
});

describe.skipIf(parseDatabaseUrl(inject("databaseUrl")).kind === "postgres")(
  "SQLite's plans without statistics",
  () => {
    it("read a page's invoices by primary key, not by walking the company's index", async () => {
      const queries = await queriesOf((executor) => listInvoices(executor, 1, 3));
      const rowsOfPage = queries.find((query) => /paid_cents/.test(query.sql));
      expect(rowsOfPage).toBeDefined();
      if (rowsOfPage === undefined) return;
      const plan = await sqlitePlan(rowsOfPage);
      expect(plan).toMatch(/SEARCH sales_invoices USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/sales_invoices USING (COVERING )?INDEX/);
    });

    it("let the search index drive a search[q] list and its count", async () => {
      const queries = await queriesOf((executor) =>
        listContacts(executor, company.companyId, { selection: "all", query: "zeldzaam" }, { page: 1, perPage: 40 }),
      );
      expect(queries).toHaveLength(2);
      for (const query of queries) {
        const plan = await sqlitePlan(query);
        expect(plan, query.sql).toMatch(/SEARCH contacts USING INTEGER PRIMARY KEY/);
        expect(plan, query.sql).toMatch(/contacts_search VIRTUAL TABLE/);
        expect(plan, query.sql).not.toMatch(/contacts USING (COVERING )?INDEX/);
        expect(plan, query.sql).not.toMatch(/TEMP B-TREE/);
      }
      const listed = await listContacts(
        recorder,
        company.companyId,
        { selection: "all", query: "zeldzaam" },
        { page: 1, perPage: 40 },
      );
      expect(listed.total).toBe(1);
      expect(listed.rows.map((row) => row.company_name)).toEqual(["Kaasmakerij Zeldzaam BV"]);
    });

    it("let the search indexes drive an expense search[q] list and its count", async () => {
      const paid = paidCentsOfDocuments("expenses", "expense").sum;
      const search = (executor: Kysely<object>) =>
        listExpenses(executor, company.companyId, { text: "bijzonder" }, { page: 1, perPage: 40 }, paid);
      const queries = await queriesOf(search);
      expect(queries).toHaveLength(2);
      for (const query of queries) {
        const plan = await sqlitePlan(query);
        expect(plan, query.sql).toMatch(/expenses_search VIRTUAL TABLE/);
        expect(plan, query.sql).toMatch(/expense_lines_search VIRTUAL TABLE/);
        expect(plan, query.sql).toMatch(/contacts_search VIRTUAL TABLE/);
        expect(plan, query.sql).toMatch(/expenses USING (COVERING )?INDEX expenses_company_contact_index/);
        expect(plan, query.sql).not.toMatch(/SCAN expenses(?!_search)|expenses_company_date_index/);
        expect(plan, query.sql).not.toMatch(/SCAN invoice_lines|invoice_lines USING (COVERING )?INDEX/);
      }
      const listed = await search(recorder);
      expect(listed.total).toBe(2);
    });
  },
);
