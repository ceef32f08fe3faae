/**
 * Runs the shared security suite (test/support/security-suite.ts) on every route the app
 * registers. The route list is read from the app itself, so a new route is covered as soon as it
 * exists; one whose resource has no fixture, or that declares no access scope, fails here.
 */
import { afterAll, describe, expect, it } from "vitest";
import { buildTestApp } from "./support/app.js";
import { discoverRoutes, securitySuite } from "./support/security-suite.js";

/** Routes that deliberately take no bearer token, as `METHOD /template`. */
const OPEN_ROUTES: readonly string[] = [
  // the public quotation signing pages: the unguessable token in the path is the credential
  "GET /sign/quotations/:token",
  "POST /sign/quotations/:token",
  "GET /sign/quotations/:token/pdf",
  // the web app: its page and files are public, and it signs in through OAuth like any client
  "GET /",
  "GET /app",
  "GET /app/*",
  "GET /app/assets/*",
  // the pages' stylesheet, and the signed-in user's pages: a session cookie, not a bearer token
  "GET /assets/kasboek.css",
  "GET /login",
  "POST /login",
  "POST /logout",
  "GET /account",
  "POST /account/tokens",
  "POST /account/tokens/:id/revoke",
  // the OAuth authorization server: the consent and applications pages take the session cookie,
  // the token and revocation endpoints authenticate the client, the metadata is public
  "GET /oauth/authorize",
  "POST /oauth/authorize",
  "GET /account/applications",
  "POST /account/applications/:id/revoke",
  "POST /oauth/token",
  "POST /oauth/revoke",
  "GET /.well-known/oauth-authorization-server",
  // operations: probes for orchestrators, and metrics behind METRICS_TOKEN (not an API token)
  "GET /health/live",
  "GET /health/ready",
  "GET /metrics",
  // the API's description of itself and its reference page, readable before one has a token
  "GET /api/v1/openapi",
  "GET /api/v1/openapi.yaml",
  "GET /docs",
  "GET /docs/assets/docs.js",
  "GET /docs/assets/swagger-ui.css",
  "GET /docs/assets/swagger-ui-bundle.js",
];

const harness = await buildTestApp();
afterAll(() => harness.close());
const routes = await discoverRoutes(harness.deps);

describe("security suite coverage", () => {
  it("finds the app's routes, each one real and listed once", () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining([
        "GET /api/v1/me",
        "GET /api/v1/companies",
        "PATCH /api/v1/companies/:id",
        "DELETE /api/v1/companies/:company_id/rides/:id",
      ]),
    );
    for (const route of routes) {
      const method = route.method as "GET" | "POST" | "PATCH" | "DELETE";
      expect(harness.app.hasRoute({ method, url: route.url }), `${route.method} ${route.url}`).toBe(true);
    }
  });
});

for (const route of routes) {
  if (OPEN_ROUTES.includes(`${route.method} ${route.url}`)) continue;
  securitySuite(() => harness, route);
}
