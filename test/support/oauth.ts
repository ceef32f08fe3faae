/**
 * For the OAuth tests: a signed-in browser, PKCE pairs, and the authorize → consent → code steps
 * as a person on the consent page takes them, plus form posts to the token endpoint. Not used by
 * the service (like test/support/pages.ts, whose browser it drives); no test framework in here.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { setPassword } from "../../src/modules/users/service.js";
import type { ServiceDeps } from "../../src/platform/deps.js";
import { csrfFieldOf, PageBrowser } from "./pages.js";

export const TEST_PASSWORD = "a perfectly long password";

/** A browser signed in as the user with `email` (given a password first), through the login form. */
export async function signedInBrowser(app: FastifyInstance, deps: ServiceDeps, email: string): Promise<PageBrowser> {
  await setPassword(deps, email, TEST_PASSWORD);
  const page = new PageBrowser(app, { remoteAddress: `10.6.${randomInt(256)}.${randomInt(1, 255)}` });
  const response = await page.submit("/login", "/login", { email, password: TEST_PASSWORD });
  if (response.statusCode !== 303) throw new Error(`login failed with ${response.statusCode}: ${response.body}`);
  return page;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** `/oauth/authorize?…` with the given parameters (undefined ones left out). */
export function authorizePath(parameters: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) query.append(name, value);
  return `/oauth/authorize?${query.toString()}`;
}

/** The parameters of a redirect's Location (the query of the client's redirect URI). */
export function locationParameters(response: LightMyRequestResponse): URLSearchParams {
  const location = response.headers.location;
  if (typeof location !== "string") throw new Error(`no redirect (status ${response.statusCode}): ${response.body}`);
  return new URL(location).searchParams;
}

/** The companies the consent page offers, by their field names. */
export function companyFieldsOf(body: string): string[] {
  return [...body.matchAll(/name="(company_\d+)"/g)].map((match) => match[1] ?? "");
}

/**
 * Opens the consent page of a valid request and answers it: `decision` approve (every offered
 * company ticked, unless `companyFields` says which) or deny. Answers the POST's response.
 */
export async function answerConsent(
  page: PageBrowser,
  parameters: Record<string, string | undefined>,
  decision: "approve" | "deny" = "approve",
  companyFields?: string[],
): Promise<LightMyRequestResponse> {
  const consent = await page.get(authorizePath(parameters));
  if (consent.statusCode !== 200) throw new Error(`consent page answered ${consent.statusCode}: ${consent.body}`);
  const fields: Record<string, string> = { csrf_token: csrfFieldOf(consent.body), decision };
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) fields[name] = value;
  for (const name of companyFields ?? companyFieldsOf(consent.body)) fields[name] = "1";
  return page.post("/oauth/authorize", fields);
}

/** A form post to an OAuth endpoint, with extra headers (e.g. Authorization: Basic). */
export async function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** An `Authorization: Basic` header as RFC 6749 section 2.3.1 builds it (form-url-encoded parts). */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString("base64")}`;
}
