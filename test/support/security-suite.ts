/**
 * The shared security suite (DESIGN.md sections 6 and 8, spec sections 5 and 7). For every route
 * the app registers — read from the app's own router, so a new route is covered without being
 * listed — it guarantees: no, unknown or revoked token → 401 invalid_token with a Bearer
 * challenge; a token without the route's scope → 403 invalid_scope; on company routes, a company
 * the caller is not a member of, an unknown one, or one closed to the API → 403 access_denied,
 * and a scope the company does not allow → 403 invalid_scope; on routes with a resource `:id`,
 * another company's id or a non-numeric id → 404 not_found.resource, with the other company's
 * resource unchanged. A resource without a fixture below fails the suite, so it must get one.
 */
import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import type { RouteAccess } from "../../src/platform/access.js";
import type { ServiceDeps } from "../../src/platform/deps.js";
import { ALL_SCOPES } from "../../src/platform/scopes.js";
import {
  allowScopes,
  closeApiAccess,
  json,
  newCompany,
  request,
  revokedTokenFor,
  type TestApp,
  type TestCompany,
  tokenFor,
} from "./app.js";

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const METHODS: readonly string[] = ["GET", "POST", "PATCH", "DELETE"];

export interface RouteDescription {
  method: string;
  /** the route's template, e.g. `/api/v1/companies/:company_id/rides/:id` */
  url: string;
  /** `route.config.access`; undefined when the route declares none */
  access: RouteAccess | undefined;
}

/** A resource's path parameters: its `id`, and its parent's id for nested resources. */
type PathIds = Record<string, string>;

/**
 * How to find an existing resource of a company, per resource path segment; a nested resource
 * whose parent matters is keyed by the parent's segment too (`expenses/attachments`).
 */
type Fixture =
  | { kind: "company"; existingIds: (harness: TestApp, owner: TestCompany) => Promise<PathIds> }
  /** reference data shared by every company: another company's id is the same resource */
  | { kind: "global" };

/** A valid minimal body per resource segment, for POST (create) and PATCH (update). */
const BODIES: Record<string, { create: unknown; update: unknown }> = {
  companies: { create: { company: { name: "Security Suite BV" } }, update: { company: { name: "Renamed BV" } } },
  contacts: {
    create: { contact: { company_name: "Security Suite Klant BV" } },
    update: { contact: { company_name: "Renamed Klant BV", city: "Utrecht" } },
  },
  hours: {
    create: { hour: { date: "2024-03-02", duration: 1 } },
    update: { hour: { date: "2024-03-03", description: "Changed" } },
  },
  journal_entries: {
    create: {
      journal_entry: {
        date: "2024-03-02",
        lines: [
          { account_path: "activa.current_assets.liquid_assets.bank", credit_amount: "10" },
          { account_path: "profit.costs.other_costs.misc", debit_amount: "10" },
        ],
      },
    },
    update: { journal_entry: { description: "Changed", date: "2024-03-05" } },
  },
  products: {
    create: { product: { invoice_line: { description: "Machine", price_per_unit: "1895.0" } } },
    update: { product: { has_stock: true, invoice_line: { price_per_unit: "1995.00" } } },
  },
  payments: {
    create: {
      payment: { amount: "19.95", account_path: "activa.current_assets.liquid_assets.bank", paid_at: "2024-03-01" },
    },
    update: { payment: { amount: 300, description: "Changed" } },
  },
  sales_invoices: {
    create: { sales_invoice: { description: "Security suite", invoice_lines: [{ price_per_unit: "10" }] } },
    update: { sales_invoice: { description: "Changed", invoice_lines: [{ price_per_unit: "5" }] } },
  },
  expenses: {
    // the type account is per company: fixtures create expenses with `createdExpense`, and the
    // requests that carry this body are refused before the account is looked at
    create: { expense: { type_account_id: 1, invoice_lines: [{ price_per_unit: "10" }] } },
    update: { expense: { date: "2024-03-05", invoice_lines: [{ price_per_unit: "5" }] } },
  },
  quotations: {
    // the contact is per company: fixtures create quotations with `createdQuotation`, and the
    // requests that carry this body are refused before the contact is looked at
    create: { quotation: { contact_id: 1, invoice_lines: [{ price_per_unit: "10" }] } },
    update: { quotation: { date: "2024-03-05", invoice_lines: [{ price_per_unit: "5" }] } },
  },
  attachments: {
    create: {
      attachment_object: { attachment: Buffer.from("receipt").toString("base64"), attachment_file_name: "r.txt" },
    },
    update: {},
  },
  rides: {
    create: { ride: { km_start: 0, km_end: 10, date: "2024-03-02" } },
    update: { ride: { km_end: 345, date: "2024-04-01" } },
  },
};

