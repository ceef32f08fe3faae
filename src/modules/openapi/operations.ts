/**
 * One OpenAPI operation per API route, from what the route declares: access (security, scope),
 * path parameters, the query (`listQuery`), the wrapped body (`payloadBody`), its response schemas
 * (the same objects the serializer uses) and its error responses (errors.ts). Response objects
 * are named after their wrapper key (`{"contact": …}` → `Contact`) and shared as components, so a
 * generated client gets one type per resource.
 */
import { OptionalKind } from "@sinclair/typebox";
import type { CataloguedRoute } from "../../platform/route-catalogue.js";
import { documentedBody, type JsonSchema } from "../../platform/route-docs.js";
import { operationDescription } from "./descriptions.js";
import { errorTypesOf, pathParameters } from "./errors.js";
import { operationNames, pascal, singular } from "./names.js";

/** JSON Schema objects named once, shared by every operation that answers with them. */
export class SchemaRegistry {
  readonly components: Record<string, JsonSchema> = {};
  /** error responses, shared by every operation that can give the same status and types */
  readonly responses: Record<string, JsonSchema> = {};
  private readonly names = new Map<unknown, string>();
  private readonly responseNames = new Map<string, string>();

  /** A `$ref` to the error response `response` of `status`, named `Error<status>[_n]`. */
  errorResponse(status: number, response: JsonSchema): JsonSchema {
    const key = JSON.stringify(response);
    let name = this.responseNames.get(key);
    if (name === undefined) {
      const base = `Error${status}`;
      name = base;
      for (let suffix = 2; name in this.responses; suffix++) name = `${base}_${suffix}`;
      this.responseNames.set(key, name);
      this.responses[name] = response;
    }
    return { $ref: `#/components/responses/${name}` };
  }

  /**
   * A `$ref` to `schema` under `name` (made unique when another schema took it first). A response
   * schema says which properties are always present: all but `Type.Optional` ones (see
   * `withPresence`); a request schema's properties are all optional already.
   */
  reference(name: string, schema: unknown, kind: "response" | "request" = "response"): JsonSchema {
    let registered = this.names.get(schema);
    if (registered === undefined) {
      registered = name;
      for (let suffix = 2; registered in this.components; suffix++) registered = `${name}${suffix}`;
      this.names.set(schema, registered);
      const described = kind === "response" ? withPresence(schema) : schema;
      this.components[registered] = this.hoistIdentified(plainJson(described));
    }
    return { $ref: `#/components/schemas/${registered}` };
  }

  /**
   * A recursive TypeBox schema carries `$id` and refers to itself by it; embedded in several
   * components it would define that id more than once. Each becomes a component of its own name.
   */
  private hoistIdentified(schema: unknown): JsonSchema {
    const visit = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(visit);
      if (node === null || typeof node !== "object") return node;
      const { $id, ...rest } = node as JsonSchema;
      const copy = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, visit(value)]));
      if (typeof copy.$ref === "string" && !copy.$ref.startsWith("#")) copy.$ref = `#/components/schemas/${copy.$ref}`;
      if (typeof $id !== "string") return copy;
      this.components[$id] ??= copy;
      return { $ref: `#/components/schemas/${$id}` };
    };
    return visit(schema) as JsonSchema;
  }
}

/**
 * A copy of a response schema whose objects list as `required` every property that is not
 * `Type.Optional`. fields.ts `ResponseObjectWithOmissions` drops `required` to keep the serializer's
 * field order; the document must still tell a client which fields are always there.
 */
function withPresence(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withPresence);
  if (schema === null || typeof schema !== "object") return schema;
  const source = schema as Record<string | symbol, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) copy[key] = withPresence(value);
  const properties = source.properties as Record<string, Record<symbol, unknown>> | undefined;
  if (source.type === "object" && properties !== undefined && source.required === undefined) {
    copy.required = Object.keys(properties).filter((key) => properties[key]?.[OptionalKind] !== "Optional");
  }
  return copy;
}

