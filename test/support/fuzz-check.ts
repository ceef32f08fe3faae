/**
 * For the fuzz test (test/fuzz.test.ts): what every answer must be, whatever was asked (the
 * README's API conventions). Never a 5xx; on the API an error is JSON in the envelope
 * `{"error":{"type","message"}}` with one of the Rompslomp API's error types and the status of that
 * type; a success is JSON matching the response schema the route declares for its status (checked
 * with TypeBox's `Value`, the route's own schema objects), a 204 is empty. Test code only.
 */
import { FormatRegistry, type TProperties, type TSchema, Type, TypeRegistry } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { LightMyRequestResponse } from "fastify";
import type { CollectedRoute } from "./fuzz-routes.js";

/** The Rompslomp API's error types, each with its status. */
export const SPEC_ERROR_STATUS: Record<string, number> = {
  "client.parameters.invalid_parameter_value": 400,
  "client.parameters.unpermitted_parameters": 400,
  "client.parameters.missing_parameter": 400,
  "client.parameters.malformed_json": 400,
  "client.authentication.invalid_token": 401,
  "client.subscription_limit_reached": 402,
  "client.authorization.invalid_scope": 403,
  "client.authorization.access_denied": 403,
  "client.not_found.resource": 404,
  "client.not_found.endpoint": 404,
  "client.parameters.validation": 422,
  "client.quota_reached": 422,
  "client.rate_limit": 429,
  server: 500,
};

/** The further names of the enumeration of error types, which carry no status of their own. */
const SPEC_GENERIC_TYPES = [
  "client",
  "client.authentication",
  "client.authorization",
  "client.not_found",
  "client.parameters",
  "client.quota_reached",
  "client.rate_limit",
  "client.subscription_limit_reached",
  "server",
];

/**
 * Statuses outside that table the service uses on purpose (platform/http.ts): 413 for a body over
 * the limit. They keep a type of the enumeration.
 */
const EXTRA_STATUS_TYPES: Record<number, string[]> = { 413: ["client.parameters.invalid_parameter_value"] };

export type RouteKind = "api" | "page" | "oauth-endpoint" | "operations" | "unknown";

/**
 * What kind of answer a route gives. `url` is the route's pattern, or null when no route matched
 * `path`: then the API's 404, except under /sign, whose pages answer a path they do not know
 * with their own "link not valid" page (quotation-signing/routes.ts).
 */
export function routeKind(url: string | null, path = ""): RouteKind {
  if (url === null)
    return path === "/sign" || path.startsWith("/sign/") || path.startsWith("/sign?") ? "page" : "unknown";
  if (url.startsWith("/api/")) return "api";
  if (url === "/oauth/token" || url === "/oauth/revoke" || url.startsWith("/.well-known/")) return "oauth-endpoint";
  if (url.startsWith("/health/") || url === "/metrics" || url.startsWith("/assets/")) return "operations";
  return "page";
}

// --- schema checks -------------------------------------------------------------------------

interface UnsafeSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  maxLength?: number;
  [key: string]: unknown;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (match === null) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function isDateTime(value: string): boolean {
  return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) && isDate(value.slice(0, 10));
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    default:
      throw new Error(`fuzz-check: unknown JSON schema type ${type}`);
  }
}

const UNSAFE_KEYWORDS = new Set([
  "type",
  "enum",
  "format",
  "maxLength",
  "maxMagnitude",
  "description",
  "title",
  // a nullable embedded object (fields.ts `Nullable.object`)
  "properties",
  "additionalProperties",
  "required",
]);

/**
 * `Type.Unsafe` schemas (platform/fields.ts: `{type: [T, "null"]}` and friends) are plain JSON
 * schema TypeBox does not check by itself; this checks the keywords they use and refuses any other.
 */
function checkUnsafe(schema: UnsafeSchema, value: unknown): boolean {
  for (const key of Object.keys(schema)) {
    if (!UNSAFE_KEYWORDS.has(key)) throw new Error(`fuzz-check: unsupported keyword ${key} in an Unsafe schema`);
  }
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length > 0 && !types.some((type) => hasType(type, value))) return false;
  if (schema.properties !== undefined && hasType("object", value)) {
    // its properties are TypeBox schemas: TypeBox checks the object with them
    const properties = schema.properties as TProperties;
    return Value.Check(Type.Object(properties, { additionalProperties: schema.additionalProperties !== false }), value);
  }
  if (schema.enum !== undefined && !schema.enum.includes(value)) return false;
  if (typeof value === "string") {
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) return false;
    if (schema.format === "date" && !isDate(value)) return false;
    if (schema.format === "date-time" && !isDateTime(value)) return false;
  }
  return true;
}

