/**
 * For the fuzz test (test/fuzz.test.ts): the app on the run's database with its routes recorded
 * (fuzz-routes.ts) and its error log kept, company A (fuzzed, with a spare company of the same
 * user) and company B (only read, to prove A's requests never change it), each with one or more
 * resources of every kind made through the API, an OAuth client, and a browser signed in as A's
 * user for the pages. Test code only.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect, inject } from "vitest";
import { buildApp } from "../../src/app.js";
import { openDatabase } from "../../src/db/connection.js";
import { registerClient } from "../../src/modules/oauth/client-service.js";
import { issuePersonalToken } from "../../src/modules/tokens/service.js";
import type { ServiceDeps } from "../../src/platform/deps.js";
import { ALL_SCOPES } from "../../src/platform/scopes.js";
import { json, newCompany, request } from "./app.js";
import { type CollectedRoute, routesOf } from "./fuzz-routes.js";
import { signedInBrowser, TEST_PASSWORD } from "./oauth.js";

/** The clock of the run: mid-June 2024, so the first quarter is over and can be filed. */
export const FUZZ_NOW = new Date("2024-06-15T10:00:00Z");

export const BANK = "activa.current_assets.liquid_assets.bank";
export const MISC_COSTS = "profit.costs.other_costs.misc";
export const REVENUE = "profit.revenue.other";

/** The ids of one company's resources by collection (the path segment before the id). */
export type FixtureIds = Record<string, number[]>;

export interface FuzzCompany {
  companyId: number;
  userId: number;
  email: string;
  token: string;
  /** the id of a token of this user that the fuzzer may name (A: a spare one; B: `token`'s own) */
  namedTokenId: number;
  ids: FixtureIds;
  /** attachments as [parent id, attachment id] by parent collection */
  attachments: Record<string, Array<[number, number]>>;
  accountPaths: string[];
  /** a published quotation's signing token */
  signToken: string;
  /** a VAT period filed for this company */
  filedPeriod: string;
  /** the id of the account expenses are booked on (MISC_COSTS) */
  expenseAccountId: number;
}

/**
 * The ids the fuzzer names in A's requests, kept current while it runs: what a request creates is
 * added, what it deletes is removed, so later requests keep reaching real resources. Generated
 * requests hold references (`@@contacts#7@@`, fuzz-model.ts) resolved against these at send time.
 */
export interface LivePools {
  ids: FixtureIds;
  attachments: Record<string, Array<[number, number]>>;
}

export interface FuzzWorld {
  app: FastifyInstance;
  deps: ServiceDeps;
  routes: CollectedRoute[];
  a: FuzzCompany;
  /** a second company of A's user: the one the fuzzer may delete */
  spareCompanyId: number;
  /** A's ids as they are now (see LivePools) */
  live: LivePools;
  b: FuzzCompany;
  /** global reference data */
  vatTypeIds: number[];
  oauthClientIds: string[];
  /** A's user's browser cookies (session), sent with page requests */
  sessionCookie: string;
  password: string;
  /** error-level log lines of the server since the last `takeErrorLog()` */
  takeErrorLog: () => string[];
  close: () => Promise<void>;
}

async function created(response: LightMyRequestResponse, key: string): Promise<Record<string, unknown>> {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return json<Record<string, Record<string, unknown>>>(response)[key] ?? {};
}

async function listAll(
  app: FastifyInstance,
  token: string,
  url: string,
  key: string,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let page = 1; page < 50; page++) {
    const response = await request(
      app,
      "GET",
      `${url}${url.includes("?") ? "&" : "?"}per_page=100&page=${page}`,
      token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const batch = json<Record<string, Record<string, unknown>[]>>(response)[key] ?? [];
    items.push(...batch);
    if (batch.length < 100) break;
  }
  return items;
}

/** A tiny but real PDF and PNG, base64: attachments are sniffed from their bytes. */
const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
export const ATTACHMENT_SAMPLES = [PDF_BYTES.toString("base64"), PNG_BYTES.toString("base64")];

