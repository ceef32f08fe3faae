/**
 * The shared security suite (access control, docs/architecture.md). For every route
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
import { bodyFor, fixtureFor, type PathIds, resourceSegment } from "./security-fixtures.js";

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const METHODS: readonly string[] = ["GET", "POST", "PATCH", "DELETE"];

export interface RouteDescription {
  method: string;
  /** the route's template, e.g. `/api/v1/companies/:company_id/rides/:id` */
  url: string;
  /** `route.config.access`; undefined when the route declares none */
  access: RouteAccess | undefined;
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
  // the tree with its shared prefixes: the form that shows wildcard routes (`/app/*`) whole
  for (const line of app.printRoutes().split("\n")) {
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
      // an action on a resource (`…/payments/:id/split`) has no GET of its own: the resource's shows it unchanged
      const compared = harness.app.hasRoute({ method: "GET", url: route.url })
        ? route
        : { ...route, url: route.url.replace(/\/[a-z_]+$/, "") };
      const ownerUrl = fillUrl(compared, other.companyId, ids);
      expect(harness.app.hasRoute({ method: "GET", url: compared.url }), `GET ${compared.url} to compare`).toBe(true);
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
