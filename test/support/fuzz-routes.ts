/**
 * For the fuzz test (test/fuzz.test.ts): the routes an app registers, each with the response
 * schemas it declares. `buildApp` registers every route before it returns, so an `onRoute` hook
 * added afterwards would see none; the fuzz test therefore wraps `createHttpServer` (vi.mock) and
 * calls `recordRoutes` on the new server before any route exists. This module imports nothing of
 * the service, so the mock's factory can load it while `platform/http.js` is still being mocked.
 */
import type { FastifyInstance } from "fastify";

export interface CollectedRoute {
  method: string;
  /** the route's path with its parameters, e.g. `/api/v1/companies/:company_id/contacts/:id` */
  url: string;
  /** the declared response schemas by status code (`"200"`, `"201"`), empty when none */
  response: Record<string, unknown>;
}

const collected = new WeakMap<FastifyInstance, CollectedRoute[]>();

/** Starts recording the routes registered on `app` (and on every scope inside it). */
export function recordRoutes(app: FastifyInstance): FastifyInstance {
  const routes: CollectedRoute[] = [];
  collected.set(app, routes);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    for (const method of methods) routes.push({ method: String(method).toUpperCase(), url: route.url, response });
  });
  return app;
}

/** The routes recorded for `app`; fails when the test did not wrap `createHttpServer`. */
export function routesOf(app: FastifyInstance): CollectedRoute[] {
  const routes = collected.get(app);
  if (routes === undefined || routes.length === 0) {
    throw new Error("no routes recorded: the test file must vi.mock platform/http.js with recordRoutes");
  }
  return routes;
}