/** Makes one resource of every kind for the company behind `token`, through the API. */
async function makeFixtures(app: FastifyInstance, token: string, companyId: number, label: string) {
  const base = `/api/v1/companies/${companyId}`;
  const post = async (path: string, key: string, body: Record<string, unknown>) =>
    Number((await created(await request(app, "POST", `${base}/${path}`, token, { [key]: body }), key)).id);

  const accounts = await listAll(app, token, `${base}/accounts`, "accounts");
  const templates = await listAll(app, token, `${base}/templates`, "templates");
  const accountId = (path: string) => Number(accounts.find((account) => account.path === path)?.id ?? -1);
  const contacts = [
    await post("contacts", "contact", {
      company_name: `${label} Klant BV`,
      contact_person_name: "Rob S. Lomp",
      address: "Grebbeberglaan 15",
      zipcode: "3527 VX",
      city: "Utrecht",
      country_code: "NL",
      contact_person_email_address: "rob@example.org",
      vat_number: "NL123456789B01",
    }),
    await post("contacts", "contact", { company_name: `${label} Leverancier`, is_supplier: true }),
  ];
  const products = [
    await post("products", "product", {
      has_stock: false,
      invoice_line: { description: "Adviesuur", price_per_unit: "95.5", product_code: `${label}-P1` },
    }),
  ];
  const line = { description: "Werk", price_per_unit: "100", quantity: "2" };
  const concept = await post("sales_invoices", "sales_invoice", {
    contact_id: contacts[0],
    date: "2024-03-01",
    invoice_lines: [line],
  });
  const published = await post("sales_invoices", "sales_invoice", {
    contact_id: contacts[0],
    date: "2024-02-01",
    _publish: true,
    invoice_lines: [line, { description: "Materiaal", price_per_unit: "12.5", product_id: products[0] }],
  });
  const conceptQuotation = await post("quotations", "quotation", { contact_id: contacts[0], invoice_lines: [line] });
  const signed = await created(
    await request(app, "POST", `${base}/quotations`, token, {
      quotation: { contact_id: contacts[0], creates_sign_url_on_publish: true, _publish: true, invoice_lines: [line] },
    }),
    "quotation",
  );
  const signToken =
    String(signed.sign_url ?? "")
      .split("/")
      .at(-1) ?? "";
  expect(signToken).toMatch(/^[\w-]{43}$/);
  const expense = await post("expenses", "expense", {
    date: "2024-02-10",
    type_account_id: accountId(MISC_COSTS),
    contact_id: contacts[1],
    invoice_lines: [{ description: "Papier", price_per_unit: "50" }],
  });
  const payment = await post("payments", "payment", { amount: "25", account_path: BANK, paid_at: "2024-03-02" });
  const entry = await post("journal_entries", "journal_entry", {
    date: "2024-03-02",
    description: "Memoriaal",
    lines: [
      { account_path: BANK, debit_amount: "10" },
      { account_path: REVENUE, credit_amount: "10" },
    ],
  });
  const ride = await post("rides", "ride", { km_start: 100, km_end: 142, date: "2024-03-02", private: false });
  const hour = await post("hours", "hour", {
    started_at: "2024-03-01 09:00:00 +0100",
    ended_at: "2024-03-01 12:00:00 +0100",
    description: "Overleg",
  });
  const attach = async (path: string, parent: number, index: number): Promise<[number, number]> => [
    parent,
    Number(
      (
        await created(
          await request(app, "POST", `${base}/${path}/${parent}/attachments`, token, {
            attachment_object: { attachment: ATTACHMENT_SAMPLES[index], attachment_file_name: `bijlage-${index}.bin` },
          }),
          "attachment_object",
        )
      ).id,
    ),
  ];
  const attachments = {
    sales_invoices: [await attach("sales_invoices", concept, 0), await attach("sales_invoices", published, 1)],
    expenses: [await attach("expenses", expense, 0)],
  };
  const filed = await request(app, "POST", `${base}/vat_returns`, token, { vat_return: { period: "2024Q1" } });
  expect(filed.statusCode, filed.body).toBe(201);

  const ids: FixtureIds = {
    companies: [companyId],
    contacts,
    products,
    sales_invoices: [concept, published],
    quotations: [conceptQuotation, Number(signed.id)],
    expenses: [expense],
    payments: [payment],
    journal_entries: [entry],
    rides: [ride],
    hours: [hour],
    accounts: accounts.slice(0, 40).map((account) => Number(account.id)),
    templates: templates.map((template) => Number(template.id)),
  };
  const accountPaths = accounts.map((account) => String(account.path));
  return {
    ids,
    attachments,
    accountPaths,
    signToken,
    filedPeriod: "2024Q1",
    expenseAccountId: accountId(MISC_COSTS),
  };
}

