/**
 * Exactly once across a crash (issue 26): a POST with an Idempotency-Key that creates and
 * publishes an invoice, through a real `kasboek serve` process killed with SIGKILL before the
 * request's commit, right after it, or after the answer (test/support/crash-points.mjs); then
 * retries of the same key at once, concurrently, through a second process and this one. Always
 * exactly one invoice for the key, one invoice number spent, and every retry answered alike.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp } from "./support/app.js";
import { REFERENCE_CONTACT } from "./support/expenses.js";
import { type ServerProcess, startServerProcess } from "./support/server-process.js";

const CRASH_POINTS = path.join(import.meta.dirname, "support", "crash-points.mjs");

interface Answer {
  status: number;
  body: string;
  replayed: boolean;
}

let harness: TestApp;
let survivor: ServerProcess;

beforeAll(async () => {
  [harness, survivor] = await Promise.all([buildTestApp(), startServerProcess()]);
});
afterAll(async () => {
  survivor.stop();
  await harness.close();
});

async function throughProcess(url: string, token: string, key: string, body: unknown, crashAt?: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "idempotency-key": key,
      ...(crashAt === undefined ? {} : { "x-crash-at": crashAt }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.text(),
    replayed: response.headers.get("idempotent-replayed") === "true",
  };
}

describe.each(["before-commit", "after-commit", "after-response"])("a process killed %s", (point) => {
  it("leaves exactly one published invoice for the key, whichever process the retries reach", async () => {
    const company = await newCompany(harness.deps);
    const base = `/api/v1/companies/${company.companyId}`;
    const contact = await request(harness.app, "POST", `${base}/contacts`, company.token, {
      contact: REFERENCE_CONTACT,
    });
    const body = {
      sales_invoice: {
        contact_id: json<{ contact: { id: number } }>(contact).contact.id,
        date: "2026-03-02",
        _publish: true,
        invoice_lines: [{ description: "Onderhoud", quantity: "4", price_per_unit: "75.00", vat_type_id: 1 }],
      },
    };
    const key = randomUUID();

    const crashing = await startServerProcess({ preload: CRASH_POINTS });
    const first = await throughProcess(`${crashing.url}${base}/sales_invoices`, company.token, key, body, point).catch(
      () => null,
    );
    if (point === "after-response") {
      expect(first?.status, first?.body).toBe(201);
      crashing.kill();
    } else {
      // cut off: the client never learns whether its invoice exists
      expect(first).toBeNull();
    }
    expect(await crashing.exited).toBe("SIGKILL");

    // the client retries at once, three times at the same moment, through two processes
    const retries: Answer[] = await Promise.all([
      throughProcess(`${survivor.url}${base}/sales_invoices`, company.token, key, body),
      throughProcess(`${survivor.url}${base}/sales_invoices`, company.token, key, body),
      request(harness.app, "POST", `${base}/sales_invoices`, company.token, body, { "idempotency-key": key }).then(
        (response) => ({
          status: response.statusCode,
          body: response.body,
          replayed: response.headers["idempotent-replayed"] === "true",
        }),
      ),
    ]);
    for (const retry of retries) {
      expect(retry.status, retry.body).toBe(201);
      expect(retry.body).toBe(retries[0]?.body);
    }
    if (point === "before-commit") {
      // nothing of the first request was kept: one retry ran it, the others got its answer
      expect(retries.filter((retry) => !retry.replayed)).toHaveLength(1);
    } else {
      // the first request's work and answer were committed together: every retry gets that answer
      expect(retries.every((retry) => retry.replayed)).toBe(true);
      if (first !== null) expect(retries[0]?.body).toBe(first.body);
    }

    const invoices = json<{ sales_invoices: Array<{ id: number; invoice_number: string }> }>(
      await request(harness.app, "GET", `${base}/sales_invoices?selection=all`, company.token),
    ).sales_invoices;
    expect(invoices).toHaveLength(1);
    const created = json<{ sales_invoice: { id: number; invoice_number: string } }>({ body: retries[0]?.body ?? "" });
    expect(invoices[0]?.id).toBe(created.sales_invoice.id);
    expect(invoices[0]?.invoice_number).toBe("2026-0001");
  }, 60_000);
});