async function firstListed(harness: TestApp, owner: TestCompany, segment: string): Promise<string> {
  const response = await request(harness.app, "GET", `/api/v1/companies/${owner.companyId}/${segment}`, owner.token);
  expect(response.statusCode, `listing ${segment} to find a fixture`).toBe(200);
  const first = json<Record<string, Array<{ id: number }> | undefined>>(response)[segment]?.[0];
  if (first === undefined) throw new Error(`a new company has no ${segment} to use as a fixture`);
  return String(first.id);
}

async function created(harness: TestApp, owner: TestCompany, segment: string, parentPath = ""): Promise<string> {
  const url = `/api/v1/companies/${owner.companyId}${parentPath}/${segment}`;
  const response = await request(harness.app, "POST", url, owner.token, bodyFor("POST", segment));
  expect(response.statusCode, `creating a ${segment} fixture`).toBeLessThan(300);
  const body = json<Record<string, { id: number } | undefined>>(response);
  const resource = Object.values(body)[0];
  if (resource === undefined) throw new Error(`creating a ${segment} fixture returned no resource`);
  return String(resource.id);
}

/** A concept expense of the company, booked on its miscellaneous costs account. */
async function createdExpense(harness: TestApp, owner: TestCompany): Promise<string> {
  const base = `/api/v1/companies/${owner.companyId}`;
  const accounts = await request(harness.app, "GET", `${base}/accounts?per_page=100`, owner.token);
  const misc = json<{ accounts: Array<{ id: number; path: string }> }>(accounts).accounts.find(
    (account) => account.path === "profit.costs.other_costs.misc",
  );
  const response = await request(harness.app, "POST", `${base}/expenses`, owner.token, {
    expense: { type_account_id: misc?.id, invoice_lines: [{ price_per_unit: "10" }] },
  });
  expect(response.statusCode, `creating an expenses fixture: ${response.body}`).toBe(201);
  return String(json<{ expense: { id: number } }>(response).expense.id);
}

async function createdQuotation(harness: TestApp, owner: TestCompany): Promise<string> {
  const base = `/api/v1/companies/${owner.companyId}`;
  const contact = await request(harness.app, "POST", `${base}/contacts`, owner.token, {
    contact: { company_name: "Security Suite Offerte BV" },
  });
  const response = await request(harness.app, "POST", `${base}/quotations`, owner.token, {
    quotation: {
      contact_id: json<{ contact: { id: number } }>(contact).contact.id,
      invoice_lines: [{ price_per_unit: "10" }],
    },
  });
  expect(response.statusCode, `creating a quotations fixture: ${response.body}`).toBe(201);
  return String(json<{ quotation: { id: number } }>(response).quotation.id);
}

const own = (create: (harness: TestApp, owner: TestCompany) => Promise<string>): Fixture => ({
  kind: "company",
  existingIds: async (harness, owner) => ({ id: await create(harness, owner) }),
});

const FIXTURES: Record<string, Fixture> = {
  rides: own((harness, owner) => created(harness, owner, "rides")),
  contacts: own((harness, owner) => created(harness, owner, "contacts")),
  hours: own((harness, owner) => created(harness, owner, "hours")),
  journal_entries: own((harness, owner) => created(harness, owner, "journal_entries")),
  products: own((harness, owner) => created(harness, owner, "products")),
  payments: own((harness, owner) => created(harness, owner, "payments")),
  sales_invoices: own((harness, owner) => created(harness, owner, "sales_invoices")),
  // the PDF of an invoice: the invoice's id
  pdf: own((harness, owner) => created(harness, owner, "sales_invoices")),
  "sales_invoices/attachments": {
    kind: "company",
    existingIds: async (harness, owner) => {
      const invoiceId = await created(harness, owner, "sales_invoices");
      const id = await created(harness, owner, "attachments", `/sales_invoices/${invoiceId}`);
      return { sales_invoice_id: invoiceId, id };
    },
  },
  quotations: own((harness, owner) => createdQuotation(harness, owner)),
  "quotations/pdf": own((harness, owner) => createdQuotation(harness, owner)),
  expenses: own((harness, owner) => createdExpense(harness, owner)),
  "expenses/attachments": {
    kind: "company",
    existingIds: async (harness, owner) => {
      const expenseId = await createdExpense(harness, owner);
      const id = await created(harness, owner, "attachments", `/expenses/${expenseId}`);
      return { expense_id: expenseId, id };
    },
  },
  accounts: own((harness, owner) => firstListed(harness, owner, "accounts")),
  templates: own((harness, owner) => firstListed(harness, owner, "templates")),
  vat_types: { kind: "global" },
};