export async function buildFuzzWorld(): Promise<FuzzWorld> {
  const handle = openDatabase(inject("databaseUrl"));
  const deps: ServiceDeps = { db: handle.db, now: () => new Date(FUZZ_NOW) };
  let errorLog: string[] = [];
  const app = buildApp(
    deps,
    { logger: { level: "error", stream: { write: (line: string) => void errorLog.push(line) } } },
    { dataVersion: handle.dataVersion },
  );
  await app.ready();
  const routes = routesOf(app);

  const ownerA = await newCompany(deps, "Fuzz A BV");
  const ownerB = await newCompany(deps, "Fuzz B BV");
  const spareA = await issuePersonalToken(deps, deps.db, ownerA.userId, ALL_SCOPES);
  const tokenB = await issuePersonalToken(deps, deps.db, ownerB.userId, ALL_SCOPES);
  const spare = await request(app, "POST", "/api/v1/companies", ownerA.token, {
    company: { name: "Fuzz A spare", vat_liable: false },
  });
  const spareCompanyId = Number((await created(spare, "company")).id);

  const fixturesA = await makeFixtures(app, ownerA.token, ownerA.companyId, "A");
  const fixturesB = await makeFixtures(app, tokenB.token, ownerB.companyId, "B");
  const a: FuzzCompany = { ...ownerA, namedTokenId: spareA.tokenId, ...fixturesA };
  const b: FuzzCompany = { ...ownerB, token: tokenB.token, namedTokenId: tokenB.tokenId, ...fixturesB };

  const base = `/api/v1/companies/${a.companyId}`;
  const vatTypeIds = (await listAll(app, a.token, `${base}/vat_types?selection=all`, "vat_types")).map((type) =>
    Number(type.id),
  );
  const redirectUris = ["https://client.example/callback"];
  const oauthClientIds = [
    (await registerClient(deps, { name: "Fuzz public", redirectUris, confidential: false })).client_id,
    (await registerClient(deps, { name: "Fuzz confidential", redirectUris, confidential: true })).client_id,
  ];
  const browser = await signedInBrowser(app, deps, a.email);
  const live: LivePools = {
    ids: {
      ...structuredClone(a.ids),
      companies: [spareCompanyId],
      vat_types: vatTypeIds,
    },
    attachments: structuredClone(a.attachments),
  };

  return {
    app,
    deps,
    routes,
    a,
    spareCompanyId,
    live,
    b,
    vatTypeIds,
    oauthClientIds,
    sessionCookie: browser.cookieHeader(),
    password: TEST_PASSWORD,
    takeErrorLog: () => {
      const lines = errorLog;
      errorLog = [];
      return lines;
    },
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** Whether a GET route is one B's snapshot reads (every list and show of the API, no PDFs). */
function snapshotRoute(route: CollectedRoute): boolean {
  return route.method === "GET" && route.url.startsWith("/api/v1/");
}

/** Every concrete URL of `route` for company `owner`: each of its ids of the right kind. */
function concreteUrls(world: FuzzWorld, route: CollectedRoute, owner: FuzzCompany): string[] {
  let urls = [route.url];
  const segments = route.url.split("/");
  for (const [index, segment] of segments.entries()) {
    if (!segment.startsWith(":")) continue;
    const collection = segments[index - 1] ?? "";
    let values: string[];
    if (segment === ":company_id" || collection === "companies") values = [String(owner.companyId)];
    else if (segment === ":period") values = [owner.filedPeriod, "2024Q2", "2024-01", "2023"];
    else if (collection === "attachments") values = [];
    else if (collection === "vat_types") values = world.vatTypeIds.map(String);
    else values = (owner.ids[collection] ?? []).map(String);
    if (collection === "attachments") {
      const parent = segments[index - 3] ?? "";
      urls = urls.flatMap((url) =>
        (owner.attachments[parent] ?? [])
          .filter(([parentId]) => url.includes(`/${parent}/${parentId}/`))
          .map(([, id]) => url.replace(segment, String(id))),
      );
      continue;
    }
    if (segment.endsWith("_id") && segment !== ":company_id") {
      // an attachment's parent (`:sales_invoice_id`): the parents that have attachments
      const parents = owner.attachments[collection] ?? [];
      values = [...new Set(parents.map(([parentId]) => String(parentId)))];
    }
    urls = urls.flatMap((url) => values.map((value) => url.replace(segment, value)));
  }
  return urls;
}

/**
 * Everything `owner`'s token can read through the API, by URL: status, paging headers and body
 * (a hash for bodies that are not JSON). Lists are read 100 at a time, the general ledger for
 * the bank account.
 */
export async function snapshotCompany(world: FuzzWorld, owner: FuzzCompany): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  const urls = new Set<string>();
  for (const route of world.routes.filter(snapshotRoute)) {
    for (const url of concreteUrls(world, route, owner)) {
      const isList = !/\/\d+$/.test(url) && !/(reports|_returns)\/[^/]+$/.test(url) && !url.endsWith("/pdf");
      const query = url.endsWith("/general_ledger")
        ? `?account_path=${BANK}&per_page=100`
        : url.endsWith("/lines")
          ? "?box=1a&per_page=100"
          : isList
            ? "?per_page=100"
            : "";
      urls.add(`${url}${query}`);
    }
  }
  for (const url of [...urls].sort()) {
    const response = await request(world.app, "GET", url, owner.token);
    const type = String(response.headers["content-type"] ?? "");
    // a document's PDF is made anew on every request (its creation time differs): status and type
    const body = type.startsWith("application/json")
      ? response.body
      : url.endsWith("/pdf")
        ? type
        : createHash("sha256").update(response.rawPayload).digest("hex");
    const paging = ["x-page", "x-per-page", "x-total"].map((name) => response.headers[name] ?? "").join("/");
    snapshot[url] = `${response.statusCode} ${paging} ${body}`;
  }
  return snapshot;
}
