/**
 * Limits under real concurrency: creations race through two instances of the service — this
 * process and a server process of its own, each with its own connections to the run's
 * database (two SQLite connections in one process would wait on each other's write lock while
 * blocking the event loop both need, so the second instance is a process, as in production).
 * A limit of N must let exactly N through, and a plan's lock must never deadlock against the
 * ledger's (publications racing new documents).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { type ServerProcess, startServerProcess } from "../../../test/support/server-process.js";
import { updateAccessControl } from "../companies/service.js";
import { createPlan, type PlanChanges } from "./service.js";

let harness: TestApp;
let server: ServerProcess | undefined;
let serverUrl = "";

beforeAll(async () => {
  [harness, server] = await Promise.all([buildTestApp(), startServerProcess()]);
  serverUrl = server.url;
});
afterAll(async () => {
  server?.stop();
  await harness.close();
});

type Method = "POST" | "PATCH";

/** The same request through this process or the server process, alternately by `index`. */
async function send(index: number, company: TestCompany, method: Method, path: string, body: unknown) {
  const url = `/api/v1/companies/${company.companyId}${path}`;
  if (index % 2 === 0) {
    const response = await request(harness.app, method, url, company.token, body);
    return { status: response.statusCode, body: json(response) };
  }
  const response = await fetch(`${serverUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${company.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function companyOnPlan(limits: PlanChanges): Promise<TestCompany> {
  const company = await newCompany(harness.deps);
  const name = `race-${randomUUID().slice(0, 8)}`;
  await createPlan(harness.deps, name, limits);
  await updateAccessControl(harness.deps, company.companyId, { plan: name });
  return company;
}

function countOf(statuses: number[], status: number): number {
  return statuses.filter((candidate) => candidate === status).length;
}

describe("limits under concurrency", () => {
  it("lets exactly max_contacts of 20 simultaneous creations through two instances", async () => {
    const company = await companyOnPlan({ max_contacts: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        send(index, company, "POST", "/contacts", { contact: { company_name: `Race ${index}` } }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(countOf(statuses, 201), JSON.stringify(results.filter((result) => result.status >= 500))).toBe(5);
    expect(countOf(statuses, 402)).toBe(15);
    const listed = await request(harness.app, "GET", `/api/v1/companies/${company.companyId}/contacts`, company.token);
    expect(listed.headers["x-total"]).toBe("5");
  });

  it("keeps a monthly quota while publications of existing invoices race new ones, without deadlock", async () => {
    const company = await companyOnPlan({ max_sales_invoices_per_month: 10 });
    const contact = await send(0, company, "POST", "/contacts", { contact: { company_name: "Klant BV" } });
    const invoice = {
      contact_id: (contact.body.contact as { id: number }).id,
      date: "2031-06-01",
      invoice_lines: [{ price_per_unit: 10 }],
    };
    const existing: number[] = [];
    for (let index = 0; index < 4; index++) {
      const created = await send(0, company, "POST", "/sales_invoices", { sales_invoice: invoice });
      existing.push((created.body.sales_invoice as { id: number }).id);
    }
    const publications = existing.map((id, index) =>
      send(index, company, "PATCH", `/sales_invoices/${id}`, { sales_invoice: { _publish: true } }),
    );
    const creations = Array.from({ length: 12 }, (_, index) =>
      send(index, company, "POST", "/sales_invoices", { sales_invoice: { ...invoice, _publish: true } }),
    );
    const [published, created] = await Promise.all([Promise.all(publications), Promise.all(creations)]);
    expect(published.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    const statuses = created.map((result) => result.status);
    expect(countOf(statuses, 201), JSON.stringify(created.filter((result) => result.status >= 500))).toBe(6);
    expect(countOf(statuses, 422)).toBe(6);
    expect(created.filter((result) => result.status === 422).map((result) => result.body)).toEqual(
      Array.from({ length: 6 }, () =>
        expect.objectContaining({ error: expect.objectContaining({ type: "client.quota_reached" }) }),
      ),
    );
  });
});
