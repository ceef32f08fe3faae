/**
 * For the fuzz test: the request the generators produce (`FuzzRequest`) and how it meets the
 * running service. A's resources come and go while the fuzzer runs, so generated requests never
 * hold A's ids: they hold references (`ref`, `ownRef`) that `resolveRequest` turns into the ids A
 * has when the request is sent, and `updatePools` keeps those ids current from each answer.
 * `Pools` is what stays fixed (both companies' fixtures, the VAT types): read while the
 * arbitraries are built, never changed by a request.
 */
import fc from "fast-check";
import type { FuzzCompany, LivePools } from "./fuzz-app.js";
import type { CollectedRoute } from "./fuzz-routes.js";

/** One request as sent through `app.inject`, printable when it fails. */
export interface FuzzRequest {
  /** `METHOD /route/:pattern`, or `unknown path` */
  route: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/**
 * A's ids change while the fuzzer runs (creates and deletes), so generated requests name them by
 * reference: `@@contacts#7@@` is the 7th (modulo) contact id A has when the request is sent,
 * `@@contacts#7@@str` the same id as a JSON string; `@@attp:expenses#2@@` / `@@atta:expenses#2@@`
 * the parent and id of an attachment pair.
 */
export function ref(collection: string, index: number, form: "" | "str" = ""): string {
  return `@@${collection}#${index}@@${form}`;
}

const REFERENCE = /"?@@([\w:]+)#(\d+)@@(str)?"?/g;

/** A missing resource: what a reference names when A has none of that kind left. */
const GONE = 999_999_999;

function resolveReference(live: LivePools, collection: string, index: number): number {
  if (collection.startsWith("attp:") || collection.startsWith("atta:")) {
    const pairs = live.attachments[collection.slice(5)] ?? [];
    const pair = pairs[index % Math.max(pairs.length, 1)];
    return pair === undefined ? GONE : collection.startsWith("attp:") ? pair[0] : pair[1];
  }
  const ids = live.ids[collection] ?? [];
  return ids[index % Math.max(ids.length, 1)] ?? GONE;
}

/** `request` with every reference replaced by the id it names now. */
export function resolveRequest(request: FuzzRequest, live: LivePools): FuzzRequest {
  const resolve = (text: string, json: boolean) =>
    text.replace(REFERENCE, (match, collection: string, index: string, asString?: string) => {
      const id = resolveReference(live, collection, Number(index));
      const quoted = match.startsWith('"') && match.endsWith('"');
      if (!json || !quoted) return match.replace(/@@[\w:]+#\d+@@(str)?/, String(id));
      return asString === undefined ? String(id) : `"${id}"`;
    });
  return {
    ...request,
    url: resolve(request.url, false),
    ...(request.payload === undefined ? {} : { payload: resolve(request.payload, true) }),
  };
}

function removeId(ids: number[] | undefined, id: number): void {
  const index = ids?.indexOf(id) ?? -1;
  if (ids !== undefined && index >= 0) ids.splice(index, 1);
}

/**
 * Keeps A's live ids current after `request` (resolved) on `route` was answered with `status`
 * and `body`: a 201 adds the new resource, an attachment upload (200) its pair, a 204 removes.
 */
export function updatePools(
  live: LivePools,
  route: CollectedRoute | null,
  request: FuzzRequest,
  status: number,
  body: string,
): void {
  if (route === null || !route.url.startsWith("/api/")) return;
  const pattern = route.url.split("/");
  const path = (request.url.split("?")[0] ?? "")
    .replace(/\.json$/, "")
    .replace(/\/$/, "")
    .split("/");
  if (path.length !== pattern.length) return;
  const params: Record<string, number> = {};
  for (const [index, segment] of pattern.entries()) {
    if (segment.startsWith(":")) params[`${pattern[index - 1]}/${segment}`] = Number(path[index]);
  }
  const collection = pattern.filter((segment) => !segment.startsWith(":")).at(-1) ?? "";
  const parentParam = pattern.findIndex((segment) => /^:\w+_id$/.test(segment) && segment !== ":company_id");
  const parent = parentParam > 0 ? (pattern[parentParam - 1] ?? "") : "";
  const parentId = Object.entries(params).find(([key]) => key.startsWith(`${parent}/`))?.[1] ?? Number.NaN;
  if (request.method === "POST" && (status === 201 || (status === 200 && collection === "attachments"))) {
    const created = Object.values(JSON.parse(body) as Record<string, { id?: unknown }>)[0]?.id;
    if (typeof created !== "number") return;
    if (collection === "attachments")
      live.attachments[parent] = [...(live.attachments[parent] ?? []), [parentId, created]];
    else live.ids[collection] = [...(live.ids[collection] ?? []), created];
  } else if (request.method === "DELETE" && status === 204) {
    const id = params[`${pattern.at(-2)}/${pattern.at(-1)}`];
    if (id === undefined) return;
    if (collection === "attachments") {
      const pairs = live.attachments[parent] ?? [];
      const index = pairs.findIndex(([, attachmentId]) => attachmentId === id);
      if (index >= 0) pairs.splice(index, 1);
    } else removeId(live.ids[collection], id);
    // a deleted document takes its attachments with it
    if (live.attachments[collection] !== undefined) {
      live.attachments[collection] = (live.attachments[collection] ?? []).filter(([parentOf]) => parentOf !== id);
    }
  }
}

/** What the generators draw ids and names from. */
export interface Pools {
  a: FuzzCompany;
  b: FuzzCompany;
  vatTypeIds: number[];
}

export function idsOf(pools: Pools, owner: FuzzCompany, kind: string): number[] {
  if (kind === "vat_types") return pools.vatTypeIds;
  return owner.ids[kind] ?? [];
}

/** A reference to one of A's current ids of `collection` (resolved at send time). */
export function ownRef(collection: string, form: "" | "str" = ""): fc.Arbitrary<string> {
  return fc.nat({ max: 999 }).map((index) => ref(collection, index, form));
}

/** A reference to A's id of any kind: the wrong kind for the place it is used. */
export function anyOwnRef(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom("contacts", "products", "sales_invoices", "quotations", "expenses", "payments", "rides"),
      fc.nat({ max: 999 }),
    )
    .map(([collection, index]) => ref(collection, index));
}
