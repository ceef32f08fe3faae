/**
 * @kasboek/client: a typed client for the Kasboek API (wire-compatible with the Rompslomp API v1).
 *
 * Invariants:
 * - Every path, parameter, body and response type comes from `schema.ts`, which openapi-typescript
 *   generates from the server's own `GET /api/v1/openapi.json`; nothing here restates a resource's
 *   shape by hand, so a call that compiles matches what the server documents.
 * - Requests go through openapi-fetch unchanged: a call answers `{ data, error, response }`, and
 *   `unwrap` turns that into the data or a `KasboekError` carrying the error envelope
 *   (`{"error": {"type", "message"}}`).
 * - `paginate` walks a list operation's pages by the server's own paging headers (X-Total,
 *   X-Per-Page), so it neither skips nor repeats a page whatever `per_page` the server applied.
 */
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components, operations, paths } from "./schema.js";

export type { components, operations, paths };

/** The client `createKasboekClient` returns: `client.GET("/api/v1/…", { params, body })`, typed per path. */
export type KasboekClient = Client<paths>;

/** A resource as the server answers with it, by its component name: `Schema<"Contact">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

/** Every error type the server documents (`client.parameters.validation`, `client.not_found.resource`, …). */
export type KasboekErrorType = components["schemas"]["Error"]["error"]["type"];

export interface KasboekClientOptions {
  /** The server's root, e.g. `https://kasboek.example.org` (the document's paths start with `/api/v1`). */
  baseUrl: string;
  /** A personal API token or an OAuth access token; left out, only the unauthenticated routes answer. */
  token?: string;
  /** Another fetch (a test double, a proxy agent); defaults to the global fetch. */
  fetch?: ClientOptions["fetch"];
  /** Headers sent with every request, e.g. `{ "Accept-Language": "nl" }`. */
  headers?: Record<string, string>;
}

export function createKasboekClient(options: KasboekClientOptions): KasboekClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
}

/**
 * An answer outside 2xx. `type` and `message` are the error envelope's; `type` is null when the
 * body was not the envelope (a proxy's error page, an empty body), and `message` then says what came.
 */
export class KasboekError extends Error {
  override readonly name = "KasboekError";
  readonly status: number;
  readonly type: KasboekErrorType | null;
  /** The server's X-Request-Id, to find the request in its log. */
  readonly requestId: string | null;

  constructor(status: number, type: KasboekErrorType | null, message: string, requestId: string | null = null) {
    super(message);
    this.status = status;
    this.type = type;
    this.requestId = requestId;
  }

  /** The error of a non-2xx response whose body openapi-fetch has read into `body`. */
  static fromResponse(response: Response, body: unknown): KasboekError {
    const requestId = response.headers.get("x-request-id");
    const envelope = errorEnvelope(body);
    if (envelope !== undefined) return new KasboekError(response.status, envelope.type, envelope.message, requestId);
    const shown = typeof body === "string" && body !== "" ? `: ${body.slice(0, 200)}` : "";
    return new KasboekError(response.status, null, `HTTP ${response.status}${shown}`, requestId);
  }
}

function errorEnvelope(body: unknown): { type: KasboekErrorType; message: string } | undefined {
  if (typeof body !== "object" || body === null || !("error" in body)) return undefined;
  const error = body.error;
  if (typeof error !== "object" || error === null || !("type" in error) || !("message" in error)) return undefined;
  if (typeof error.type !== "string" || typeof error.message !== "string") return undefined;
  // the server's types are the documented ones; a newer server's new type is still passed on as it came
  return { type: error.type as KasboekErrorType, message: error.message };
}

/** What every openapi-fetch call answers, whatever its path. */
export type FetchResult<Data> =
  | { data: Data; error?: never; response: Response }
  | { data?: never; error: unknown; response: Response };

/** The data type of a call's success, `undefined` for an answer without a body (a 204). */
export type SuccessData<Result> = Result extends { data: infer Data }
  ? [Data] extends [never]
    ? undefined
    : Data
  : never;

