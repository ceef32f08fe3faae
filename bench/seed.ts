/**
 * Getting a benchmark database ready: a token and company from `kasboek bootstrap --json`, then,
 * through Kasboek's own HTTP API only, SEED_RIDES rides, one contact and SEED_INVOICES published
 * 3-line invoices. Invariants: every request's status is checked (a wrong one throws with the
 * body), every seeded invoice is checked to be published with 3 lines, and the list the benchmark
 * reads is checked to hold 100 of them; seeding is sequential, so invoice numbers and ids come out
 * in order; nothing is written to the database except through the CLI and the API.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  CONTACT_BODY,
  INVOICE_VAT_TYPES,
  type InvoiceVatType,
  invoiceBody,
  RIDE_BODY,
  SEED_INVOICES,
  SEED_RIDES,
} from "./scenarios.js";

export interface Seeded {
  companyId: number;
  token: string;
  firstRideId: number;
  /** The body of every seeded invoice, and of the create-invoice scenario. */
  invoiceBody: string;
}

export async function bootstrap(
  cli: string,
  cwd: string,
  databaseUrl: string,
): Promise<{ companyId: number; token: string }> {
  const args = [
    cli,
    "bootstrap",
    "--email",
    "bench@example.com",
    "--company",
    "Bench BV",
    "--vat-number",
    "NL123456782B01",
    "--json",
  ];
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" };
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd, env });
  const parsed: unknown = JSON.parse(stdout);
  if (typeof parsed === "object" && parsed !== null && "company_id" in parsed && "token" in parsed) {
    const { company_id: companyId, token } = parsed;
    if (typeof companyId === "number" && typeof token === "string") return { companyId, token };
  }
  throw new Error(`unexpected bootstrap output: ${stdout}`);
}

/** One request with a checked status; returns the raw body. */
export async function request(url: string, init: RequestInit, expectedStatus: number): Promise<Buffer> {
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== expectedStatus) {
    throw new Error(`${init.method ?? "GET"} ${url}: expected ${expectedStatus}, got ${response.status}: ${body}`);
  }
  return body;
}

function idOf(body: Buffer, root: string): number {
  const parsed: unknown = JSON.parse(body.toString("utf8"));
  if (typeof parsed === "object" && parsed !== null && root in parsed) {
    const object: unknown = (parsed as Record<string, unknown>)[root];
    if (typeof object === "object" && object !== null && "id" in object && typeof object.id === "number") {
      return object.id;
    }
  }
  throw new Error(`no ${root}.id in ${body.toString("utf8").slice(0, 200)}`);
}

async function vatTypeIds(baseUrl: string, companyId: number, token: string): Promise<Record<InvoiceVatType, number>> {
  const url = `${baseUrl}/api/v1/companies/${companyId}/vat_types?per_page=100`;
  const body = await request(url, { headers: { authorization: `Bearer ${token}` } }, 200);
  const parsed = JSON.parse(body.toString("utf8")) as { vat_types?: Array<{ id: number; name: string }> };
  const ids: Partial<Record<InvoiceVatType, number>> = {};
  for (const name of INVOICE_VAT_TYPES) {
    const found = parsed.vat_types?.find((type) => type.name === name);
    if (found === undefined) throw new Error(`GET …/vat_types has no ${name}`);
    ids[name] = found.id;
  }
  const { vat_high, vat_low_new, vat_zero } = ids;
  if (vat_high === undefined || vat_low_new === undefined || vat_zero === undefined) throw new Error("VAT types");
  return { vat_high, vat_low_new, vat_zero };
}

/** Seeds the company behind `token` on the running Kasboek at `baseUrl`. */
export async function seed(baseUrl: string, companyId: number, token: string): Promise<Seeded> {
  const company = `${baseUrl}/api/v1/companies/${companyId}`;
  const post = (path: string, body: string, status = 201) =>
    request(
      `${company}${path}`,
      { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body },
      status,
    );

  let firstRideId = 0;
  for (let i = 0; i < SEED_RIDES; i++) {
    const id = idOf(await post("/rides", RIDE_BODY), "ride");
    if (i === 0) firstRideId = id;
  }

  const contactId = idOf(await post("/contacts", CONTACT_BODY), "contact");
  const body = invoiceBody(contactId, await vatTypeIds(baseUrl, companyId, token));
  for (let i = 0; i < SEED_INVOICES; i++) {
    const created = JSON.parse((await post("/sales_invoices", body)).toString("utf8")) as {
      sales_invoice?: { status?: string; invoice_lines?: unknown[] };
    };
    if (created.sales_invoice?.status !== "published" || created.sales_invoice.invoice_lines?.length !== 3) {
      throw new Error(`seeded invoice ${i + 1} is not a published 3-line invoice`);
    }
  }
  const auth = { authorization: `Bearer ${token}` };
  const listed = await request(`${company}/sales_invoices?per_page=100`, { headers: auth }, 200);
  const page =
    (JSON.parse(listed.toString("utf8")) as { sales_invoices?: Array<{ invoice_lines?: unknown[] }> }).sales_invoices ??
    [];
  if (page.length !== Math.min(100, SEED_INVOICES) || page.some((invoice) => invoice.invoice_lines?.length !== 3)) {
    throw new Error(`GET …/sales_invoices?per_page=100 does not list ${SEED_INVOICES} 3-line invoices`);
  }
  return { companyId, token, firstRideId, invoiceBody: body };
}
