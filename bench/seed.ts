/**
 * Getting a benchmark database ready: a token and company from `kasboek bootstrap --json`, then,
 * through Kasboek's own HTTP API only, one contact and SEED_INVOICES published 3-line invoices (and
 * SEED_RIDES rides when asked); also the API half of the scaling seed (bench/scale-seed.ts).
 * Invariants: every request's status is checked (a wrong one throws with the body), every seeded
 * invoice is checked to be published with 3 lines, and the list the benchmark reads is checked to
 * hold 100 of them; seeding is sequential, so invoice numbers and ids come out
 * in order; nothing is written to the database here except through the CLI and the API.
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
  /** undefined unless rides were seeded */
  firstRideId: number | undefined;
  firstInvoiceId: number;
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
    // everything a Dutch invoice states about its seller, so the company can publish
    "--kvk",
    "12345678",
    "--address",
    "Hoofdstraat 1",
    "--zipcode",
    "1234 AB",
    "--city",
    "Utrecht",
    "--iban",
    "NL91 ABNA 0417 1643 00",
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

/** POST `body` to `path` under the company on Kasboek, checking the status; the raw body. */
export function poster(baseUrl: string, companyId: number, token: string) {
  const company = `${baseUrl}/api/v1/companies/${companyId}`;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  return (path: string, body: string, status = 201) =>
    request(`${company}${path}`, { method: "POST", headers, body }, status);
}

/** The body of a published 3-line invoice to a new contact, and that contact's id. */
export async function invoiceTemplate(
  baseUrl: string,
  companyId: number,
  token: string,
): Promise<{ contactId: number; body: string }> {
  const contactId = idOf(await poster(baseUrl, companyId, token)("/contacts", CONTACT_BODY), "contact");
  return { contactId, body: invoiceBody(contactId, await vatTypeIds(baseUrl, companyId, token)) };
}

/** Creates one published 3-line invoice (checked) through the API; its id. */
export async function publishInvoice(baseUrl: string, companyId: number, token: string, body: string): Promise<number> {
  const response = await poster(baseUrl, companyId, token)("/sales_invoices", body);
  const created = JSON.parse(response.toString("utf8")) as {
    sales_invoice?: { id?: number; status?: string; invoice_lines?: unknown[] };
  };
  const invoice = created.sales_invoice;
  if (invoice?.status !== "published" || invoice.invoice_lines?.length !== 3 || typeof invoice.id !== "number") {
    throw new Error(
      `POST …/sales_invoices did not publish a 3-line invoice: ${response.toString("utf8").slice(0, 300)}`,
    );
  }
  return invoice.id;
}

/** Seeds the company behind `token` on the running Kasboek at `baseUrl` (rides only if asked). */
export async function seed(baseUrl: string, companyId: number, token: string, rides: boolean): Promise<Seeded> {
  const post = poster(baseUrl, companyId, token);
  let firstRideId: number | undefined;
  for (let i = 0; rides && i < SEED_RIDES; i++) {
    const id = idOf(await post("/rides", RIDE_BODY), "ride");
    firstRideId ??= id;
  }
  const { body } = await invoiceTemplate(baseUrl, companyId, token);
  let firstInvoiceId = 0;
  for (let i = 0; i < SEED_INVOICES; i++) {
    const id = await publishInvoice(baseUrl, companyId, token, body);
    if (i === 0) firstInvoiceId = id;
  }
  const auth = { authorization: `Bearer ${token}` };
  const listed = await request(
    `${baseUrl}/api/v1/companies/${companyId}/sales_invoices?per_page=100`,
    { headers: auth },
    200,
  );
  const page =
    (JSON.parse(listed.toString("utf8")) as { sales_invoices?: Array<{ invoice_lines?: unknown[] }> }).sales_invoices ??
    [];
  if (page.length !== Math.min(100, SEED_INVOICES) || page.some((invoice) => invoice.invoice_lines?.length !== 3)) {
    throw new Error(`GET …/sales_invoices?per_page=100 does not list ${SEED_INVOICES} 3-line invoices`);
  }
  return { companyId, token, firstRideId, firstInvoiceId, invoiceBody: body };
}
