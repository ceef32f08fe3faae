/**
 * An invoice created published: its answer is what a later GET shows, byte for byte; its ledger
 * entry is described by its number; and racing create-and-publish requests get gapless numbers.
 */
import type { FastifyInstance } from "fastify";
import { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { json, newCompany, request, type TestCompany } from "../../../test/support/app.js";
import { buildApp } from "../../app.js";
import { openDialect, parseDatabaseUrl } from "../../db/dialect.js";
import type { ServiceDeps } from "../../platform/deps.js";

let app: FastifyInstance;
let deps: ServiceDeps;
let database: Kysely<object>;
let company: TestCompany;
let contactId: number;
let vatTypeIds: Record<string, number> = {};

beforeAll(async () => {
  database = new Kysely<object>({ dialect: openDialect(parseDatabaseUrl(inject("databaseUrl"))).dialect });
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

describe("create + publish of a 3-line invoice", () => {
  it("answers what a later GET shows, and describes its ledger entry by its number", async () => {
    const url = `/api/v1/companies/${company.companyId}/sales_invoices`;
    const created = await request(app, "POST", url, company.token, threeLineInvoice());
    expect(created.statusCode, created.body).toBe(201);

    // what the request answered is what the invoice is
    const invoice = json<{ sales_invoice: { id: number; invoice_number: string } }>(created).sales_invoice;
    const shown = await request(app, "GET", `${url}/${invoice.id}`, company.token);
    expect(created.body).toBe(shown.body);

    // its entry is described by the number
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
