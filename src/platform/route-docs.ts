/**
 * What a route declares about itself beyond its response schemas, for the OpenAPI document
 * (modules/openapi): a summary, the wrapped request body, the query parameters it reads, and the
 * error types only it can give. The body is described by the very payload schema `attributes.ts`
 * validates with; the query by the names and kinds `params.ts` parses.
 *
 * Invariant: Fastify never validates a body or a query against these declarations (http.ts sets a
 * validator that accepts everything): the services do, so every failure keeps the spec's error
 * envelope and one 422 names every invalid attribute at once.
 */
import type { TSchema } from "@sinclair/typebox";
import type { ErrorType } from "./errors.js";
import { DEFAULT_PER_PAGE, MAX_ID, MAX_PER_PAGE, MAX_QUERY_TEXT_LENGTH } from "./params.js";

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

/** How a `search[…]` filter is read (params.ts). */
export type SearchKind = "text" | "date" | "id" | "text-list";

export interface ListQueryDeclaration {
  /** the `selection` values, the first being the default unless `defaultSelection` says otherwise */
  selections?: readonly string[];
  defaultSelection?: string;
  search?: Record<string, { kind: SearchKind; description: string }>;
  /** other plain parameters, described as they are read */
  extra?: Record<string, JsonSchema>;
  /** false for a query without `page`/`per_page` */
  paged?: boolean;
  /** parameters that must be given */
  required?: readonly string[];
}

/** A date parameter (`YYYY-MM-DD`) described for a reader. */
export function dateParameter(description: string): JsonSchema {
  return { type: "string", format: "date", description };
}

const SEARCH_SCHEMAS: Record<SearchKind, JsonSchema> = {
  text: { type: "string", maxLength: MAX_QUERY_TEXT_LENGTH },
  date: { type: "string", format: "date" },
  id: { type: "integer", minimum: 0, maximum: MAX_ID },
  "text-list": { type: "array", items: { type: "string", maxLength: MAX_QUERY_TEXT_LENGTH } },
};

/** The query string a route reads: paging, `selection`, `search[…]` and any others. */
export function listQuery(declaration: ListQueryDeclaration = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  if (declaration.paged !== false) {
    properties.page = { type: "integer", minimum: 1, default: 1, description: "The page to return, from 1" };
    properties.per_page = {
      type: "integer",
      minimum: 0,
      maximum: MAX_PER_PAGE,
      default: DEFAULT_PER_PAGE,
      description: `Items per page, at most ${MAX_PER_PAGE}`,
    };
  }
  if (declaration.selections !== undefined) {
    properties.selection = {
      type: "string",
      enum: [...declaration.selections],
      default: declaration.defaultSelection ?? declaration.selections[0],
      description: "Which items to list",
    };
  }
  if (declaration.search !== undefined) {
    const search: Record<string, JsonSchema> = {};
    for (const [name, { kind, description }] of Object.entries(declaration.search)) {
      search[name] = { ...SEARCH_SCHEMAS[kind], description };
    }
    properties.search = { type: "object", properties: search, additionalProperties: false };
  }
  Object.assign(properties, declaration.extra ?? {});
  const required = declaration.required === undefined ? {} : { required: [...declaration.required] };
  return { type: "object", properties, ...required, additionalProperties: false };
}
