/**
 * The parameters of a URL beyond the schemas' vocabulary (validation.ts): the limits of paging
 * and of search texts, and the path ids. Fastify validates both with the route's
 * schemas, so a handler reads values that are already what their schema says; a value that
 * cannot be used is answered by validation-errors.ts (400 naming a query parameter, 404 for an id).
 */
import type { FastifyRequest } from "fastify";
import type { Resource } from "./catalogue/keys.js";
import type { JsonSchema } from "./route-docs.js";

export interface Paging {
  page: number;
  perPage: number;
}

export const DEFAULT_PER_PAGE = 40;
export const MAX_PER_PAGE = 100;
/**
 * The largest id a parameter may name: ids are bigint on PostgreSQL and handled as JavaScript
 * numbers, so anything above Number.MAX_SAFE_INTEGER can name no row and would not even bind.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * The longest search text: far beyond any name or number searched for, and far below the 50,000
 * bytes at which SQLite refuses a LIKE pattern.
 */
export const MAX_QUERY_TEXT_LENGTH = 1000;

/**
 * The `params` schema of a route whose path names resources by id (`{ id: "ride" }`): a value
 * that is no id (`abc`, `-1`, beyond MAX_ID) is that resource not found.
 */
export function idParams(resources: Record<string, Resource>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, resource] of Object.entries(resources)) {
    properties[name] = { type: "integer", minimum: 0, maximum: MAX_ID, resource };
  }
  // required: an empty segment (`/contacts//`) leaves the parameter out, which is no id either
  return { type: "object", properties, required: Object.keys(resources), readAs: "parameters" };
}

/** The id `name` of the request's path, as its `idParams` schema validated it. */
export function pathId(request: FastifyRequest, name = "id"): number {
  const id = (request.params as Record<string, unknown>)[name];
  if (typeof id !== "number") throw new Error(`route declares no idParams for :${name}`);
  return id;
}
