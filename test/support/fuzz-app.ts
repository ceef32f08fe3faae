/**
 * For the fuzz test (test/fuzz.test.ts): the app on the run's database with its routes recorded
 * (fuzz-routes.ts) and its error log kept, company A (fuzzed, with a spare company of the same
 * user) and company B (only read, to prove A's requests never change it), each with one or more
 * resources of every kind made through the API (fuzz-fixtures.ts), an OAuth client, and a browser
 * signed in as A's user for the pages. Test code only.
 */
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../src/app.js";
import { openDatabase } from "../../src/db/connection.js";
import { registerClient } from "../../src/modules/oauth/client-service.js";
import { issuePersonalToken } from "../../src/modules/tokens/service.js";
import type { ServiceDeps } from "../../src/platform/deps.js";
import { ALL_SCOPES } from "../../src/platform/scopes.js";
import { newCompany, request } from "./app.js";
import { created, type FixtureIds, listAll, makeFixtures } from "./fuzz-fixtures.js";
import { type CollectedRoute, routesOf } from "./fuzz-routes.js";
import { signedInBrowser, TEST_PASSWORD } from "./oauth.js";
import { csrfFieldOf } from "./pages.js";

/** The clock of the run: mid-June 2024, so the first quarter is over and can be filed. */
export const FUZZ_NOW = new Date("2024-06-15T10:00:00Z");

export interface FuzzCompany {
  companyId: number;
  userId: number;
  email: string;
  token: string;
  /** the id of a token of this user that the fuzzer may name (A: a spare one; B: `token`'s own) */
  namedTokenId: number;
  ids: FixtureIds;
  /** attachments as [parent id, attachment id] by parent collection */
  attachments: Record<string, Array<[number, number]>>;
  accountPaths: string[];
  /** a published quotation's signing token */
  signToken: string;
  /** a VAT period filed for this company */
  filedPeriod: string;
  /** the id of the account expenses are booked on (MISC_COSTS) */
  expenseAccountId: number;
}

/**
 * The ids the fuzzer names in A's requests, kept current while it runs: what a request creates is
 * added, what it deletes is removed, so later requests keep reaching real resources. Generated
 * requests hold references (`@@contacts#7@@`, fuzz-model.ts) resolved against these at send time.
 */
export interface LivePools {
  ids: FixtureIds;
  attachments: Record<string, Array<[number, number]>>;
}

export interface FuzzWorld {
  app: FastifyInstance;
  deps: ServiceDeps;
  routes: CollectedRoute[];
  a: FuzzCompany;
  /** a second company of A's user: the one the fuzzer may delete */
  spareCompanyId: number;
  /** A's ids as they are now (see LivePools) */
  live: LivePools;
  b: FuzzCompany;
  /** global reference data */
  vatTypeIds: number[];
  oauthClientIds: string[];
  /** A's user's session cookie (`kasboek_session=…`), sent with page requests */
  sessionCookie: string;
  /** a genuine CSRF pair of A's user's browser: the signed cookie (`kasboek_csrf=…`) and a form token */
  csrf: { cookie: string; token: string };
  password: string;
  /** error-level log lines of the server since the last `takeErrorLog()` */
  takeErrorLog: () => string[];
  close: () => Promise<void>;
}

export async function buildFuzzWorld(): Promise<FuzzWorld> {
  const handle = openDatabase(inject("databaseUrl"));
  const deps: ServiceDeps = { db: handle.db, now: () => new Date(FUZZ_NOW) };
  let errorLog: string[] = [];
  const app = buildApp(deps, {
    logger: { level: "error", stream: { write: (line: string) => void errorLog.push(line) } },
  });
  await app.ready();
  const routes = routesOf(app);

  const ownerA = await newCompany(deps, "Fuzz A BV");
  const ownerB = await newCompany(deps, "Fuzz B BV");
  const spareA = await issuePersonalToken(deps, deps.db, ownerA.userId, ALL_SCOPES);
  const tokenB = await issuePersonalToken(deps, deps.db, ownerB.userId, ALL_SCOPES);
  const spare = await request(app, "POST", "/api/v1/companies", ownerA.token, {
    company: { name: "Fuzz A spare", vat_liable: false },
  });
  const spareCompanyId = Number((await created(spare, "company")).id);

  const fixturesA = await makeFixtures(app, ownerA.token, ownerA.companyId, "A");
  const fixturesB = await makeFixtures(app, tokenB.token, ownerB.companyId, "B");
  const a: FuzzCompany = { ...ownerA, namedTokenId: spareA.tokenId, ...fixturesA };
  const b: FuzzCompany = { ...ownerB, token: tokenB.token, namedTokenId: tokenB.tokenId, ...fixturesB };

  const base = `/api/v1/companies/${a.companyId}`;
  const vatTypeIds = (await listAll(app, a.token, `${base}/vat_types?selection=all`, "vat_types")).map((type) =>
    Number(type.id),
  );
  const redirectUris = ["https://client.example/callback"];
  const oauthClientIds = [
    (await registerClient(deps, { name: "Fuzz public", redirectUris, confidential: false })).client_id,
    (await registerClient(deps, { name: "Fuzz confidential", redirectUris, confidential: true })).client_id,
  ];
  const browser = await signedInBrowser(app, deps, a.email);
  const account = await browser.get("/account");
  const live: LivePools = {
    ids: {
      ...structuredClone(a.ids),
      companies: [spareCompanyId],
      vat_types: vatTypeIds,
    },
    attachments: structuredClone(a.attachments),
  };

  return {
    app,
    deps,
    routes,
    a,
    spareCompanyId,
    live,
    b,
    vatTypeIds,
    oauthClientIds,
    sessionCookie: `kasboek_session=${browser.cookies.get("kasboek_session") ?? ""}`,
    csrf: { cookie: `kasboek_csrf=${browser.cookies.get("kasboek_csrf") ?? ""}`, token: csrfFieldOf(account.body) },
    password: TEST_PASSWORD,
    takeErrorLog: () => {
      const lines = errorLog;
      errorLog = [];
      return lines;
    },
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
