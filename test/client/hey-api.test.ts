/**
 * The document as another generator needs it (issue 27): @hey-api/openapi-ts, besides the
 * project's own openapi-typescript, generates a client from the document the app serves, and a
 * short session written against that client (list invoices, create a contact, read an invoice's
 * status and total) type-checks under `strict` with `noUncheckedIndexedAccess`, then runs against
 * the app.
 *
 * The session is written as a user of the generated client would: it assigns ids and amounts to
 * plain `number` and `string` and statuses to their unions, with no null checks, so it compiles
 * only while the document says those fields are always there; two `@ts-expect-error` lines make
 * it fail when a status is any string again or `invoice_number` stops being nullable.
 *
 * The client is generated into a temporary directory on every run rather than committed: it is
 * the generator's output, not ours, and a committed copy would only add a drift check on it.
 * The generated client's default base URL is the document's server, so the session never names
 * one: that it reaches the app proves `servers` absolute.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createClient } from "@hey-api/openapi-ts";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany } from "../support/app.js";

/** where the test asks for the document from: its server, and so the generated client's base URL */
const SERVER = "http://kasboek.example";

const SESSION = `import { client } from "./client/client.gen.js";
import { createContact, createSalesInvoice, getSalesInvoice, listSalesInvoices, listVatTypes } from "./client/sdk.gen.js";
import type { SalesInvoice } from "./client/types.gen.js";

export interface SessionResult {
  contactId: number;
  listedIds: number[];
  status: "concept" | "imported" | "published";
  paymentStatus: "paid" | "unpaid" | "overpaid";
  total: string;
  invoiceNumber: string | null;
}

export async function session(token: string, companyId: number, fetch: typeof globalThis.fetch): Promise<SessionResult> {
  client.setConfig({ headers: { Authorization: \`Bearer \${token}\` }, fetch });
  const path = { company_id: companyId };

  const created = await createContact({ path, body: { contact: { company_name: "Hey API BV" } }, throwOnError: true });
  const contactId: number = created.data.contact.id;

  const vatTypes = await listVatTypes({ path, throwOnError: true });
  const high = vatTypes.data.vat_types.find((vatType) => vatType.name === "vat_high");
  if (high === undefined) throw new Error("no vat_high");
  const vatTypeId: number = high.id;

  const invoice = await createSalesInvoice({
    path,
    body: {
      sales_invoice: {
        contact_id: contactId,
        invoice_lines: [{ description: "Advies", quantity: "2", price_per_unit: "50.00", vat_type_id: vatTypeId }],
      },
    },
    throwOnError: true,
  });
  const invoiceId: number = invoice.data.sales_invoice.id;

  const listed = await listSalesInvoices({ path, query: { per_page: 10 }, throwOnError: true });
  const first = listed.data.sales_invoices[0];
  if (first === undefined) throw new Error("no invoices listed");
  const listedIds: number[] = listed.data.sales_invoices.map((item) => item.id);

  const read = await getSalesInvoice({ path: { company_id: companyId, id: invoiceId }, throwOnError: true });
  const shown: SalesInvoice = read.data.sales_invoice;
  // @ts-expect-error a status is one of its values, not any string
  const impossible: SalesInvoice["status"] = "paid";
  // @ts-expect-error a concept has no number yet: the document must keep saying so
  const alwaysNumbered: string = shown.invoice_number;
  void impossible;
  void alwaysNumbered;
  return {
    contactId,
    listedIds,
    status: shown.status,
    paymentStatus: shown.payment_status,
    total: shown.price_with_vat,
    invoiceNumber: shown.invoice_number,
  };
}
`;

interface SessionResult {
  contactId: number;
  listedIds: number[];
  status: string;
  paymentStatus: string;
  total: string;
  invoiceNumber: string | null;
}

/** fetch, answered by `app.inject`: the generated client runs against the app in this process. */
function injectingFetch(app: FastifyInstance, origins: Set<string>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    origins.add(url.origin);
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
    const answer = await app.inject({
      method: request.method as "GET",
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body === undefined ? {} : { payload: body }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of [value ?? []].flat()) headers.append(name, String(one));
    }
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

const require = createRequire(import.meta.url);

/** `tsc` on the session, as a consumer's strict project compiles it; its diagnostics, or "". */
function typeCheck(directory: string): string {
  const tsc = require.resolve("typescript/bin/tsc");
  const result = spawnSync(
    process.execPath,
    [
      tsc,
      "--strict",
      "--noUncheckedIndexedAccess",
      "--noEmit",
      "--target",
      "es2022",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--lib",
      "es2023,dom,dom.iterable",
      "session.ts",
    ],
    { cwd: directory, encoding: "utf8" },
  );
  return result.status === 0 ? "" : `${result.stdout}${result.stderr}`;
}

describe("a client generated by @hey-api/openapi-ts", () => {
  const directory = mkdtempSync(path.join(tmpdir(), "kasboek-hey-api-"));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("type-checks a session under strict and runs it against the app", async () => {
    const harness = await buildTestApp();
    try {
      // the document as a client asks SERVER for it (no PUBLIC_URL here: the Host names it)
      const served = await harness.app.inject({ url: "/api/v1/openapi.json", headers: { host: new URL(SERVER).host } });
      const document = json<{ servers: Array<{ url: string }> }>(served);
      expect(document.servers).toEqual([{ url: SERVER, description: "This server" }]);

      await createClient({
        input: document as never,
        output: { path: path.join(directory, "client") },
        logs: { level: "silent", file: false },
      });
      writeFileSync(path.join(directory, "package.json"), '{ "type": "module" }\n');
      writeFileSync(path.join(directory, "session.ts"), SESSION);
      expect(typeCheck(directory)).toBe("");

      const owner = await newCompany(harness.deps, "Hey API Sessie BV");
      const origins = new Set<string>();
      const { session } = (await import(pathToFileURL(path.join(directory, "session.ts")).href)) as {
        session: (token: string, companyId: number, fetch: typeof globalThis.fetch) => Promise<SessionResult>;
      };
      const result = await session(owner.token, owner.companyId, injectingFetch(harness.app, origins));
      expect(origins).toEqual(new Set([SERVER]));
      expect(result).toMatchObject({
        status: "concept",
        paymentStatus: "unpaid",
        total: "121.0",
        invoiceNumber: null,
      });
      expect(result.contactId).toEqual(expect.any(Number));
      expect(result.listedIds).toHaveLength(1);
    } finally {
      await harness.close();
    }
    // generating and compiling take seconds on an idle machine, many more beside the whole suite
  }, 120_000);
});
