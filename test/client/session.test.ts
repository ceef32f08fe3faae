/**
 * The generated TypeScript client (clients/typescript) against a real server process, for a whole
 * session of a bookkeeping integration: read the company, add a contact, invoice it, publish the
 * invoice, record its payment, download its PDF, page through contacts, and meet the errors.
 *
 * Every call goes through the typed client, so this file compiles only while the paths, bodies and
 * responses it uses are what `schema.ts` says; and `schema.ts` is what the server's document
 * generates (drift.test.ts, and the last test here for the served document). The user, company and
 * token are made through the services, as the operator's bootstrap does.
 */

import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseDocument, schemaSource } from "../../clients/typescript/scripts/schema-source.js";
import {
  createKasboekClient,
  type KasboekClient,
  KasboekError,
  paginate,
  type Schema,
  unwrap,
} from "../../clients/typescript/src/index.js";
import { openDatabase } from "../../src/db/connection.js";
import { newCompany, type TestCompany } from "../support/app.js";
import { DRIFT_HINT, schemaDrift } from "../support/client.js";
import type { ServerProcess } from "../support/server-process.js";
import { startServerProcess } from "../support/server-process.js";

const BANK = "activa.current_assets.liquid_assets.bank";

/**
 * A value the document leaves nullable or optional that this session needs present (an id, a
 * status). Failing here, rather than with a TypeScript non-null assertion, names what was missing.
 */
