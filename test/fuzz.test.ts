/**
 * Issue 12 item 7: requests generated from the route table and the write payloads' schemas
 * (wrong types, missing and extra fields, huge and odd numbers, unicode, nulls, deep nesting, bad
 * query values, junk and foreign ids in paths) against every route, as company A with a token
 * holding every scope, and against pages and OAuth endpoints with A's user's session. Fails on any
 * 5xx, any answer outside its route's response schema or the error envelope (fuzz-check.ts), and
 * any change to what company B's token reads (every list and show, before and after).
 *
 * Seeded and bounded: FUZZ_SEED and FUZZ_RUNS (requests, default 8000: about half a minute per
 * database) reproduce a run, the world included (fixed clock, fixtures made the same way); every
 * failure is listed, grouped by route and cause, with its request and the server's error log.
 * FUZZ_SHRINK=1 stops at the first failure and lets fast-check shrink it (then FUZZ_PATH replays
 * the shrunk request fast-check names); FUZZ_VERBOSE=1 prints the statuses each route answered.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTHER_ROUTES } from "../src/modules/openapi/other-routes.js";
import { buildFuzzWorld, type FuzzWorld } from "./support/fuzz-app.js";
import { responseProblems } from "./support/fuzz-check.js";
import { fuzzedRoutes, requestArbitrary } from "./support/fuzz-generate.js";
import { type FuzzRequest, resolveRequest, updatePools } from "./support/fuzz-model.js";
import type { CollectedRoute } from "./support/fuzz-routes.js";
import { snapshotCompany } from "./support/fuzz-snapshot.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_712);
// The run fails thousands of sign-ins and client authentications: from an address of its own, so
// the throttles it trips (kept in the shared database) do not block test files running beside it.
const FUZZ_CLIENT_ADDRESS = "10.254.0.1";
const RUNS = Number(process.env.FUZZ_RUNS ?? 8000);
const SHRINK = process.env.FUZZ_SHRINK === "1";
const PATH = process.env.FUZZ_PATH;

let world: FuzzWorld;
let routesByKey: Map<string, CollectedRoute>;
/**
 * the statuses the OpenAPI document gives each route (`GET /api/v1/me`), HEAD as its GET; for the
 * pages and operations it leaves out, those other-routes.ts describes them with
 */
let documentedStatuses: Map<string, Set<number>>;

async function statusesOfDocument(fuzzWorld: FuzzWorld): Promise<Map<string, Set<number>>> {
  const response = await fuzzWorld.app.inject({ url: "/api/v1/openapi.json", remoteAddress: FUZZ_CLIENT_ADDRESS });
  const document = JSON.parse(response.body) as { paths: Record<string, Record<string, { responses: object }>> };
  const statuses = new Map<string, Set<number>>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${path.replace(/\{([a-z_]+)\}/g, ":$1")}`;
      statuses.set(key, new Set(Object.keys(operation.responses).map(Number)));
    }
  }
  for (const [key, described] of Object.entries(OTHER_ROUTES)) {
    if (!statuses.has(key)) statuses.set(key, new Set(Object.keys(described.responses).map(Number)));
  }
  return statuses;
}

/**
 * The route the router gives `url`: a mutated path may leave the generator's route (an empty id
 * makes `/sales_invoices/:id` the list). Literal segments win over parameters, as in Fastify's
 * router; null when none matches.
 */
function matchedRoute(method: string, url: string): CollectedRoute | undefined {
  const routeMethod = method === "HEAD" ? "GET" : method;
  const path = (url.split("?")[0] ?? "").replace(/\.json$/, "").replace(/(.)\/$/, "$1");
  let decoded: string[];
  try {
    decoded = path.split("/").map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined; // not validly percent-encoded: refused before routing
  }
  let best: { route: CollectedRoute; literals: number } | undefined;
  for (const route of routesByKey.values()) {
    if (route.method !== routeMethod) continue;
    const pattern = route.url.split("/");
    // a wildcard route (`/app/*`) takes every path below it, however deep
    const wildcard = pattern.at(-1) === "*";
    if (wildcard ? decoded.length < pattern.length : pattern.length !== decoded.length) continue;
    let literals = 0;
    const fits = pattern.every((part, index) => {
      const segment = decoded[index] ?? "";
      if (part === "*" && index === pattern.length - 1) return true;
      // the router gives a parameter an empty segment too, except the last (`/a//b` reaches `/a/:id/b`)
      if (part.startsWith(":")) return segment !== "" || index < pattern.length - 1;
      if (part === segment) literals++;
      return part === segment;
    });
    if (fits && (best === undefined || literals > best.literals)) best = { route, literals };
  }
  return best?.route;
}

/**
 * A status the OpenAPI document (or other-routes.ts, for what it leaves out) does not give the
 * route answered: they must name every status a route can give. A path the router could not
 * match is the platform's 404 endpoint answer, not the route's.
 */
function undocumentedStatus(route: CollectedRoute | null, method: string, status: number, body: string): string[] {
  if (route === null || body.includes('"client.not_found.endpoint"')) return [];
  const key = `${route.method === "HEAD" ? "GET" : route.method} ${route.url}`;
  const documented = documentedStatuses.get(key);
  if (documented === undefined) return [`${key} is neither in the OpenAPI document nor in other-routes.ts`];
  const asked = method === "HEAD" ? "GET" : method;
  if (asked !== key.split(" ")[0] || documented.has(status)) return [];
  return [`status ${status} is not documented for ${key} (${[...documented].join(", ")})`];
}
let bBefore: Record<string, string>;

beforeAll(async () => {
  world = await buildFuzzWorld();
  routesByKey = new Map(world.routes.map((route) => [`${route.method} ${route.url}`, route]));
  documentedStatuses = await statusesOfDocument(world);
  bBefore = await snapshotCompany(world, world.b);
  if (process.env.FUZZ_VERBOSE === "1") {
    for (const [url, value] of Object.entries(bBefore)) console.log("B:", url, value.slice(0, 60));
  }
}, 120_000);
afterAll(() => world?.close());

function excerpt(text: string | undefined, length = 1500): string {
  if (text === undefined) return "(none)";
  const shown = JSON.stringify(text.length > length ? text.slice(0, length) : text);
  return text.length > length ? `${shown}… (${text.length} characters)` : shown;
}

interface Failure {
  run: number;
  request: FuzzRequest;
  status: number | string;
  problems: string[];
  body: string;
  log: string[];
}

function describeFailure(failure: Failure): string {
  const { request } = failure;
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `    ${name}: ${excerpt(value, 200)}`)
    .join("\n");
  return [
    `run ${failure.run} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}): ${failure.problems.join("; ")}`,
    `  route:   ${request.route}`,
    `  request: ${request.method} ${excerpt(request.url, 400)}`,
    headers,
    `  body:    ${excerpt(request.payload)}`,
    `  answer:  ${failure.status} ${excerpt(failure.body, 800)}`,
    ...failure.log.slice(0, 3).map((line) => `  log:     ${excerpt(line, 3000)}`),
  ].join("\n");
}

