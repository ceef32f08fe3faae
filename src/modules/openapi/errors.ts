/**
 * The error responses of one route, by status, each with the exact error types it can carry.
 * Invariant: derived from what the route declares and nothing else, by the same facts the
 * platform acts on: `access` (authentication, scope, company membership: access.ts), path
 * parameters (a resource that is not there: params.ts `idParams`; a malformed period), a body
 * and a query (validation-errors.ts), writes with a token (Idempotency-Key: idempotency.ts), the
 * rate limit (rate-limit.ts), plus the types the route lists in `schema.errors`.
 */
import { type ErrorType, errorStatusByType } from "../../platform/errors.js";
import { isRateLimited } from "../../platform/rate-limit.js";
import type { CataloguedRoute } from "../../platform/route-catalogue.js";

export type ErrorTypesByStatus = Map<number, Set<ErrorType>>;

/** The path parameters of a Fastify URL (`:company_id`), in order. */
export function pathParameters(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? "");
}

export function errorTypesOf(route: CataloguedRoute): ErrorTypesByStatus {
  const found: ErrorTypesByStatus = new Map();
  const add = (status: number, ...types: ErrorType[]) => {
    const set = found.get(status) ?? new Set<ErrorType>();
    for (const type of types) set.add(type);
    found.set(status, set);
  };
  // a path parameter over 100 characters, or not validly percent-encoded (platform/http.ts)
  if (pathParameters(route.url).length > 0) add(400, "client.parameters.invalid_parameter_value");
  const access = route.config.access;
  if (access !== undefined) {
    add(401, "client.authentication.invalid_token");
    add(403, "client.authorization.invalid_scope");
    if (access.companyParam !== undefined) add(403, "client.authorization.access_denied");
    const named = pathParameters(route.url).filter((name) => name !== access.companyParam);
    // a period is read, not looked up (an open period is computed): a bad one is a 400
    if (named.includes("period")) add(400, "client.parameters.invalid_parameter_value");
    if (named.some((name) => name !== "period")) add(404, "client.not_found.resource");
    if (route.method === "POST" || route.method === "PATCH") {
      // Idempotency-Key: a malformed key, a key still in use, a key reused for another request
      add(400, "client.parameters.invalid_parameter_value");
      add(409, "client.parameters.invalid_parameter_value");
      add(422, "client.parameters.validation");
    }
  }
  if (route.schema.body !== undefined) {
    add(
      400,
      "client.parameters.malformed_json",
      "client.parameters.missing_parameter",
      "client.parameters.unpermitted_parameters",
      "client.parameters.invalid_parameter_value",
    );
    add(413, "client.parameters.invalid_parameter_value");
    add(422, "client.parameters.validation");
  }
  if (route.method === "DELETE") {
    // Fastify reads a DELETE's body too: one that is not JSON, or over the limit, is refused
    add(400, "client.parameters.malformed_json", "client.parameters.invalid_parameter_value");
    add(413, "client.parameters.invalid_parameter_value");
  }
  if (route.schema.querystring !== undefined) add(400, "client.parameters.invalid_parameter_value");
  for (const type of route.schema.errors ?? []) add(errorStatusByType[type], type);
  if (isRateLimited(route.url)) add(429, "client.rate_limit");
  return found;
}
