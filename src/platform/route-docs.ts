/**
 * What a route declares about itself beyond its response schemas, for the OpenAPI document
 * (modules/openapi): a summary, the wrapped request body and the error types only it can give.
 * A body is declared by its payload (`payloadBody`): Fastify validates it with the schema
 * validation.ts makes of the payload, and the document describes it as a client sends it
 * (`documentedBody`); a list's query by its declaration in list-query.ts, which is both.
 */
import type { TSchema } from "@sinclair/typebox";
import type { ErrorType } from "./errors.js";
import { MAX_AMOUNT } from "./money.js";
import { payloadSchema } from "./validation.js";

declare module "fastify" {
  interface FastifySchema {
    summary?: string;
    description?: string;
    /** error types this route gives beyond those its access, path, body and query imply */
    errors?: readonly ErrorType[];
    /** a route answering with a file rather than a described JSON body (a PDF, an attachment) */
    file?: { contentType: string; description: string };
  }
}

/** A write payload as the services read it (`ContactPayload`, …). */
export interface DocumentedPayload {
  wrapper: string;
  schema: TSchema;
  readOnly?: readonly string[];
}

export type JsonSchema = Record<string, unknown>;

/** The documented form of each body `payloadBody` made, by the schema Fastify validates with. */
const documentedBodies = new WeakMap<object, JsonSchema>();

/**
 * The request body of a write: `{"<wrapper>": {...}}`, as validation.ts `payloadSchema` says.
 * Every attribute may be left out (a create takes defaults, an update keeps what is stored).
 */
export function payloadBody(payload: DocumentedPayload, example?: Record<string, unknown>): JsonSchema {
  // a copy per route, documented with the route's own example; validated alike (validation.ts)
  const body: JsonSchema = { ...payloadSchema(payload) };
  let attributes = inputSchemas.get(payload.schema);
  if (attributes === undefined) {
    attributes = inputSchema(payload.schema);
    inputSchemas.set(payload.schema, attributes);
  }
  documentedBodies.set(body, {
    type: "object",
    required: [payload.wrapper],
    additionalProperties: false,
    properties: { [payload.wrapper]: attributes },
    ...(example === undefined ? {} : { examples: [{ [payload.wrapper]: example }] }),
    "x-read-only-attributes": payload.readOnly ?? [],
  });
  return body;
}

/** A route's body as the document describes it: a payload as a client sends it, else as declared. */
export function documentedBody(body: JsonSchema): JsonSchema {
  return documentedBodies.get(body) ?? body;
}

/** One copy per payload schema, so a create and an update share one named input schema. */
const inputSchemas = new WeakMap<TSchema, unknown>();

/** The schema as a client sends it: optional attributes, decimals as strings or numbers. */
function inputSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inputSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const source = schema as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === "required" || key === "maxMagnitude") continue;
    copy[key] = inputSchema(value);
  }
  if (source.format === "decimal") {
    // the limit of every amount (MAX_AMOUNT) is the API's; a field's own limit is said here
    const limit =
      typeof source.maxMagnitude === "string" && source.maxMagnitude !== MAX_AMOUNT
        ? `, at most ${source.maxMagnitude} either way`
        : "";
    copy.type = ["string", "number", "null"];
    copy.description = `An exact decimal: a string such as "12.50" or a number${limit}`;
  }
  return copy;
}

/** A date parameter (`YYYY-MM-DD`) described for a reader. */
export function dateParameter(description: string): JsonSchema {
  return { type: "string", format: "date", description };
}
