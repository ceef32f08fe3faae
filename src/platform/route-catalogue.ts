/**
 * Every route the app registers, as its module declared it (method, URL, schema, config), for
 * the OpenAPI document (modules/openapi). Invariant: `createHttpServer` installs the recorder
 * before any route exists, so nothing registered later is missed, in any scope. The HEAD route
 * Fastify adds beside each GET is recorded too; the document leaves it out as the GET's twin.
 */
import type { FastifyContextConfig, FastifyInstance, FastifySchema } from "fastify";

export interface CataloguedRoute {
  method: string;
  /** Fastify's form, e.g. `/api/v1/companies/:company_id/contacts/:id` */
  url: string;
  schema: FastifySchema;
  config: FastifyContextConfig;
}

const catalogues = new WeakMap<FastifyInstance, CataloguedRoute[]>();

export function recordRouteCatalogue(app: FastifyInstance): void {
  const routes: CataloguedRoute[] = [];
  catalogues.set(app, routes);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method: String(method).toUpperCase(),
        url: route.url,
        schema: route.schema ?? {},
        config: (route.config ?? {}) as FastifyContextConfig,
      });
    }
  });
}

/** The routes registered on `app` so far, in registration order. */
export function routeCatalogue(app: FastifyInstance): readonly CataloguedRoute[] {
  return catalogues.get(app) ?? [];
}