function bodyFor(method: string, segment: string): unknown {
  if (method !== "POST" && method !== "PATCH") return undefined;
  const bodies = BODIES[segment];
  if (bodies === undefined) {
    throw new Error(`no request body for ${method} ${segment}: add one to BODIES in test/support/security-suite.ts`);
  }
  return method === "POST" ? bodies.create : bodies.update;
}

/** The last literal path segment: the resource the route acts on (`rides` for `…/rides/:id`). */
function resourceSegment(url: string): string {
  return (
    url
      .split("/")
      .filter((part) => part !== "" && !part.startsWith(":"))
      .at(-1) ?? ""
  );
}

/**
 * The fixture of the route's resource: keyed by its parent's segment and its own
 * (`expenses/attachments`) when there is one, else by its own segment.
 */
function fixtureFor(url: string): Fixture | undefined {
  const literal = url.split("/").filter((part) => part !== "" && !part.startsWith(":"));
  const company = literal.indexOf("companies");
  const inCompany = company === -1 ? [] : literal.slice(company + 1);
  const nested = inCompany.length >= 2 ? FIXTURES[inCompany.slice(-2).join("/")] : undefined;
  return nested ?? FIXTURES[resourceSegment(url)];
}

/** Whether the route addresses one resource of a company by `:id` (not the company itself). */
function hasResourceId(route: RouteDescription): boolean {
  return route.url.split("/").includes(":id") && route.access?.companyParam !== "id";
}

function fillUrl(route: RouteDescription, companyId: number | string, ids: PathIds | string = {}): string {
  const given = typeof ids === "string" ? { id: ids } : ids;
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    if (name === route.access?.companyParam) return String(companyId);
    // any other parameter (`:id`, a parent's `:sales_invoice_id`) names a resource of that company
    return given[name] ?? "1";
  });
}

/**
 * Every (method, template, access) the app's router holds. The paths come from `printRoutes`
 * (its tree merges parameter names, so each is probed once with a placeholder value); the
 * template and access declaration come from that request's `routeOptions`. HEAD routes are the
 * GET routes Fastify exposes and are checked with them.
 */
export async function discoverRoutes(deps: ServiceDeps): Promise<RouteDescription[]> {
  const app = buildApp(deps, { logger: false });
  const seen: RouteDescription[] = [];
  app.addHook("onResponse", async (req) => {
    const { method, url, config } = req.routeOptions;
    seen.push({ method: String(method), url: url ?? "", access: config.access });
  });
  await app.ready();
  const paths: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    stack.length = (match[1] ?? "").length / 4;
    stack.push(match[2] ?? "");
    for (const method of (match[3] ?? "").split(", ").filter((name) => name !== "" && name !== "HEAD")) {
      paths.push({ method, path: stack.join("") });
    }
  }
  const routes: RouteDescription[] = [];
  for (const { method, path } of paths) {
    const url = path.replace(/:[^/]+/g, "0").replace(/\*/g, "x");
    await app.inject({ method: method as Method, url });
    const found = seen.at(-1);
    if (seen.length !== routes.length + 1 || found === undefined || found.url === "") {
      throw new Error(`probing ${method} ${url} reached no route`);
    }
    routes.push(found);
  }
  await app.close();
  return routes;
}

function expectError(response: LightMyRequestResponse, status: number, type: string): void {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  expect(json(response)).toEqual({ error: { type, message: expect.stringMatching(/\S/) } });
}

function expectInvalidToken(response: LightMyRequestResponse): void {
  expectError(response, 401, "client.authentication.invalid_token");
  const challenge = String(response.headers["www-authenticate"] ?? "");
  expect(challenge).toMatch(/^Bearer\b/);
  expect(challenge).toContain('error="invalid_token"');
  expect(challenge).toContain("error_description=");
}

