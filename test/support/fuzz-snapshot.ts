/**
 * For the fuzz test: everything a company's token can read through the API, by URL, so a run can
 * show that A's requests never changed company B. Test code only.
 */
import { createHash } from "node:crypto";
import { request } from "./app.js";
import type { FuzzCompany, FuzzWorld } from "./fuzz-app.js";
import { BANK } from "./fuzz-fixtures.js";
import type { CollectedRoute } from "./fuzz-routes.js";

/** Whether a GET route is one B's snapshot reads (every list and show of the API, no PDFs). */
function snapshotRoute(route: CollectedRoute): boolean {
  return route.method === "GET" && route.url.startsWith("/api/v1/");
}

/** Every concrete URL of `route` for company `owner`: each of its ids of the right kind. */
function concreteUrls(world: FuzzWorld, route: CollectedRoute, owner: FuzzCompany): string[] {
  let urls = [route.url];
  const segments = route.url.split("/");
  for (const [index, segment] of segments.entries()) {
    if (!segment.startsWith(":")) continue;
    const collection = segments[index - 1] ?? "";
    let values: string[];
    if (segment === ":company_id" || collection === "companies") values = [String(owner.companyId)];
    else if (segment === ":period") values = [owner.filedPeriod, "2024Q2", "2024-01", "2023"];
    else if (collection === "attachments") values = [];
    else if (collection === "vat_types") values = world.vatTypeIds.map(String);
    else values = (owner.ids[collection] ?? []).map(String);
    if (collection === "attachments") {
      const parent = segments[index - 3] ?? "";
      urls = urls.flatMap((url) =>
        (owner.attachments[parent] ?? [])
          .filter(([parentId]) => url.includes(`/${parent}/${parentId}/`))
          .map(([, id]) => url.replace(segment, String(id))),
      );
      continue;
    }
    if (segment.endsWith("_id") && segment !== ":company_id") {
      // an attachment's parent (`:sales_invoice_id`): the parents that have attachments
      const parents = owner.attachments[collection] ?? [];
      values = [...new Set(parents.map(([parentId]) => String(parentId)))];
    }
    urls = urls.flatMap((url) => values.map((value) => url.replace(segment, value)));
  }
  return urls;
}

/**
 * Everything `owner`'s token can read through the API, by URL: status, paging headers and body
 * (a hash for bodies that are not JSON). Lists are read 100 at a time, the general ledger for
 * the bank account.
 */
export async function snapshotCompany(world: FuzzWorld, owner: FuzzCompany): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  const urls = new Set<string>();
  for (const route of world.routes.filter(snapshotRoute)) {
    for (const url of concreteUrls(world, route, owner)) {
      const isList = !/\/\d+$/.test(url) && !/(reports|_returns)\/[^/]+$/.test(url) && !url.endsWith("/pdf");
      const query = url.endsWith("/general_ledger")
        ? `?account_path=${BANK}&per_page=100`
        : url.endsWith("/lines")
          ? "?box=1a&per_page=100"
          : isList
            ? "?per_page=100"
            : "";
      urls.add(`${url}${query}`);
    }
  }
  for (const url of [...urls].sort()) {
    const response = await request(world.app, "GET", url, owner.token);
    const type = String(response.headers["content-type"] ?? "");
    // a document's PDF is made anew on every request (its creation time differs): status and type
    const body = type.startsWith("application/json")
      ? response.body
      : url.endsWith("/pdf")
        ? type
        : createHash("sha256").update(response.rawPayload).digest("hex");
    const paging = ["x-page", "x-per-page", "x-total"].map((name) => response.headers[name] ?? "").join("/");
    snapshot[url] = `${response.statusCode} ${paging} ${body}`;
  }
  return snapshot;
}
