/**
 * The OpenAPI 3.1 document of the running app, built once from its route catalogue: every route
 * programs call (the API and the OAuth endpoints; HEAD twins of GETs aside) appears, described by
 * the schemas that serialize its responses and the declarations its services validate with
 * (route-docs.ts), each operation with a description (descriptions.ts). Pages, the reference page,
 * its files and the operator's health and metrics routes stay out (other-routes.ts says why).
 * `servers` is relative here; the route serving the document makes it absolute (`withServer`).
 *
 * Written here rather than with @fastify/swagger: that plugin must be awaited before the first
 * route is added, and `buildApp` is synchronous for its hundred callers; and our TypeBox schemas
 * are already JSON Schema 2020-12, which OpenAPI 3.1 embeds as is, so what is left to write is
 * our own metadata (scopes, wrappers, error types, headers), which no generator knows.
 */
import { errorStatusByType } from "../../platform/errors.js";
import type { CataloguedRoute } from "../../platform/route-catalogue.js";
import { SCOPE_DESCRIPTIONS } from "../../platform/scope-descriptions.js";
import { ALL_SCOPES } from "../../platform/scopes.js";
import { checkOperationNotes } from "./descriptions.js";
import { GETTING_STARTED, TAG_DESCRIPTIONS } from "./guide.js";
import { TAG_NAMES } from "./names.js";
import { apiOperation, errorSchema, SchemaRegistry } from "./operations.js";
import { describedRoute, otherOperation } from "./other-routes.js";

export interface DocumentOptions {
  version: string;
}

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

const isApiRoute = (route: CataloguedRoute) =>
  route.config.access !== undefined || route.config.unauthenticated === true;

/** `/api/v1/companies/:company_id` → `/api/v1/companies/{company_id}` */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_]+)/g, "{$1}");
}

/**
 * The routes the document describes: the API's and the OAuth endpoints programs call; not the
 * HEAD twin Fastify adds to each GET, and not the pages and operations (other-routes.ts).
 */
export function documentedRoutes(routes: readonly CataloguedRoute[]): CataloguedRoute[] {
  const gets = new Set(routes.filter((route) => route.method === "GET").map((route) => route.url));
  return routes.filter(
    (route) =>
      !(route.method === "HEAD" && gets.has(route.url)) && (isApiRoute(route) || describedRoute(route).tag === "OAuth"),
  );
}

const THIS_SERVER = "This server";

const headerSchema = (description: string, schema: Record<string, unknown> = { type: "integer" }) => ({
  description,
  schema,
});

const COMPONENT_HEADERS = {
  RequestId: headerSchema("This request's id (yours, when you sent a valid X-Request-Id)", { type: "string" }),
  Page: headerSchema("The page returned"),
  PerPage: headerSchema("Items per page"),
  Total: headerSchema("How many items match the filters, exactly"),
  RateLimitLimit: headerSchema("Requests allowed in the current minute"),
  RateLimitRemaining: headerSchema("Requests left in the current minute"),
  RateLimitReset: headerSchema("Seconds until the minute is over"),
  RetryAfter: headerSchema("Seconds to wait before trying again"),
  WwwAuthenticate: headerSchema("The Bearer challenge with the reason", { type: "string" }),
  IdempotentReplayed: headerSchema("true when this is the kept answer to an earlier request with the same key", {
    type: "string",
    enum: ["true"],
  }),
};

const COMPONENT_PARAMETERS = {
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Makes a retry safe: the first answer to this key is kept 24 hours (per token) and replayed; " +
      "the same key with another request is a 422, and while the first is running a 409.",
    schema: { type: "string", minLength: 1, maxLength: 255 },
  },
  AcceptLanguage: {
    name: "Accept-Language",
    in: "header",
    required: false,
    description: "The language of error messages: en (the default) or nl",
    schema: { type: "string", examples: ["nl", "en"] },
  },
};

function securitySchemes() {
  const scopes = Object.fromEntries(ALL_SCOPES.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]]));
  return {
    apiToken: {
      type: "http",
      scheme: "bearer",
      description: "A personal API token (from /account or `kasboek bootstrap`), with the scopes it was given.",
    },
    oauth2: {
      type: "oauth2",
      description: "An access token an application obtained with the user's consent.",
      flows: {
        authorizationCode: {
          authorizationUrl: "/oauth/authorize",
          tokenUrl: "/oauth/token",
          refreshUrl: "/oauth/token",
          scopes,
        },
      },
    },
  };
}

export function buildOpenApiDocument(routes: readonly CataloguedRoute[], options: DocumentOptions): OpenApiDocument {
  const registry = new SchemaRegistry();
  const paths: OpenApiDocument["paths"] = {};
  const operationIds = new Set<string>();
  for (const route of documentedRoutes(routes)) {
    const operation = isApiRoute(route) ? apiOperation(registry, route) : otherOperation(route);
    const operationId = String(operation.operationId);
    if (operationIds.has(operationId)) throw new Error(`two routes are both called ${operationId}`);
    operationIds.add(operationId);
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  checkOperationNotes(operationIds);
  const tagNames = [...Object.values(TAG_NAMES), "OAuth"];
  return {
    openapi: "3.1.0",
    info: {
      title: "Kasboek API",
      version: options.version,
      summary: "Bookkeeping and invoicing for Dutch small businesses, compatible with the Rompslomp API v1",
      description: GETTING_STARTED,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "/", description: THIS_SERVER }],
    tags: tagNames.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      schemas: { ...registry.components, Error: errorSchema(Object.keys(errorStatusByType)) },
      responses: registry.responses,
      headers: COMPONENT_HEADERS,
      parameters: COMPONENT_PARAMETERS,
      securitySchemes: securitySchemes(),
    },
  };
}

/** The document with `url` (absolute: a generated client's default base URL) as its server. */
export function withServer(document: OpenApiDocument, url: string): OpenApiDocument {
  return { ...document, servers: [{ url, description: THIS_SERVER }] };
}