/** Registers the security cases for one route; `harness` is read when the tests run. */
export function securitySuite(getHarness: () => TestApp, route: RouteDescription): void {
  describe(`${route.method} ${route.url}`, () => {
    const access = route.access;
    if (access === undefined) {
      it("declares an access scope", () => {
        expect.fail(`${route.method} ${route.url} has no config.access; declare one or list it as an open route`);
      });
      return;
    }
    if (!METHODS.includes(route.method)) {
      it("uses a method the suite knows", () => expect.fail(`teach the security suite ${route.method}`));
      return;
    }
    const method = route.method as Method;
    const segment = resourceSegment(route.url);
    const body = (): unknown => bodyFor(method, segment);
    const send = (url: string, token: string | null): Promise<LightMyRequestResponse> =>
      request(getHarness().app, method, url, token, body());
    let own: TestCompany;
    let other: TestCompany;

    beforeAll(async () => {
      own = await newCompany(getHarness().deps, "Caller BV");
      other = await newCompany(getHarness().deps, "Other BV");
    });

    it("answers 401 invalid_token without an Authorization header", async () => {
      expectInvalidToken(await send(fillUrl(route, own.companyId), null));
      if (method === "GET") {
        const head = await getHarness().app.inject({ method: "HEAD", url: fillUrl(route, own.companyId) });
        expect(head.statusCode).toBe(401);
        expect(String(head.headers["www-authenticate"] ?? "")).toContain('error="invalid_token"');
      }
    });

    it("answers 401 invalid_token for an unknown token", async () => {
      const unknown = `kb_${randomBytes(32).toString("base64url")}`;
      expectInvalidToken(await send(fillUrl(route, own.companyId), unknown));
    });

    it("answers 401 invalid_token for a revoked token", async () => {
      const revoked = await revokedTokenFor(getHarness().deps, own.userId);
      expectInvalidToken(await send(fillUrl(route, own.companyId), revoked));
    });

    it(`answers 403 invalid_scope for a token with every scope but ${access.scope}`, async () => {
      const others = ALL_SCOPES.filter((scope) => scope !== access.scope);
      const token = await tokenFor(getHarness().deps, own.userId, others);
      expectError(await send(fillUrl(route, own.companyId), token), 403, "client.authorization.invalid_scope");
    });

    if (access.companyParam === undefined) return;

    it("answers 403 access_denied for another user's company, and for an unknown one", async () => {
      const denied = "client.authorization.access_denied";
      expectError(await send(fillUrl(route, other.companyId), own.token), 403, denied);
      expectError(await send(fillUrl(route, "999999999"), own.token), 403, denied);
      expectError(await send(fillUrl(route, "abc"), own.token), 403, denied);
    });

    it("answers 403 access_denied for a company that is not api_accessible", async () => {
      const closed = await newCompany(getHarness().deps, "Closed BV");
      await closeApiAccess(getHarness().deps, closed.companyId);
      expectError(
        await send(fillUrl(route, closed.companyId), closed.token),
        403,
        "client.authorization.access_denied",
      );
    });

    it(`answers 403 invalid_scope when the company does not allow ${access.scope}`, async () => {
      const limited = await newCompany(getHarness().deps, "Limited BV");
      await allowScopes(
        getHarness().deps,
        limited.companyId,
        ALL_SCOPES.filter((scope) => scope !== access.scope),
      );
      expectError(
        await send(fillUrl(route, limited.companyId), limited.token),
        403,
        "client.authorization.invalid_scope",
      );
    });

    if (!hasResourceId(route)) return;

    it("answers 404 not_found.resource for a non-numeric id", async () => {
      const response = await send(fillUrl(route, own.companyId, "abc"), own.token);
      expectError(response, 404, "client.not_found.resource");
    });

    it("answers 404 not_found.resource for another company's resource and leaves it unchanged", async (context) => {
      const fixture = fixtureFor(route.url);
      if (fixture === undefined) {
        expect.fail(`no fixture for "${segment}": add one to FIXTURES in test/support/security-suite.ts`);
      }
      if (fixture.kind === "global") return context.skip(`${segment} are global reference data`);
      const harness = getHarness();
      const ids = await fixture.existingIds(harness, other);
      const ownerUrl = fillUrl(route, other.companyId, ids);
      expect(harness.app.hasRoute({ method: "GET", url: route.url }), `GET ${route.url} to compare`).toBe(true);
      const before = await request(harness.app, "GET", ownerUrl, other.token);
      expect(before.statusCode).toBe(200);
      const response = await send(fillUrl(route, own.companyId, ids), own.token);
      expectError(response, 404, "client.not_found.resource");
      const after = await request(harness.app, "GET", ownerUrl, other.token);
      expect(after.statusCode).toBe(200);
      // compared as bytes: downloads (PDF, attachments) are not JSON
      expect(after.body).toEqual(before.body);
    });
  });
}