/**
 * The data of a successful call, or a `KasboekError`: `await unwrap(client.GET(…))`.
 * Decided by the status rather than by `error`, because openapi-fetch leaves `error` undefined
 * when a failed response has no body.
 */
export async function unwrap<Result extends FetchResult<unknown>>(
  call: Result | Promise<Result>,
): Promise<SuccessData<Result>> {
  const result = await call;
  if (!result.response.ok) throw KasboekError.fromResponse(result.response, result.error);
  return result.data as SuccessData<Result>;
}

type GetOperation<Path extends keyof paths> = paths[Path] extends { get: infer Operation } ? Operation : never;

/** The JSON body of a GET whose 200 answer carries the paging headers. */
type PagedBody<Operation> = Operation extends {
  responses: { 200: { headers: { "X-Total": unknown }; content: { "application/json": infer Body } } };
}
  ? Body
  : never;

/** The paths with a paged GET: `/api/v1/companies/{company_id}/contacts`, … */
export type ListPath = {
  [Path in keyof paths]: [PagedBody<GetOperation<Path>>] extends [never] ? never : Path;
}[keyof paths];

/** The items of a list path: `Schema<"Contact">` for `/api/v1/companies/{company_id}/contacts`. */
export type ListItem<Path extends ListPath> = {
  [Key in keyof PagedBody<GetOperation<Path>>]: PagedBody<GetOperation<Path>>[Key] extends readonly (infer Item)[]
    ? Item
    : never;
}[keyof PagedBody<GetOperation<Path>>];

type ListParameters<Path extends ListPath> =
  GetOperation<Path> extends { parameters: infer Parameters } ? Parameters : never;
type ListQuery<Path extends ListPath> = NonNullable<
  ListParameters<Path> extends { query?: infer Query } ? Query : never
>;

/** A list call's parameters without `page`, which `paginate` sets. */
export interface PageOptions<Path extends ListPath> {
  params: Omit<ListParameters<Path>, "query" | "cookie"> & { query?: Omit<ListQuery<Path>, "page"> };
}

/** openapi-fetch's GET as it behaves at run time, for a path TypeScript only knows as generic. */
type UntypedGet = (path: string, init: { params: object }) => Promise<FetchResult<unknown>>;

/**
 * Every item of a list, page after page: `for await (const contact of paginate(client,
 * "/api/v1/companies/{company_id}/contacts", { params: { path: { company_id } } }))`.
 * It stops once X-Total items are counted (by X-Per-Page per page) or a page comes back empty,
 * so items deleted meanwhile end the walk instead of looping.
 */
export async function* paginate<Path extends ListPath>(
  client: KasboekClient,
  path: Path,
  options: PageOptions<Path>,
): AsyncGenerator<ListItem<Path>, void, undefined> {
  // the public signature carries the per-path types; TypeScript cannot resolve openapi-fetch's
  // conditional init type for a path it knows only as a type parameter, so the call is made untyped
  const get = client.GET as unknown as UntypedGet;
  for (let page = 1; ; page++) {
    const query = { ...options.params.query, page };
    const result = await get(path, { ...options, params: { ...options.params, query } });
    if (!result.response.ok) throw KasboekError.fromResponse(result.response, result.error);
    const items = listItems(path, result.data);
    for (const item of items) yield item as ListItem<Path>;
    const total = integerHeader(result.response, "X-Total", path);
    const perPage = integerHeader(result.response, "X-Per-Page", path);
    if (items.length === 0 || perPage === 0 || page * perPage >= total) return;
  }
}

/** The array of a list body, which holds exactly one key (`{"contacts": […]}`). */
function listItems(path: string, body: unknown): readonly unknown[] {
  const values = typeof body === "object" && body !== null ? Object.values(body) : [];
  const [items] = values;
  if (values.length !== 1 || !Array.isArray(items)) throw new Error(`${path} did not answer with one list`);
  return items;
}

function integerHeader(response: Response, name: string, path: string): number {
  const value = Number(response.headers.get(name) ?? Number.NaN);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${path} answered without a valid ${name} header`);
  return value;
}