const failures: Failure[] = [];
const outcomes = new Map<string, Map<number, number>>();
const examples = new Map<string, string>();
let run = 0;

async function send(generated: FuzzRequest): Promise<void> {
  run++;
  world.takeErrorLog();
  const request = resolveRequest(generated, world.live);
  const route = matchedRoute(request.method, request.url) ?? null;
  let failure: Failure | null = null;
  try {
    const response = await world.app.inject({
      method: request.method as "GET",
      url: request.url,
      remoteAddress: FUZZ_CLIENT_ADDRESS,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    const counts = outcomes.get(request.route) ?? new Map<number, number>();
    counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
    outcomes.set(request.route, counts);
    const example = `${request.route} ${response.statusCode}`;
    if (!examples.has(example)) {
      examples.set(
        example,
        `${request.method} ${excerpt(request.url, 200)} ${excerpt(request.payload, 200)} → ${excerpt(response.body, 300)}`,
      );
    }
    const problems = [
      ...responseProblems(route, request.method, request.url, response),
      ...undocumentedStatus(route, request.method, response.statusCode, response.body),
    ];
    if (problems.length === 0) updatePools(world.live, route, request, response.statusCode, response.body);
    if (problems.length > 0) {
      failure = { run, request, status: response.statusCode, problems, body: response.body, log: world.takeErrorLog() };
    }
  } catch (error) {
    failure = { run, request, status: "threw", problems: [String(error)], body: "", log: world.takeErrorLog() };
  }
  if (failure === null) return;
  if (SHRINK) throw new Error(describeFailure(failure));
  failures.push(failure);
}

/** One line per kind of failure (route and first problem), with its first example in full. */
function failureReport(): string {
  const groups = new Map<string, Failure[]>();
  for (const failure of failures) {
    const logged = /"message":"((?:[^"\\]|\\.)*)"/.exec(failure.log[0] ?? "")?.[1] ?? "";
    const problem = `${failure.problems[0] ?? ""} ${logged}`
      .replace(/(no such column: |has no column named |column \\"|column )\w+/g, "$1…")
      .replace(/\d+/g, "#")
      .slice(0, 160);
    const key = `${failure.request.route} → ${problem}`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  return [...groups]
    .map(([key, group]) => `${key} (${group.length}×)\n${describeFailure(group[0] as Failure)}`)
    .join("\n\n");
}

describe("fuzzing every route", () => {
  it(
    "never answers 5xx or outside the route's schema and the error envelope",
    async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(world), async (request) => send(request)),
        { seed: SEED, numRuns: RUNS, ...(PATH ? { path: PATH } : {}), ...(SHRINK ? {} : { endOnFailure: true }) },
      );
      if (process.env.FUZZ_VERBOSE === "1") {
        for (const [route, counts] of [...outcomes].sort()) {
          console.log(route, JSON.stringify(Object.fromEntries(counts)));
          for (const status of counts.keys()) console.log(`    ${status}: ${examples.get(`${route} ${status}`)}`);
        }
      }
      expect(failures.length, `${failures.length} failing requests:\n\n${failureReport()}`).toBe(0);
      if (PATH === undefined) {
        const untried = fuzzedRoutes(world)
          .map((route) => `${route.method} ${route.url}`)
          .filter((key) => !outcomes.has(key));
        expect(untried, "routes no request reached").toEqual([]);
      }
    },
    Math.max(300_000, RUNS * 200),
  );

  it("leaves company B exactly as it was", async () => {
    const after = await snapshotCompany(world, world.b);
    const changed = Object.keys({ ...bBefore, ...after })
      .filter((url) => bBefore[url] !== after[url])
      .map((url) => `${url}\n  before: ${excerpt(bBefore[url], 600)}\n  after:  ${excerpt(after[url], 600)}`);
    expect(changed, `company B changed:\n${changed.join("\n")}`).toEqual([]);
    expect(Object.keys(after).length).toBeGreaterThan(30);
  }, 120_000);
});