/** A TypeBox schema as plain JSON (its symbol keys dropped). */
export function plainJson(schema: unknown): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}

/** `{"contact": X}` → `{"contact": $ref Contact}`; `{"contacts": [X]}` → items `$ref Contact`. */
function responseSchema(registry: SchemaRegistry, schema: unknown): JsonSchema {
  const source = schema as { type?: unknown; properties?: Record<string, JsonSchema> };
  const entries = Object.entries(source.properties ?? {});
  const [wrapper] = entries;
  if (source.type !== "object" || entries.length !== 1 || wrapper === undefined) return plainJson(schema);
  const [key, inner] = wrapper;
  const named =
    inner.type === "array" && typeof inner.items === "object"
      ? { type: "array", items: registry.reference(pascal(singular(key)), inner.items) }
      : registry.reference(pascal(key), inner);
  return { type: "object", required: [key], additionalProperties: false, properties: { [key]: named } };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The request cannot be used: malformed JSON, a missing wrapper, unknown attributes or a bad parameter",
  401: "No token, or the token is unknown, revoked or expired",
  402: "The company's plan does not allow more of these",
  403: "The token lacks the scope, or may not reach this company",
  404: "There is no such resource in this company",
  409: "A request with the same Idempotency-Key has not finished yet; retry after Retry-After seconds",
  413: "The request body is too large",
  422: "The attributes are invalid: the message names every invalid attribute",
  429: "Too many requests this minute; retry after Retry-After seconds",
};

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

function commonHeaders(route: CataloguedRoute): Record<string, unknown> {
  const headers: Record<string, unknown> = { "X-Request-Id": header("RequestId") };
  if (route.config.access !== undefined || route.url.startsWith("/oauth/")) {
    Object.assign(headers, {
      "RateLimit-Limit": header("RateLimitLimit"),
      "RateLimit-Remaining": header("RateLimitRemaining"),
      "RateLimit-Reset": header("RateLimitReset"),
    });
  }
  return headers;
}

function errorResponses(registry: SchemaRegistry, route: CataloguedRoute): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const sorted = [...errorTypesOf(route)].sort(([a], [b]) => a - b);
  for (const [status, types] of sorted) {
    const headers = commonHeaders(route);
    if (status === 401) headers["WWW-Authenticate"] = header("WwwAuthenticate");
    if (status === 409 || status === 429) headers["Retry-After"] = header("RetryAfter");
    responses[String(status)] = registry.errorResponse(status, {
      description: `${ERROR_DESCRIPTIONS[status] ?? "Error"}. Types: ${[...types].join(", ")}`,
      headers,
      content: { "application/json": { schema: errorSchema([...types]) } },
    });
  }
  return responses;
}

/** The error envelope narrowed to the types one status can carry. */
export function errorSchema(types: readonly string[]): JsonSchema {
  return {
    type: "object",
    required: ["error"],
    additionalProperties: false,
    properties: {
      error: {
        type: "object",
        required: ["type", "message"],
        additionalProperties: false,
        properties: {
          type: { type: "string", enum: [...types] },
          message: { type: "string", description: "For people, in the language Accept-Language asks for" },
        },
      },
    },
  };
}

