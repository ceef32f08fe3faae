/**
 * What a route declares about itself beyond its response schemas, for the OpenAPI document
 * (modules/openapi): a summary, the wrapped request body and the error types only it can give.
 * The body is described by the very payload schema `attributes.ts` validates with; a list's query
 * by its declaration in list-query.ts, which is also what reads it.
 *
 * Invariant: Fastify never validates a body or a query against these declarations (http.ts sets a
 * validator that accepts everything): the services do, so every failure keeps the spec's error
 * envelope and one 422 names every invalid attribute at once.
 */
import type { TSchema } from "@sinclair/typebox";
import type { ErrorType } from "./errors.js";

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

/**
 * The request body of a write: `{"<wrapper>": {...}}`. Every attribute may be left out (a create
 * takes defaults, an update keeps what is stored), so no attribute is required in the copy.
 */
export function payloadBody(payload: DocumentedPayload, example?: Record<string, unknown>): JsonSchema {
  let attributes = inputSchemas.get(payload.schema);
  if (attributes === undefined) {
    attributes = inputSchema(payload.schema);
    inputSchemas.set(payload.schema, attributes);
  }
  return {
    type: "object",
    required: [payload.wrapper],
    additionalProperties: false,
    properties: { [payload.wrapper]: attributes },
    ...(example === undefined ? {} : { examples: [{ [payload.wrapper]: example }] }),
    "x-read-only-attributes": payload.readOnly ?? [],
  };
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
    const limit = typeof source.maxMagnitude === "string" ? `, at most ${source.maxMagnitude} either way` : "";
    copy.type = ["string", "number", "null"];
    copy.description = `An exact decimal: a string such as "12.50" or a number${limit}`;
  }
  return copy;
}

/** A date parameter (`YYYY-MM-DD`) described for a reader. */
export function dateParameter(description: string): JsonSchema {
  return { type: "string", format: "date", description };
}
