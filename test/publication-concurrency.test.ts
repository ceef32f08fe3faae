/**
 * Gapless invoice numbers under real concurrency: 200 concept invoices of one company are
 * published at once through real server processes sharing the run's database — two processes on
 * PostgreSQL, one on SQLite (an embedded file has one writer at a time by design) — plus a
 * second publication of some of them racing the first. Every invoice must get exactly one
 * number, and the numbers must be exactly 1..200.
 */
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp } from "./support/app.js";
import { type ServerProcess, startServerProcess } from "./support/server-process.js";

const INVOICES = 200;
let harness: TestApp;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(async () => {
  for (const server of servers) server.stop();
  await harness.close();
});

it("gives 200 concurrent publications the numbers 1..200 exactly once", async () => {
  const isPostgres = inject("databaseUrl").startsWith("postgres");
  servers.push(...(await Promise.all((isPostgres ? [1, 2] : [1]).map(() => startServerProcess()))));
  const baseUrls = servers.map((server) => server.url);
  const company = await newCompany(harness.deps);
  const base = `/api/v1/companies/${company.companyId}`;
  const contact = json<{ contact: { id: number } }>(
    await request(harness.app, "POST", `${base}/contacts`, company.token, { contact: { company_name: "Race BV" } }),
  ).contact.id;
  const ids: number[] = [];
  for (let index = 0; index < INVOICES; index++) {
    const created = await request(harness.app, "POST", `${base}/sales_invoices`, company.token, {
      sales_invoice: { contact_id: contact, date: "2031-06-01", invoice_lines: [{ price_per_unit: index + 1 }] },
    });
    ids.push(json<{ sales_invoice: { id: number } }>(created).sales_invoice.id);
  }

  const publish = (id: number, attempt: number) =>
    fetch(`${baseUrls[(id + attempt) % baseUrls.length]}${base}/sales_invoices/${id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${company.token}`, "content-type": "application/json" },
      body: JSON.stringify({ sales_invoice: { _publish: true } }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, never> }));
  // every invoice once, and every tenth a second time on the other process, racing the first
  const racing = ids.filter((_id, index) => index % 10 === 0);
  const results = await Promise.all([...ids.map((id) => publish(id, 0)), ...racing.map((id) => publish(id, 1))]);

  const statuses = results.map((result) => result.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(INVOICES);
  expect(statuses.filter((status) => status === 422)).toHaveLength(racing.length);

  const numbers: string[] = [];
  for (let page = 1; page <= 2; page++) {
    const listed = await request(
      harness.app,
      "GET",
      `${base}/sales_invoices?selection=published&per_page=100&page=${page}`,
      company.token,
    );
    numbers.push(
      ...json<{ sales_invoices: Array<{ invoice_number: string }> }>(listed).sales_invoices.map(
        (invoice) => invoice.invoice_number,
      ),
    );
  }
  const expected = Array.from({ length: INVOICES }, (_, index) => `2031-${String(index + 1).padStart(4, "0")}`);
  expect(numbers.sort()).toEqual(expected);
}, 120_000);
