/**
 * What a create-and-publish costs the database, as an operator sees it in a statement log: an
 * invoice published as it is created is written once — the invoice, its lines, its number, its
 * posting — with no row updated after its insert (except the ledger entry's seal, where the
 * database checks the balance), nothing read back that the request wrote, and the VAT types of
 * all lines read in one query. Once the number is taken (its counter row stays locked until
 * commit, so racing publications of the company wait for it) the transaction only writes the
 * invoice that carries it and its posting: its lines and contact usage come before. The
 * answer is the same as a later GET, byte for byte, and numbers stay gapless when many such
 * requests race.
 */
import type { FastifyInstance } from "fastify";
import { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { json, newCompany, request, type TestCompany } from "../../../test/support/app.js";
import { buildApp } from "../../app.js";
import { isPostgres, openDialect, parseDatabaseUrl } from "../../db/dialect.js";
import type { ServiceDeps } from "../../platform/deps.js";

/**
 * begin, contact, company (its row held for the books by the same read on PostgreSQL), period
 * lock, chart, invoice id, lines, contact usage, entry, entry lines, counter, invoice, seal, month
 * totals, commit; the plan is not read, since the company's access says it limits nothing, nor
 * are the VAT types, read once per database (vat-types/store.ts). On PostgreSQL the entry comes
 * with its lines and the seal with the month totals, one statement each (ledger/posting-store.ts).
 */
const mostStatements = (executor: Kysely<object>) => (isPostgres(executor) ? 13 : 15);
/**
 * What is written once the number is taken: the invoice that carries it, and the month totals
 * with the seal of its entry (an update, which writes the description that names the number).
 */
const WRITTEN_AFTER_NUMBER = ["sales_invoices", "ledger_account_months"];

let app: FastifyInstance;
let deps: ServiceDeps;
let database: Kysely<object>;
let recorded: string[] | null = null;
let company: TestCompany;
let contactId: number;
let vatTypeIds: Record<string, number> = {};

beforeAll(async () => {
  database = new Kysely<object>({
    dialect: openDialect(parseDatabaseUrl(inject("databaseUrl"))).dialect,
    log: (event) => {
      recorded?.push(event.query.sql);
    },
  });
  deps = { db: database, now: () => new Date("2024-03-02T10:00:00Z") };
  app = buildApp(deps, { logger: false });
  await app.ready();
  company = await newCompany(deps, "Statements BV");
  const contact = await request(app, "POST", `/api/v1/companies/${company.companyId}/contacts`, company.token, {
    contact: { company_name: "Klant BV", country_code: "NL" },
  });
  contactId = json<{ contact: { id: number } }>(contact).contact.id;
  const types = await request(
    app,
    "GET",
    `/api/v1/companies/${company.companyId}/vat_types?selection=all`,
    company.token,
  );
  vatTypeIds = Object.fromEntries(
    json<{ vat_types: Array<{ id: number; name: string }> }>(types).vat_types.map((type) => [type.name, type.id]),
  );
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

const DEBTORS = "activa.current_assets.debtors";

/** The bench's invoice: three lines at 21 %, 9 % and 0 %, published as it is created. */
function threeLineInvoice(date?: string) {
  return {
    sales_invoice: {
      contact_id: contactId,
      ...(date === undefined ? {} : { date }),
      _publish: true,
      invoice_lines: [
        { description: "Adviesuren", quantity: "4.0", price_per_unit: "75.0", vat_type_id: vatTypeIds.vat_high },
        { description: "Vakboek", quantity: "2.0", price_per_unit: "24.95", vat_type_id: vatTypeIds.vat_low_new },
        { description: "Cursus", quantity: "1.0", price_per_unit: "450.0", vat_type_id: vatTypeIds.vat_zero },
      ],
    },
  };
}

/** The tables a statement writes with `pattern`, its WITH clauses included. */
const tablesOf = (statement: string, pattern: RegExp): string[] =>
  [...statement.matchAll(pattern)].flatMap(([, table]) => (table === undefined ? [] : [table]));
const INSERT = /\binsert into "(\w+)"/gi;
const UPDATE = /\bupdate "(\w+)"/gi;
const READ = /\bfrom "(\w+)"/gi;

describe("create + publish of a 3-line invoice", () => {
  it("writes each row once and reads nothing back it wrote", async () => {
    const url = `/api/v1/companies/${company.companyId}/sales_invoices`;
    // the process's first create reads the VAT types, once
    expect((await request(app, "POST", url, company.token, threeLineInvoice())).statusCode).toBe(201);
    recorded = [];
    const created = await request(app, "POST", url, company.token, threeLineInvoice());
    const statements = recorded;
    recorded = null;
    expect(created.statusCode, created.body).toBe(201);

    const first = statements.findIndex((statement) => /^begin/i.test(statement));
    const transaction = statements.slice(first);
    expect(transaction.length, transaction.join("\n")).toBeLessThanOrEqual(mostStatements(database));

    const inserted = new Set<string>();
    const afterInsert: string[] = [];
    for (const statement of transaction) {
      // the entry is sealed after its lines: sealing is where the database checks the balance
      const updated = tablesOf(statement, UPDATE).filter((table) => table !== "ledger_entries");
      if (updated.some((table) => inserted.has(table))) afterInsert.push(statement);
      if (/^select/i.test(statement)) {
        for (const [, table] of statement.matchAll(READ)) if (table && inserted.has(table)) afterInsert.push(statement);
      }
      for (const table of tablesOf(statement, INSERT)) inserted.add(table);
    }
    expect(afterInsert).toEqual([]);
    const counter = transaction.findIndex((statement) => /^insert into "counters"/i.test(statement));
    expect(counter, transaction.join("\n")).toBeGreaterThan(0);
    const afterNumber = transaction.slice(counter + 1);
    expect(afterNumber.filter((statement) => /^select/i.test(statement))).toEqual([]);
    // the counter row is locked from here until commit: the invoice's lines, its contact's usage
    // and its ledger entry were written before, under the invoice's reserved id
    const writtenAfterNumber = new Set(afterNumber.flatMap((statement) => tablesOf(statement, INSERT)));
    expect([...writtenAfterNumber].filter((table) => !WRITTEN_AFTER_NUMBER.includes(table))).toEqual([]);
    expect(afterNumber.length, afterNumber.join("\n")).toBeLessThanOrEqual(isPostgres(database) ? 3 : 4);
    expect(transaction.filter((statement) => /from "vat_types"/.test(statement))).toEqual([]);
    const insertsInto = (table: string) =>
      transaction.filter((statement) => tablesOf(statement, INSERT).includes(table));
    expect(insertsInto("invoice_lines")).toHaveLength(1);
    expect(insertsInto("ledger_lines")).toHaveLength(1);
    expect(insertsInto("ledger_account_months")).toHaveLength(1);

    // what the request answered is what the invoice is
    const invoice = json<{ sales_invoice: { id: number; invoice_number: string } }>(created).sales_invoice;
    const shown = await request(app, "GET", `${url}/${invoice.id}`, company.token);
    expect(created.body).toBe(shown.body);

    // its entry, written before the number was taken, was sealed with the description naming it
    const ledger = await request(
      app,
      "GET",
      `/api/v1/companies/${company.companyId}/reports/general_ledger?account_path=${DEBTORS}&from=2024-01-01&till=2024-12-31`,
      company.token,
    );
    expect(ledger.statusCode, ledger.body).toBe(200);
    const movements = json<{ general_ledger: { movements: Array<Record<string, unknown>> } }>(ledger).general_ledger
      .movements;
    expect(movements.filter((movement) => movement.source_id === invoice.id)).toEqual([
      expect.objectContaining({ source_type: "sales_invoice", description: `Factuur ${invoice.invoice_number}` }),
    ]);
  });

  it("gives racing create-and-publish requests gapless numbers", async () => {
    const own = await newCompany(deps, "Race BV");
    const contact = await request(app, "POST", `/api/v1/companies/${own.companyId}/contacts`, own.token, {
      contact: { company_name: "Klant BV" },
    });
    const ownContactId = json<{ contact: { id: number } }>(contact).contact.id;
    const body = threeLineInvoice("2032-05-01");
    body.sales_invoice.contact_id = ownContactId;
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        request(app, "POST", `/api/v1/companies/${own.companyId}/sales_invoices`, own.token, body),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    const numbers = responses.map(
      (response) => json<{ sales_invoice: { invoice_number: string } }>(response).sales_invoice.invoice_number,
    );
    const expected = Array.from({ length: 12 }, (_, index) => `2032-${String(index + 1).padStart(4, "0")}`);
    expect(numbers.sort()).toEqual(expected);
  });
});
