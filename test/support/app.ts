/**
 * Test helpers: an app on the run's database (see global-setup.ts), and the people and
 * companies tests need, made through the services so every test owns its data.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../src/app.js";
import { openDatabase } from "../../src/db/connection.js";
import { createCompanyForOperator, updateAccessControl } from "../../src/modules/companies/service.js";
import { issuePersonalToken, revokeTokenById } from "../../src/modules/tokens/service.js";
import { findOrCreateUser } from "../../src/modules/users/service.js";
import type { ServiceDeps } from "../../src/platform/deps.js";
import { ALL_SCOPES, type Scope } from "../../src/platform/scopes.js";

export interface TestApp {
  app: FastifyInstance;
  deps: ServiceDeps;
  close: () => Promise<void>;
}

export async function buildTestApp(now: () => Date = () => new Date()): Promise<TestApp> {
  const handle = openDatabase(inject("databaseUrl"));
  const deps: ServiceDeps = { db: handle.db, now };
  const app = buildApp(deps, { logger: false });
  await app.ready();
  return {
    app,
    deps,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

export interface TestCompany {
  userId: number;
  companyId: number;
  /** a token with every scope */
  token: string;
  email: string;
}

/** A new user owning a new company, with a token holding every scope. */
/** Everything a Dutch invoice states about its seller, so the companies of tests can publish. */
export const COMPLETE_COMPANY_DETAILS = {
  address: "Hoofdstraat 1",
  zipcode: "1234 AB",
  city: "Utrecht",
  country_code: "NL",
  kvk_number: "12345678",
  vat_liable: true,
  vat_number: "NL123456782B01",
  iban: "NL91ABNA0417164300",
  bic: "ABNANL2A",
} as const;

export async function newCompany(deps: ServiceDeps, name = "Test Company BV"): Promise<TestCompany> {
  const email = `user-${randomUUID()}@example.test`;
  const user = await deps.db.transaction().execute((tx) => findOrCreateUser(deps, tx, email));
  const companyId = await createCompanyForOperator(deps, user.id, { ...COMPLETE_COMPANY_DETAILS, name });
  const { token } = await issuePersonalToken(deps, deps.db, user.id, ALL_SCOPES);
  return { userId: user.id, companyId, token, email };
}

export async function tokenFor(deps: ServiceDeps, userId: number, scopes: readonly Scope[]): Promise<string> {
  return (await issuePersonalToken(deps, deps.db, userId, scopes)).token;
}

export async function revokedTokenFor(deps: ServiceDeps, userId: number): Promise<string> {
  const issued = await issuePersonalToken(deps, deps.db, userId, ALL_SCOPES);
  await revokeTokenById(deps, issued.tokenId);
  return issued.token;
}

export async function closeApiAccess(deps: ServiceDeps, companyId: number): Promise<void> {
  await updateAccessControl(deps, companyId, { apiAccessible: false });
}

export async function allowScopes(deps: ServiceDeps, companyId: number, scopes: readonly Scope[]): Promise<void> {
  await updateAccessControl(deps, companyId, { allowedScopes: scopes });
}

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** An authenticated JSON request through `app.inject`. */
export async function request(
  app: FastifyInstance,
  method: Method,
  url: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method,
    url,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
  };
  return app.inject(options);
}

export function json<Body = Record<string, unknown>>(response: { body: string }): Body {
  return JSON.parse(response.body) as Body;
}

/** The `{error: {type, message}}` envelope of an error response. */
export function errorOf(response: { body: string }): { type: string; message: string } {
  return json<{ error: { type: string; message: string } }>(response).error;
}
