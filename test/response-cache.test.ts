/**
 * The response cache (platform/response-cache.ts) as a client sees it: a repeated GET gets the
 * same answer, and never one the database no longer holds, whoever wrote, nor one its access
 * no longer allows. `buildTestApp` runs with the cache on, so every other test that writes and
 * then reads holds it to that too.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app.js";
import { type DatabaseHandle, openDatabase } from "../src/db/connection.js";
import { issuePersonalToken, revokeTokenById } from "../src/modules/tokens/service.js";
import { ALL_SCOPES } from "../src/platform/scopes.js";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany, tokenFor } from "./support/app.js";

type Invoice = { id: number; description: string | null };

let harness: TestApp;
let company: TestCompany;
let contactId: number;
/** another connection to the same database, as another process would have */
let elsewhere: DatabaseHandle;

const invoicesUrl = (own: TestCompany = company) => `/api/v1/companies/${own.companyId}/sales_invoices`;
const line = { description: "Werk", price_per_unit: "100", quantity: "1" };

async function createInvoice(app: FastifyInstance, fields: Record<string, unknown> = {}): Promise<Invoice> {
  const response = await request(app, "POST", invoicesUrl(), company.token, {
    sales_invoice: { contact_id: contactId, invoice_lines: [line], ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ sales_invoice: Invoice }>(response).sales_invoice;
}

async function descriptionOf(app: FastifyInstance, id: number, token = company.token): Promise<string | null> {
  const response = await request(app, "GET", `${invoicesUrl()}/${id}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ sales_invoice: Invoice }>(response).sales_invoice.description;
}

/** Writes the way another process or an operator's SQL would: not through this app. */
async function describeElsewhere(id: number, description: string): Promise<void> {
  await elsewhere.db
    .withTables<{ sales_invoices: { id: number; description: string | null } }>()
    .updateTable("sales_invoices")
    .set({ description })
    .where("id", "=", id)
    .execute();
}

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2024-03-05T10:00:00Z"));
  company = await newCompany(harness.deps);
  const contact = await request(harness.app, "POST", `/api/v1/companies/${company.companyId}/contacts`, company.token, {
    contact: { company_name: "Klant BV" },
  });
  contactId = json<{ contact: { id: number } }>(contact).contact.id;
  elsewhere = openDatabase(inject("databaseUrl"));
});
afterAll(async () => {
  await elsewhere.close();
  await harness.close();
});

describe("a repeated GET", () => {
  it("gets the same body and list headers, with a request id of its own", async () => {
    await createInvoice(harness.app);
    const first = await request(harness.app, "GET", `${invoicesUrl()}?per_page=5`, company.token);
    const second = await request(harness.app, "GET", `${invoicesUrl()}?per_page=5`, company.token);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    for (const header of ["content-type", "x-page", "x-per-page", "x-total"]) {
      expect(second.headers[header], header).toBe(first.headers[header]);
    }
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  it("sees a change made through the API at once", async () => {
    const invoice = await createInvoice(harness.app, { description: "Eerst" });
    expect(await descriptionOf(harness.app, invoice.id)).toBe("Eerst");
    const patched = await request(harness.app, "PATCH", `${invoicesUrl()}/${invoice.id}`, company.token, {
      sales_invoice: { description: "Daarna" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await descriptionOf(harness.app, invoice.id)).toBe("Daarna");

    const before = await request(harness.app, "GET", invoicesUrl(), company.token);
    await createInvoice(harness.app);
    const after = await request(harness.app, "GET", invoicesUrl(), company.token);
    expect(Number(after.headers["x-total"])).toBe(Number(before.headers["x-total"]) + 1);
  });

  it("sees a change committed by another connection, as from another process, at once", async () => {
    const invoice = await createInvoice(harness.app, { description: "Hier" });
    expect(await descriptionOf(harness.app, invoice.id)).toBe("Hier");
    await describeElsewhere(invoice.id, "Daar");
    expect(await descriptionOf(harness.app, invoice.id)).toBe("Daar");
    const listed = await request(harness.app, "GET", `${invoicesUrl()}?per_page=100`, company.token);
    expect(json<{ sales_invoices: Invoice[] }>(listed).sales_invoices).toContainEqual(
      expect.objectContaining({ id: invoice.id, description: "Daar" }),
    );
  });
});

describe("an answer kept while the data version stands still", () => {
  let version = "one";
  let today = new Date("2024-03-05T10:00:00Z");
  let app: FastifyInstance;
  beforeAll(async () => {
    app = buildApp({ ...harness.deps, now: () => today }, { logger: false }, { dataVersion: () => version });
    await app.ready();
  });
  afterAll(() => app.close());

  it("is reused until the version moves", async () => {
    const invoice = await createInvoice(app, { description: "Bewaard" });
    version = "two";
    expect(await descriptionOf(app, invoice.id)).toBe("Bewaard");
    await describeElsewhere(invoice.id, "Gewijzigd");
    // the version did not move, so the kept answer shows: what every test above relies on not happening
    expect(await descriptionOf(app, invoice.id)).toBe("Bewaard");
    version = "three";
    expect(await descriptionOf(app, invoice.id)).toBe("Gewijzigd");
  });

  it("is not given to a request that says Cache-Control: no-cache, which is answered from the database", async () => {
    const invoice = await createInvoice(app, { description: "Oud" });
    version = "six";
    expect(await descriptionOf(app, invoice.id)).toBe("Oud");
    await describeElsewhere(invoice.id, "Nieuw");
    const url = `${invoicesUrl()}/${invoice.id}`;
    for (const directive of ["no-cache", "max-age=0, no-store"]) {
      const fresh = await request(app, "GET", url, company.token, undefined, { "cache-control": directive });
      expect(json<{ sales_invoice: Invoice }>(fresh).sales_invoice.description, directive).toBe("Nieuw");
    }
    expect(await descriptionOf(app, invoice.id)).toBe("Oud");
  });

  it("is not given to a revoked token, a token without the scope, or another company's user", async () => {
    const invoice = await createInvoice(app);
    version = "four";
    const issued = await issuePersonalToken(harness.deps, harness.deps.db, company.userId, ALL_SCOPES);
    await descriptionOf(app, invoice.id, issued.token);
    await revokeTokenById(harness.deps, issued.tokenId);
    const url = `${invoicesUrl()}/${invoice.id}`;
    expect((await request(app, "GET", url, issued.token)).statusCode).toBe(401);
    const contactsOnly = await tokenFor(harness.deps, company.userId, ["manage:contacts"]);
    expect((await request(app, "GET", url, contactsOnly)).statusCode).toBe(403);
    const stranger = await newCompany(harness.deps);
    expect((await request(app, "GET", url, stranger.token)).statusCode).toBe(403);
  });

  it("is kept per day of the company, since a list selects expired invoices by it", async () => {
    const invoice = await createInvoice(app, { date: "2024-03-01", due_date: "2024-03-05", _publish: true });
    version = "five";
    const expired = async () => {
      const response = await request(app, "GET", `${invoicesUrl()}?selection=expired&per_page=100`, company.token);
      return json<{ sales_invoices: Invoice[] }>(response).sales_invoices.map((listed) => listed.id);
    };
    expect(await expired()).not.toContain(invoice.id);
    today = new Date("2024-03-06T10:00:00Z");
    expect(await expired()).toContain(invoice.id);
  });
});