let registered = false;
function registerKinds(): void {
  if (registered) return;
  registered = true;
  if (!TypeRegistry.Has("Unsafe")) TypeRegistry.Set<UnsafeSchema>("Unsafe", checkUnsafe);
  if (!FormatRegistry.Has("date")) FormatRegistry.Set("date", isDate);
  if (!FormatRegistry.Has("date-time")) FormatRegistry.Set("date-time", isDateTime);
}

/** Up to five reasons `value` does not match `schema`, empty when it does. */
export function schemaProblems(schema: TSchema, value: unknown): string[] {
  registerKinds();
  if (Value.Check(schema, value)) return [];
  const problems = [...Value.Errors(schema, value)]
    .slice(0, 5)
    .map((error) => `${error.path || "/"}: ${error.message} (got ${JSON.stringify(error.value)?.slice(0, 120)})`);
  return problems.length > 0 ? problems : ["does not match the response schema"];
}

function responseSchema(route: CollectedRoute, status: number): TSchema | undefined {
  const schemas = route.response;
  return (schemas[String(status)] ?? schemas[`${String(status)[0]}xx`] ?? schemas.default) as TSchema | undefined;
}

// --- the checks ----------------------------------------------------------------------------

function header(response: LightMyRequestResponse, name: string): string {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(", ") : String(value ?? "");
}

function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The error envelope's problems: shape, type of the enumeration, status of the type. */
function envelopeProblems(status: number, body: unknown): string[] {
  if (!isRecord(body) || !isRecord(body.error)) return ["error body is not {error: {...}}"];
  const keys = Object.keys(body);
  const problems: string[] = [];
  if (keys.length !== 1) problems.push(`error body has keys ${keys.join(", ")} besides error`);
  const { type, message } = body.error;
  if (typeof type !== "string") return [...problems, "error.type is not a string"];
  if (typeof message !== "string" || message === "") problems.push("error.message is not a non-empty string");
  const expected = SPEC_ERROR_STATUS[type];
  if (expected === undefined && !SPEC_GENERIC_TYPES.includes(type)) {
    problems.push(`error.type ${type} is not in the enumeration of spec section 7`);
  } else if (expected !== undefined && expected !== status && !(EXTRA_STATUS_TYPES[status] ?? []).includes(type)) {
    problems.push(`status ${status} does not belong to error.type ${type} (spec: ${expected})`);
  }
  return problems;
}

/**
 * What is wrong with `response` to a `method` request for `url` on `route` (null: no route
 * matched the path), empty when nothing is.
 */
export function responseProblems(
  route: CollectedRoute | null,
  method: string,
  url: string,
  response: LightMyRequestResponse,
): string[] {
  const status = response.statusCode;
  const problems: string[] = [];
  if (!Number.isInteger(status) || status < 100 || status >= 500) problems.push(`status ${status}`);
  if (header(response, "x-request-id") === "") problems.push("no X-Request-Id header");
  const kind = routeKind(route?.url ?? null, url);
  const head = method === "HEAD";
  const type = header(response, "content-type");
  // A HEAD answer's body is not checked: light-my-request returns what was written, where Node's
  // server drops it on the socket.

  if (kind === "api" || kind === "unknown") {
    const json = type.toLowerCase().startsWith("application/json");
    if (status >= 400) {
      if (!json) problems.push(`error content-type is "${type}", not JSON`);
      if (!head) {
        const parsed = parseJson(response.body);
        if (!parsed.ok) problems.push("error body is not JSON");
        else problems.push(...envelopeProblems(status, parsed.value));
      }
    } else if (kind === "unknown" && status < 300) {
      problems.push(`a path no route matches answered ${status}`);
    } else if (status >= 300 && status < 400) {
      problems.push(`the API answered a redirect ${status}`);
    } else if (route !== null && status >= 200 && status < 300) {
      const schema = responseSchema(route, status);
      const declared = Object.keys(route.response);
      if (status === 204) {
        if (response.body !== "") problems.push("a 204 has a body");
      } else if (schema !== undefined) {
        if (type !== "application/json; charset=utf-8") problems.push(`content-type "${type}", not JSON in UTF-8`);
        if (!head) {
          const parsed = parseJson(response.body);
          if (!parsed.ok) problems.push("body is not JSON");
          else problems.push(...schemaProblems(schema, parsed.value).map((problem) => `response schema: ${problem}`));
        }
      } else if (declared.length > 0) {
        problems.push(`status ${status} is not one the route declares (${declared.join(", ")})`);
      }
    }
  } else if (kind === "oauth-endpoint" && status >= 400 && !head) {
    const parsed = parseJson(response.body);
    if (!type.startsWith("application/json") || !parsed.ok || !isRecord(parsed.value)) {
      problems.push("an OAuth endpoint's error is not a JSON object");
    } else if (typeof parsed.value.error !== "string") problems.push("an OAuth endpoint's error has no string error");
  } else if (kind === "page" && type === "" && response.body !== "") {
    problems.push("a page answered without a content-type");
  }
  return problems;
}
