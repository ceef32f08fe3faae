/**
 * A list's query string, declared once per route: paging, `selection` and `search[…]` filters.
 * The one declaration is what the OpenAPI document shows and what Fastify validates the query
 * with (`schema`: values read as validation.ts says, defaults filled in, unknown keys dropped),
 * and `read` hands the handler the validated values, so the reference cannot name a filter the
 * route ignores or miss one it reads. Parameters outside these three (a report's `date`, a VAT
 * return's `box`) go in `extra`: documented and validated here, read by the route itself.
 */
import { DEFAULT_PER_PAGE, MAX_ID, MAX_PER_PAGE, MAX_QUERY_TEXT_LENGTH, type Paging } from "./params.js";
import type { JsonSchema } from "./route-docs.js";

/** How a `search[…]` filter is read (params.ts). */
export type SearchKind = "text" | "date" | "id" | "text-list";

export interface SearchDeclaration {
  kind: SearchKind;
  description: string;
}

export interface ListQueryDeclaration<Selection extends string, Search extends Record<string, SearchDeclaration>> {
  /** the `selection` values */
  selections?: readonly Selection[];
  /** the selection when none is asked for: the first of `selections` unless named */
  defaultSelection?: Selection;
  search?: Search;
  /** other parameters, documented here and read by the route itself */
  extra?: Record<string, JsonSchema>;
  /** false for a query without `page`/`per_page` */
  paged?: boolean;
  /** parameters that must be given */
  required?: readonly string[];
}

type SearchValue<Kind extends SearchKind> = Kind extends "id" ? number : Kind extends "text-list" ? string[] : string;

export interface ReadListQuery<Selection extends string, Search extends Record<string, SearchDeclaration>> {
  paging: Paging;
  selection: Selection;
  search: { [Key in keyof Search]: SearchValue<Search[Key]["kind"]> | undefined };
}

export interface ListQuery<Selection extends string, Search extends Record<string, SearchDeclaration>> {
  /** the route's `schema.querystring`: what Fastify validates the query with and the document shows */
  schema: JsonSchema;
  /** the validated query (`request.query`) as the handler uses it */
  read: (query: unknown) => ReadListQuery<Selection, Search>;
}

/** The filters of a list of dated documents. */
export const DATE_RANGE_SEARCH = {
  from: { kind: "date", description: "Only items dated on or after this date" },
  till: { kind: "date", description: "Only items dated on or before this date" },
} as const satisfies Record<string, SearchDeclaration>;

const SEARCH_SCHEMAS: Record<SearchKind, JsonSchema> = {
  text: { type: "string", maxLength: MAX_QUERY_TEXT_LENGTH },
  date: { type: "string", format: "date" },
  id: { type: "integer", minimum: 0, maximum: MAX_ID },
  "text-list": { type: "array", items: { type: "string", maxLength: MAX_QUERY_TEXT_LENGTH } },
};

function schemaOf(declaration: ListQueryDeclaration<string, Record<string, SearchDeclaration>>): JsonSchema {
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
    properties.search = { type: "object", properties: search, additionalProperties: false, readAs: "parameters" };
  }
  Object.assign(properties, declaration.extra ?? {});
  const required = declaration.required === undefined ? {} : { required: [...declaration.required] };
  return { type: "object", properties, ...required, additionalProperties: false, readAs: "parameters" };
}

/** A query as its schema leaves it. */
interface ValidatedQuery {
  page?: number;
  per_page?: number;
  selection?: string;
  search?: Record<string, unknown>;
}

export function listQuery<
  Selection extends string = never,
  Search extends Record<string, SearchDeclaration> = Record<never, SearchDeclaration>,
>(declaration: ListQueryDeclaration<Selection, Search> = {}): ListQuery<Selection, Search> {
  const fallback = declaration.defaultSelection ?? declaration.selections?.[0];
  return {
    schema: schemaOf(declaration),
    read: (query) => {
      const { page = 1, per_page = DEFAULT_PER_PAGE, selection = fallback, search = {} } = query as ValidatedQuery;
      return {
        // without declared selections there is nothing to choose: the type says `never`
        selection: selection as Selection,
        search: search as ReadListQuery<Selection, Search>["search"],
        paging: { page, perPage: per_page },
      };
    },
  };
}

/** The query of a list read only by page. */
export const PAGED_LIST = listQuery();
