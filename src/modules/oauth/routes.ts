/**
 * The OAuth 2.0 authorization server, outside /api/v1 and without bearer tokens: the pages
 * (authorize/consent, the user's authorised applications) in one page scope (HTML failures, forms,
 * CSRF: platform/pages/scope.ts), and the machine endpoints (token, revocation, metadata) in
 * another whose failures are `{error, error_description}` JSON and which reads form bodies too
 * (platform/pages/forms.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ServiceDeps } from "../../platform/deps.js";
import { acceptForms } from "../../platform/pages/forms.js";
import { usePages } from "../../platform/pages/scope.js";
import { registerApplicationRoutes } from "./applications-routes.js";
import { registerAuthorizeRoutes } from "./authorize-routes.js";
import { registerTokenEndpoints } from "./token-routes.js";

export function registerOAuthRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.register(async (pages) => {
    usePages(pages);
    registerAuthorizeRoutes(pages, deps);
    registerApplicationRoutes(pages, deps);
  });
  app.register(async (endpoints) => {
    acceptForms(endpoints);
    registerTokenEndpoints(endpoints, deps);
  });
}