function successResponses(registry: SchemaRegistry, route: CataloguedRoute) {
  const responses: Record<string, unknown> = {};
  const headers = commonHeaders(route);
  const query = route.schema.querystring as { properties?: Record<string, unknown> } | undefined;
  if (query?.properties?.page !== undefined) {
    Object.assign(headers, { "X-Page": header("Page"), "X-Per-Page": header("PerPage"), "X-Total": header("Total") });
  }
  if (route.config.access !== undefined && (route.method === "POST" || route.method === "PATCH")) {
    headers["Idempotent-Replayed"] = header("IdempotentReplayed");
  }
  const declared = (route.schema.response ?? {}) as Record<string, unknown>;
  for (const [status, schema] of Object.entries(declared)) {
    responses[status] = {
      description: status === "201" ? "Created" : "OK",
      headers,
      content: { "application/json": { schema: responseSchema(registry, schema) } },
    };
  }
  const file = route.schema.file;
  if (file !== undefined) {
    responses["200"] = {
      description: file.description,
      headers,
      content: {
        [file.contentType]: {
          // a JSON document is an object to a client; any other file is its bytes
          schema:
            file.contentType === "application/json"
              ? { type: "object" }
              : { type: "string", contentMediaType: file.contentType },
        },
      },
    };
  }
  if (Object.keys(responses).length === 0 && route.method === "DELETE") {
    responses["204"] = { description: "Deleted", headers };
  }
  return responses;
}

function parameters(route: CataloguedRoute): unknown[] {
  const found: unknown[] = pathParameters(route.url).map((name) => ({
    name,
    in: "path",
    required: true,
    ...(name === "period"
      ? { description: "A period: YYYYQn (a quarter), YYYY-MM (a month) or YYYY", schema: { type: "string" } }
      : { schema: { type: "integer", minimum: 1 } }),
  }));
  const query = route.schema.querystring as
    | { properties?: Record<string, JsonSchema>; required?: string[] }
    | undefined;
  for (const [name, schema] of Object.entries(query?.properties ?? {})) {
    if (name !== "search") {
      const { description, ...rest } = schema;
      const required = query?.required?.includes(name) ?? false;
      found.push({ name, in: "query", required, description, schema: rest });
      continue;
    }
    const filters = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const [key, filter] of Object.entries(filters)) {
      const { description, ...rest } = filter;
      const list = rest.type === "array";
      found.push({
        name: `search[${key}]${list ? "[]" : ""}`,
        in: "query",
        required: false,
        description,
        schema: rest,
      });
    }
  }
  if (route.config.access !== undefined && (route.method === "POST" || route.method === "PATCH")) {
    found.push({ $ref: "#/components/parameters/IdempotencyKey" });
  }
  if (route.config.access !== undefined) found.push({ $ref: "#/components/parameters/AcceptLanguage" });
  return found;
}

/** The operation of an API route (one with `access`, or the API's own description). */
export function apiOperation(registry: SchemaRegistry, route: CataloguedRoute): Record<string, unknown> {
  const names = operationNames(route);
  const access = route.config.access;
  const body = route.schema.body === undefined ? undefined : documentedBody(route.schema.body as JsonSchema);
  const requestBody =
    body === undefined
      ? undefined
      : {
          required: true,
          content: {
            "application/json": {
              schema: bodySchema(registry, body),
              ...(Array.isArray(body.examples) ? { examples: { example: { value: body.examples[0] } } } : {}),
            },
          },
        };
  return {
    operationId: names.operationId,
    summary: route.schema.summary ?? names.summary,
    description: operationDescription(route, names),
    tags: [names.tag],
    ...(access === undefined
      ? { security: [] }
      : { security: [{ apiToken: [access.scope] }, { oauth2: [access.scope] }], "x-scope": access.scope }),
    parameters: parameters(route),
    ...(requestBody === undefined ? {} : { requestBody }),
    responses: { ...successResponses(registry, route), ...errorResponses(registry, route) },
  };
}

/** The wrapped body with its attributes named `<Wrapper>Input`. */
function bodySchema(registry: SchemaRegistry, body: JsonSchema): JsonSchema {
  const { examples: _examples, ...rest } = body;
  const properties = (rest.properties ?? {}) as Record<string, unknown>;
  const [wrapper] = Object.entries(properties);
  if (wrapper === undefined) return rest;
  const [key, attributes] = wrapper;
  return { ...rest, properties: { [key]: registry.reference(`${pascal(key)}Input`, attributes, "request") } };
}
