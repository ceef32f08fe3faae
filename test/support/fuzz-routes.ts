/**
 * For the fuzz test (test/fuzz.test.ts): the routes an app registers, each with the response
 * schemas it declares, as the app's own route catalogue (platform/route-catalogue.ts, which the
 * OpenAPI document is made from) recorded them from the server's creation on.
 */
import type { FastifyInstance } from "fastify";
import { routeCatalogue } from "../../src/platform/route-catalogue.js";

export interface CollectedRoute {
  method: string;
  /** the route's path with its parameters, e.g. `/api/v1/companies/:company_id/contacts/:id` */
  url: string;
  /** the declared response schemas by status code (`"200"`, `"201"`), empty when none */
  response: Record<string, unknown>;
}

/** The routes registered on `app`. */
export function routesOf(app: FastifyInstance): CollectedRoute[] {
  const routes = routeCatalogue(app).map((route) => ({
    method: route.method,
    url: route.url,
    response: (route.schema.response ?? {}) as Record<string, unknown>,
  }));
  if (routes.length === 0) throw new Error("the app registered no routes");
  return routes;
}
