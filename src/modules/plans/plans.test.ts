/**
 * Plans through the API: caps (402), monthly quotas (422 quota_reached) and a plan that closes
 * the API (403). Each test puts its own company on a plan of its own, so tests never change a
 * plan another test uses; `pro`, every other test's plan, is only changed in a database of its own.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  buildTestApp,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
} from "../../../test/support/app.js";
import { buildApp } from "../../app.js";
import { openDatabase } from "../../db/connection.js";
import { migrateToLatest } from "../../db/migrate.js";
import { createCompanyForOperator, updateAccessControl } from "../companies/service.js";
import { createPlan, type PlanChanges, updatePlan } from "./service.js";

let harness: TestApp;
/** the clock of `harness`; tests that need a month move it */
let clock = new Date();

beforeAll(async () => {
  harness = await buildTestApp(() => clock);
});
afterAll(() => harness.close());

/** Puts the company on a new plan with these limits (unlimited and API accessible otherwise). */
async function onPlan(company: TestCompany, limits: PlanChanges): Promise<string> {
  const name = `test-${randomUUID().slice(0, 8)}`;
  await createPlan(harness.deps, name, limits);
  await updateAccessControl(harness.deps, company.companyId, { plan: name });
  return name;
}

const base = (company: TestCompany) => `/api/v1/companies/${company.companyId}`;

function post(company: TestCompany, path: string, body: unknown, headers: Record<string, string> = {}) {
  return request(harness.app, "POST", `${base(company)}${path}`, company.token, body, headers);
}

async function createdId(response: { statusCode: number; body: string }, key: string): Promise<number> {
  expect(response.statusCode, response.body).toBe(201);
  return json<Record<string, { id: number }>>(response)[key]?.id ?? 0;
}

const newContact = (company: TestCompany, name = "Klant BV") =>
  post(company, "/contacts", { contact: { company_name: name } });
const newProduct = (company: TestCompany) =>
  post(company, "/products", { product: { invoice_line: { price_per_unit: 1 } } });

describe("subscription caps (402)", () => {
  it("refuses a contact past max_contacts, counting the ones made before, until one is deleted", async () => {
    const company = await newCompany(harness.deps);
    const first = await createdId(await newContact(company), "contact");
    await createdId(await newContact(company), "contact");
    const plan = await onPlan(company, { max_contacts: 3 });
    await createdId(await newContact(company), "contact");

    const refused = await newContact(company);
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused)).toEqual({
      type: "client.subscription_limit_reached",
      message: `The plan '${plan}' allows at most 3 contacts`,
    });
    const dutch = await post(company, "/contacts", { contact: { company_name: "X" } }, { "accept-language": "nl" });
    expect(errorOf(dutch).message).toBe(`Het abonnement '${plan}' staat hoogstens 3 contacten toe`);
    // a contact made inline by a document is a contact too; the document is not stored either
    const inline = await post(company, "/sales_invoices", {
      sales_invoice: { contact: { company_name: "Inline BV" }, invoice_lines: [{ price_per_unit: 1 }] },
    });
    expect(inline.statusCode).toBe(402);
    const invoices = await request(harness.app, "GET", `${base(company)}/sales_invoices`, company.token);
    expect(invoices.headers["x-total"]).toBe("0");

    const deleted = await request(harness.app, "DELETE", `${base(company)}/contacts/${first}`, company.token);
    expect(deleted.statusCode).toBe(204);
    await createdId(await newContact(company), "contact");
    expect((await newContact(company)).statusCode).toBe(402);

    // the cap is per company: another company on the same plan starts from nothing
    const other = await newCompany(harness.deps);
    await updateAccessControl(harness.deps, other.companyId, { plan });
    await createdId(await newContact(other), "contact");
  });

  it("refuses a product past max_products until one is deleted", async () => {
    const company = await newCompany(harness.deps);
    const plan = await onPlan(company, { max_products: 1 });
    const product = await createdId(await newProduct(company), "product");
    const refused = await newProduct(company);
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused)).toEqual({
      type: "client.subscription_limit_reached",
      message: `The plan '${plan}' allows at most 1 product`,
    });
    // changing what exists is not creating
    const changed = await request(harness.app, "PATCH", `${base(company)}/products/${product}`, company.token, {
      product: { invoice_line: { description: "Kaas" } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await request(harness.app, "DELETE", `${base(company)}/products/${product}`, company.token);
    await createdId(await newProduct(company), "product");
  });
});

