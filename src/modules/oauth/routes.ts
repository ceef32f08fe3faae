/**
 * The OAuth 2.0 authorization server, outside /api/v1 and without bearer tokens: the pages
 * (authorize/consent, the user's authorised applications) in one scope whose failures are HTML
 * pages, and the machine endpoints (token, revocation, metadata) in another whose failures are
 * `{error, error_description}` JSON. Form bodies are read by the parser `app.ts` registers for
 * every route outside the API (platform/pages/forms.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ServiceDeps } from "../../platform/deps.js";
import { usePageErrors } from "../../platform/pages/respond.js";
import { registerApplicationRoutes } from "./applications-routes.js";
import { registerAuthorizeRoutes } from "./authorize-routes.js";
import { registerTokenEndpoints } from "./token-routes.js";

export function registerOAuthRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.register(async (pages) => {
    usePageErrors(pages);
    registerAuthorizeRoutes(pages, deps);
    registerApplicationRoutes(pages, deps);
  });
  app.register(async (endpoints) => registerTokenEndpoints(endpoints, deps));
}