function present<Value>(value: Value | null | undefined, what: string): Value {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** The error a call failed with, so the test can look at it; a call that succeeds fails the test. */
async function failure(call: Promise<unknown>): Promise<KasboekError> {
  const outcome = await call.then(
    () => new Error("the call succeeded"),
    (error: unknown) => error,
  );
  if (!(outcome instanceof KasboekError)) throw outcome;
  return outcome;
}

describe("the TypeScript client against a server process", () => {
  let server: ServerProcess | undefined;
  let company: TestCompany;
  let client: KasboekClient;
  let companyId: number;
  let contact: Schema<"Contact">;
  let invoiceId: number;
  let invoiceTotal: string;
  let invoiceDate: string;

  beforeAll(async () => {
    const handle = openDatabase(inject("databaseUrl"));
    try {
      company = await newCompany({ db: handle.db, now: () => new Date() }, "Clientsessie BV");
    } finally {
      // the server process writes next; a second connection held open here would only wait on it
      await handle.close();
    }
    companyId = company.companyId;
    server = await startServerProcess();
    client = createKasboekClient({ baseUrl: server.url, token: company.token });
    // a cold start of the server process (tsx transpiling the app) takes seconds on a loaded machine
  }, 120_000);

  afterAll(() => server?.stop());

  it("reads the company", async () => {
    const { company: read } = await unwrap(
      client.GET("/api/v1/companies/{id}", { params: { path: { id: companyId } } }),
    );
    expect(read).toMatchObject({ id: companyId, name: "Clientsessie BV", vat_liable: true, country_code: "NL" });
  });

  it("creates a contact", async () => {
    const created = await unwrap(
      client.POST("/api/v1/companies/{company_id}/contacts", {
        params: { path: { company_id: companyId } },
        body: {
          contact: {
            company_name: "Kaashandel de Vries BV",
            contact_person_name: "Anna de Vries",
            contact_person_email_address: "anna@example.org",
            address: "Kaasmarkt 1",
            zipcode: "1811 KL",
            city: "Alkmaar",
            country_code: "NL",
          },
        },
      }),
    );
    contact = created.contact;
    expect(contact).toMatchObject({ name: "Kaashandel de Vries BV", city: "Alkmaar", is_supplier: false });
    expect(contact.contact_number).toMatch(/^K\d{5}$/);
  });

  it("invoices the contact, with a line at the high VAT rate", async () => {
    const { vat_types: vatTypes } = await unwrap(
      client.GET("/api/v1/companies/{company_id}/vat_types", {
        params: { path: { company_id: companyId }, query: { selection: "all" } },
      }),
    );
    const high = present(
      vatTypes.find((type) => type.name === "vat_high"),
      "the vat_high VAT type",
    );
    expect(high.value).toBe("0.21");

    const { sales_invoice: invoice } = await unwrap(
      client.POST("/api/v1/companies/{company_id}/sales_invoices", {
        params: { path: { company_id: companyId } },
        body: {
          sales_invoice: {
            contact_id: present(contact.id, "the contact's id"),
            description: "Advies maart",
            invoice_lines: [
              { description: "Advice", quantity: "4", price_per_unit: "75.0", vat_type_id: present(high.id, "its id") },
              { description: "Travel", quantity: 1, price_per_unit: 25, vat_type_id: present(high.id, "its id") },
            ],
          },
        },
      }),
    );
    expect(invoice).toMatchObject({
      status: "concept",
      invoice_number: null,
      contact_id: contact.id,
      price_without_vat: "325.0",
      vat_amount: "68.25",
      price_with_vat: "393.25",
      payment_status: "unpaid",
      open_amount: "393.25",
    });
    expect(invoice.invoice_lines?.map((line) => line.description)).toEqual(["Advice", "Travel"]);
    invoiceId = present(invoice.id, "the invoice's id");
    invoiceTotal = present(invoice.price_with_vat, "the invoice's total");
    invoiceDate = present(invoice.date, "the invoice's date");
  });

  it("publishes the invoice", async () => {
    const { sales_invoice: invoice } = await unwrap(
      client.PATCH("/api/v1/companies/{company_id}/sales_invoices/{id}", {
        params: { path: { company_id: companyId, id: invoiceId } },
        body: { sales_invoice: { _publish: true } },
      }),
    );
    expect(invoice.status).toBe("published");
    expect(invoice.invoice_number).toMatch(/^\d{4}-\d{4}$/);
    expect(invoice.cached_contact?.name).toBe("Kaashandel de Vries BV");
  });

  it("records the payment of the invoice and reads it back paid", async () => {
    const { sales_invoice: updated } = await unwrap(
      client.PATCH("/api/v1/companies/{company_id}/sales_invoices/{id}", {
        params: { path: { company_id: companyId, id: invoiceId } },
        body: { sales_invoice: { payments: [{ amount: invoiceTotal, account_path: BANK, paid_at: invoiceDate }] } },
      }),
    );
    expect(updated).toMatchObject({ payment_status: "paid", open_amount: "0.0" });

    const { sales_invoice: read } = await unwrap(
      client.GET("/api/v1/companies/{company_id}/sales_invoices/{id}", {
        params: { path: { company_id: companyId, id: invoiceId } },
      }),
    );
    expect(read).toMatchObject({ status: "published", payment_status: "paid", open_amount: "0.0" });

    // the payments API lists it among the booked ones: linked to the invoice, on the bank account
    const booked = await unwrap(
      client.GET("/api/v1/companies/{company_id}/payments", {
        params: { path: { company_id: companyId }, query: { selection: "booked" } },
      }),
    );
    expect(booked.payments).toEqual([expect.objectContaining({ amount: invoiceTotal, account_path: BANK })]);
  });

  it("downloads the invoice's PDF", async () => {
    const { data, response } = await client.GET("/api/v1/companies/{company_id}/sales_invoices/{id}/pdf", {
      params: { path: { company_id: companyId, id: invoiceId } },
      parseAs: "arrayBuffer",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/pdf/);
    const bytes = Buffer.from(present(data, "the PDF"));
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it("pages through the contacts with paginate", async () => {
    const names = ["Bakkerij Jansen", "Fietsenmaker Bos", "Drukkerij Smit", "Tuincentrum Visser"];
    for (const name of names) {
      await unwrap(
        client.POST("/api/v1/companies/{company_id}/contacts", {
          params: { path: { company_id: companyId } },
          body: { contact: { company_name: name } },
        }),
      );
    }
    // a client that counts its requests, to see the walk take every page and no more
    const requested: string[] = [];
    const counting = createKasboekClient({
      baseUrl: present(server, "the server").url,
      token: company.token,
      fetch: (request) => {
        requested.push(new URL(request.url).search);
        return fetch(request);
      },
    });
    const seen: Schema<"Contact">[] = [];
    for await (const item of paginate(counting, "/api/v1/companies/{company_id}/contacts", {
      params: { path: { company_id: companyId }, query: { per_page: 2 } },
    })) {
      seen.push(item);
    }
    expect(seen.map((item) => item.name).sort()).toEqual(["Kaashandel de Vries BV", ...names].sort());
    expect(new Set(seen.map((item) => item.id)).size).toBe(5);
    expect(requested).toEqual(["?per_page=2&page=1", "?per_page=2&page=2", "?per_page=2&page=3"]);

    // the document's Rails-nested filter names go out as the server reads them
    const found = await unwrap(
      client.GET("/api/v1/companies/{company_id}/contacts", {
        params: { path: { company_id: companyId }, query: { "search[q]": "Fietsenmaker" } },
      }),
    );
    expect(found.contacts.map((item) => item.name)).toEqual(["Fietsenmaker Bos"]);
  });

  it("throws a KasboekError with the envelope of a 422", async () => {
    const error = await failure(
      unwrap(
        client.POST("/api/v1/companies/{company_id}/contacts", {
          params: { path: { company_id: companyId } },
          body: { contact: { company_name: "Dubbel BV", contact_number: contact.contact_number } },
        }),
      ),
    );
    expect(error).toMatchObject({ status: 422, type: "client.parameters.validation" });
    expect(error.message).toContain("contact_number");
    expect(error.requestId).toEqual(expect.any(String));
  });

  it("throws a KasboekError with the envelope of a 404", async () => {
    const error = await failure(
      unwrap(
        client.GET("/api/v1/companies/{company_id}/contacts/{id}", {
          params: { path: { company_id: companyId, id: 2_000_000_000 } },
        }),
      ),
    );
    expect(error).toMatchObject({ status: 404, type: "client.not_found.resource" });
  });

  it("is typed from the document this server serves", async () => {
    const { data, response } = await client.GET("/api/v1/openapi", { parseAs: "text" });
    expect(response.status).toBe(200);
    const served = await schemaSource(parseDocument(present(data, "the document")));
    expect(schemaDrift(served), DRIFT_HINT).toBeUndefined();
    // generating takes seconds on an idle machine, many more beside the whole suite on two cores
  }, 120_000);
});
