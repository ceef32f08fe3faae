/**
 * For the fuzz test (test/fuzz.test.ts): the arbitrary of whole HTTP requests, one route at a
 * time, plus paths no route has. The weights keep the run bounded and A populated: slow routes
 * are drawn less often, deletes less often than creates. The recorded route order and these
 * weights fix the request sequence a seed generates.
 */
import fc from "fast-check";
import type { FuzzWorld } from "./fuzz-app.js";
import { authorization, optionalHeaders, strayBody } from "./fuzz-envelope.js";
import type { FuzzRequest, Pools } from "./fuzz-model.js";
import { pageRequest } from "./fuzz-pages.js";
import { junkSegment, pathOf } from "./fuzz-path.js";
import { queryPairs, queryText, routeQuery } from "./fuzz-query.js";
import type { CollectedRoute } from "./fuzz-routes.js";
import { pick } from "./fuzz-values.js";
import { collectionOf, payloadOf, writeBody } from "./fuzz-write.js";

function apiRequest(world: FuzzWorld, pools: Pools, route: CollectedRoute): fc.Arbitrary<FuzzRequest> {
  const payload = payloadOf(route);
  const body =
    payload === undefined ? strayBody : writeBody(pools, collectionOf(route), payload, route.method === "PATCH");
  const method =
    route.method === "GET" ? fc.constantFrom("GET", "GET", "GET", "GET", "HEAD") : fc.constant(route.method);
  return fc
    .record({
      method,
      path: pathOf(world, pools, route),
      suffix: fc.constantFrom("", "", "", "", "", ".json", "/"),
      query: routeQuery(world, pools, route),
      auth: authorization(world),
      extra: fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: optionalHeaders }),
      body,
    })
    .map(({ method: verb, path, suffix, query, auth, extra, body: sent }) => {
      const headers: Record<string, string> = { ...extra };
      if (auth !== undefined) headers.authorization = auth;
      if (sent.contentType !== undefined) headers["content-type"] = sent.contentType;
      return {
        route: `${route.method} ${route.url}`,
        method: verb,
        url: `${path}${suffix}${query === "" ? "" : `?${query}`}`,
        headers,
        ...(sent.payload === undefined ? {} : { payload: sent.payload }),
      };
    });
}

/** Paths and methods no route has. */
function unknownRequest(world: FuzzWorld, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const a = world.a.companyId;
  const path = fc.oneof(
    fc.constantFrom(
      "/",
      "/api",
      "/api/v1",
      "/api/v2/companies",
      "//api/v1/companies",
      `/API/V1/COMPANIES/${a}/CONTACTS`,
      `/api/v1/companies%2F${a}`,
      "/api/v1/companies/%",
      "/%",
      "/%ZZ",
      `/api/v1/companies/${a}/contacts/1/2/3`,
      `/api/v1/companies/${a}/unknown`,
      `/api/v1/companies/${a}/sales_invoices/1/attachments/1/2`,
      "/api/v1/me/x",
      "/.env",
      "/sign",
      "/oauth",
    ),
    junkSegment.map((segment) => `/api/v1/${segment}`),
    junkSegment.map((segment) => `/api/v1/companies/${a}/${segment}`),
    junkSegment.map((segment) => `/${segment}`),
  );
  const knownUrl = pick(
    world.routes.filter((route) => route.url.startsWith("/api/")).map((route) => route.url),
    "/api/v1/me",
  );
  return fc
    .oneof(
      fc.record({ method: fc.constantFrom("GET", "POST", "PATCH", "DELETE", "PUT", "OPTIONS"), path }),
      fc.record({
        method: fc.constantFrom("PUT", "OPTIONS", "TRACE"),
        path: knownUrl.map((url) => url.replace(":company_id", String(a)).replace(/:\w+/g, "1")),
      }),
    )
    .chain(({ method, path: url }) =>
      fc
        .record({
          auth: authorization(world),
          body: strayBody,
          query: fc.oneof(fc.constant(""), queryText(queryPairs(world, pools))),
        })
        .map(({ auth, body, query }): FuzzRequest => {
          const headers: Record<string, string> = {};
          if (auth !== undefined) headers.authorization = auth;
          if (body.contentType !== undefined) headers["content-type"] = body.contentType;
          return {
            route: "unknown path",
            method,
            url: `${url}${query === "" ? "" : `?${query}`}`,
            headers,
            ...(body.payload === undefined ? {} : { payload: body.payload }),
          };
        }),
    );
}

/** The fuzzed routes: every recorded one but the HEAD twins (HEAD is drawn for GETs instead). */
export function fuzzedRoutes(world: FuzzWorld): CollectedRoute[] {
  return world.routes.filter((route) => route.method !== "HEAD");
}

/** Slow routes (PDFs) are drawn less often, so the run stays within its time. */
function weightOf(route: CollectedRoute): number {
  if (route.url.endsWith("/pdf")) return 1;
  if (route.url === "/metrics") return 1;
  // fewer deletes than creates, so A keeps resources of every kind to fuzz
  if (route.method === "DELETE") return 2;
  return 4;
}

/** A request to any route (or to none). */
export function requestArbitrary(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const pools: Pools = { a: world.a, b: world.b, vatTypeIds: world.vatTypeIds };
  const perRoute = fuzzedRoutes(world).map((route) => ({
    weight: weightOf(route),
    arbitrary: route.url.startsWith("/api/") ? apiRequest(world, pools, route) : pageRequest(world, pools, route),
  }));
  return fc.oneof({ depthSize: "small" }, ...perRoute, { weight: 4, arbitrary: unknownRequest(world, pools) });
}