describe("a plan's new limit", () => {
  const invoice = (contactId: number) => ({
    sales_invoice: { contact_id: contactId, invoice_lines: [{ price_per_unit: 5 }] },
  });

  it("holds at once when the operator sets it, though the company created under the old one a moment before", async () => {
    const company = await newCompany(harness.deps);
    const contact = await createdId(await newContact(company), "contact");
    const plan = await onPlan(company, {});
    await createdId(await post(company, "/sales_invoices", invoice(contact)), "sales_invoice");
    await updatePlan(harness.deps, plan, { max_sales_invoices_per_month: 1 });
    const refused = await post(company, "/sales_invoices", invoice(contact));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorOf(refused).type).toBe("client.quota_reached");
  });

  it("holds within a second when another process sets it (the access caches' bound)", async () => {
    const company = await newCompany(harness.deps);
    const contact = await createdId(await newContact(company), "contact");
    const plan = await onPlan(company, {});
    await createdId(await post(company, "/sales_invoices", invoice(contact)), "sales_invoice");
    // as another process would: straight in the database, unannounced to this one
    await sql`update plans set max_sales_invoices_per_month = 1 where name = ${plan}`.execute(harness.deps.db);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const refused = await post(company, "/sales_invoices", invoice(contact));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorOf(refused).type).toBe("client.quota_reached");
  });
});

describe("monthly quotas (422 quota_reached)", () => {
  it("counts the sales invoices created this calendar month in the company's time zone", async () => {
    const company = await newCompany(harness.deps);
    const contact = await createdId(await newContact(company), "contact");
    const invoice = { contact_id: contact, date: "2031-03-20", invoice_lines: [{ price_per_unit: 5 }] };
    const plan = await onPlan(company, { max_sales_invoices_per_month: 2 });
    // 31 March 23:30 in Amsterdam (summer time: UTC+2)
    clock = new Date("2031-03-31T21:30:00Z");
    const first = await createdId(await post(company, "/sales_invoices", { sales_invoice: invoice }), "sales_invoice");
    await createdId(await post(company, "/sales_invoices", { sales_invoice: invoice }), "sales_invoice");
    const refused = await post(company, "/sales_invoices", { sales_invoice: invoice });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toEqual({
      type: "client.quota_reached",
      message: `The plan '${plan}' allows at most 2 sales invoices per month`,
    });
    // publishing one already made creates nothing
    const published = await request(harness.app, "PATCH", `${base(company)}/sales_invoices/${first}`, company.token, {
      sales_invoice: { _publish: true },
    });
    expect(published.statusCode, published.body).toBe(200);

    // an hour later it is 1 April in Amsterdam (still 31 March in UTC): March's invoices no longer count
    clock = new Date("2031-03-31T22:30:00Z");
    await createdId(await post(company, "/sales_invoices", { sales_invoice: invoice }), "sales_invoice");
    await createdId(await post(company, "/sales_invoices", { sales_invoice: invoice }), "sales_invoice");
    expect((await post(company, "/sales_invoices", { sales_invoice: invoice })).statusCode).toBe(422);
    clock = new Date();
  });

  it("counts quotations, and the invoice a quotation becomes counts as a sales invoice", async () => {
    const company = await newCompany(harness.deps);
    const contact = await createdId(await newContact(company), "contact");
    const quotation = { contact_id: contact, invoice_lines: [{ price_per_unit: 5 }] };
    const plan = await onPlan(company, { max_quotations_per_month: 1, max_sales_invoices_per_month: 0 });
    const id = await createdId(await post(company, "/quotations", { quotation }), "quotation");
    const refused = await post(company, "/quotations", { quotation });
    expect(errorOf(refused)).toEqual({
      type: "client.quota_reached",
      message: `The plan '${plan}' allows at most 1 quotation per month`,
    });
    const patch = (fields: Record<string, unknown>) =>
      request(harness.app, "PATCH", `${base(company)}/quotations/${id}`, company.token, { quotation: fields });
    expect((await patch({ _publish: true })).statusCode).toBe(200);
    const invoicing = await patch({ _invoice: true });
    expect(invoicing.statusCode).toBe(422);
    expect(errorOf(invoicing).type).toBe("client.quota_reached");
    const shown = await request(harness.app, "GET", `${base(company)}/quotations/${id}`, company.token);
    expect(json<{ quotation: { status: string } }>(shown).quotation.status).toBe("published");
  });
});

describe("a plan without API access (403)", () => {
  it("denies every request of a company on `free`, and moving it back restores them", async () => {
    const company = await newCompany(harness.deps);
    const accessControl = async () => {
      const listed = await request(harness.app, "GET", "/api/v1/companies", company.token);
      const companies = json<{ companies: Array<{ id: number; access_control: { api_accessible: boolean } }> }>(listed);
      return companies.companies.find((shown) => shown.id === company.companyId)?.access_control;
    };
    await updateAccessControl(harness.deps, company.companyId, { plan: "free" });
    for (const [method, path] of [
      ["GET", ""],
      ["GET", "/contacts"],
      ["POST", "/contacts"],
    ] as const) {
      const body = method === "POST" ? { contact: { company_name: "X" } } : undefined;
      const response = await request(harness.app, method, `${base(company)}${path}`, company.token, body);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(errorOf(response).type).toBe("client.authorization.access_denied");
    }
    expect(await accessControl()).toMatchObject({ api_accessible: false });

    const back = await updateAccessControl(harness.deps, company.companyId, { plan: "pro" });
    expect(back).toMatchObject({ plan: "pro", api_accessible: true });
    expect((await request(harness.app, "GET", `${base(company)}/contacts`, company.token)).statusCode).toBe(200);
    expect(await accessControl()).toMatchObject({ api_accessible: true });

    // both switches must be on: the company's own, and its plan's
    await updateAccessControl(harness.deps, company.companyId, { apiAccessible: false });
    expect(await accessControl()).toMatchObject({ api_accessible: false });
  });

  it("refuses an unknown plan and changes nothing", async () => {
    const company = await newCompany(harness.deps);
    await expect(
      updateAccessControl(harness.deps, company.companyId, { plan: "no-such-plan", apiAccessible: false }),
    ).rejects.toMatchObject({ type: "client.not_found.resource", message: "Plan not found" });
    expect((await request(harness.app, "GET", base(company), company.token)).statusCode).toBe(200);
  });
});

/** A migrated database of this test's own, where `pro` can change without touching other tests. */
async function ownDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const shared = inject("databaseUrl");
  if (shared.startsWith("sqlite:")) {
    const directory = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "kasboek-plans-"));
    return {
      url: `sqlite:${path.join(directory, "plans.sqlite")}`,
      drop: async () => rmSync(directory, { recursive: true, force: true }),
    };
  }
  const name = `kasboek_plans_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: shared });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

describe("companies per user (402)", () => {
  it("limits the companies a user creates through the API by the plan a new company gets", async () => {
    const database = await ownDatabase();
    const handle = openDatabase(database.url);
    try {
      await migrateToLatest(handle.db);
      const deps = { db: handle.db, now: () => new Date() };
      const app = buildApp(deps, { logger: false });
      await app.ready();
      const owner = await newCompany(deps);
      const create = (name: string) =>
        request(app, "POST", "/api/v1/companies", owner.token, { company: { name, vat_liable: false } });
      // unlimited as installed
      expect((await create("Tweede BV")).statusCode).toBe(201);
      await updatePlan(deps, "pro", { max_companies_per_user: 3 });
      expect((await create("Derde BV")).statusCode).toBe(201);
      const refused = await create("Vierde BV");
      expect(refused.statusCode).toBe(402);
      expect(errorOf(refused)).toEqual({
        type: "client.subscription_limit_reached",
        message: "The plan 'pro' allows at most 3 companies per user",
      });
      // the operator is not limited
      await createCompanyForOperator(deps, owner.userId, { name: "Van de beheerder BV", vat_liable: false });
      // another user counts their own companies
      const other = await newCompany(deps);
      const created = await request(app, "POST", "/api/v1/companies", other.token, {
        company: { name: "Z", vat_liable: false },
      });
      expect(created.statusCode).toBe(201);
      await app.close();
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
