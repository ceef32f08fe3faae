/**
 * The authorization endpoint's decisions (RFC 6749 section 4.1.1 with RFC 9700): checking a
 * request, and turning the user's answer into a redirect. Invariants:
 * - a request whose client or redirect URI cannot be trusted (unknown client, redirect URI not
 *   registered exactly, either missing or repeated) never leads to a redirect, only to an error
 *   page; every later problem goes back to that redirect URI with `error`, `state` and `iss`;
 * - PKCE with S256 is required of every client; `plain` and no challenge are refused;
 * - approval makes a grant (user, client, scopes, companies — at least one, each a company of
 *   the user) and one code: random, stored hashed, single-use, valid 60 seconds, bound to the
 *   client (through the grant), the redirect URI and the code challenge;
 * - only the first-party client (Kasboek's web app, flagged by migration 0030) is approved
 *   without asking, and its redirect URI is a path on this service's own address.
 */
import { publicUrlOf, type ServiceDeps } from "../../platform/deps.js";
import { ALL_SCOPES, type Scope } from "../../platform/scopes.js";
import { listCompanies } from "../companies/service.js";
import { type Client, findClient } from "./client-service.js";
import { type OAuthErrorCode, plainDescription } from "./errors.js";
import {
  CODE_CHALLENGE_PATTERN,
  readScopeParameter,
  redirectUriMatches,
  redirectWith,
  resolveRedirectUris,
} from "./rules.js";
import { hashSecret, newSecret } from "./secrets.js";
import { findLiveGrantOfClient, insertCode, insertGrant, updateLiveGrant } from "./store.js";

const CODE_LIFETIME_MS = 60 * 1000;
const COMPANY_PAGE_SIZE = 100;

/** A checked authorization request: what the consent page shows and the approval uses. */
export interface AuthorizationRequest {
  client: Client;
  redirectUri: string;
  scopes: Scope[];
  state: string | undefined;
  codeChallenge: string;
}

export type AuthorizationCheck =
  | { kind: "valid"; request: AuthorizationRequest }
  /** the client or its redirect URI is not to be trusted: show this, never redirect */
  | { kind: "error-page"; title: string; message: string }
  /** an error for the client, sent to its (verified) redirect URI */
  | { kind: "error-redirect"; location: string };

/** The values given for a parameter; empty values count as absent (RFC 6749 section 3.1). */
export type ParameterValues = (name: string) => string[];

/** The issuer identifier (RFC 8414, RFC 9207): this service's public address. */
export function issuerOf(deps: ServiceDeps): string {
  return publicUrlOf(deps);
}

/** The redirect URI with an error response (RFC 6749 section 4.1.2.1, `iss` from RFC 9207). */
function errorLocation(
  deps: ServiceDeps,
  redirectUri: string,
  state: string | undefined,
  error: OAuthErrorCode,
  description: string,
): string {
  const error_description = plainDescription(description);
  return redirectWith(redirectUri, { error, error_description, state, iss: issuerOf(deps) });
}

const untrusted = (message: string): AuthorizationCheck => ({
  kind: "error-page",
  title: "This application link is not valid",
  message,
});

/**
 * `requestOrigin`: the origin the browser reached this service at (scheme and Host), where the
 * first-party web app's redirect path may lead besides the public address.
 */
export async function checkAuthorizationRequest(
  deps: ServiceDeps,
  values: ParameterValues,
  requestOrigin?: string,
): Promise<AuthorizationCheck> {
  const clientIds = values("client_id");
  const redirectUris = values("redirect_uri");
  if (clientIds.length !== 1) return untrusted("The application sent no client_id, or more than one.");
  const client = await findClient(deps, clientIds[0] ?? "");
  if (client === null) return untrusted("The application is not registered with this service.");
  const redirectUri = redirectUris[0];
  if (redirectUris.length !== 1 || redirectUri === undefined) {
    return untrusted("The application sent no redirect_uri, or more than one.");
  }
  const ownOrigins = [publicUrlOf(deps), ...(requestOrigin === undefined ? [] : [requestOrigin])];
  if (!redirectUriMatches(resolveRedirectUris(client.redirectUris, ownOrigins), redirectUri)) {
    return untrusted("The application asked to be sent to an address it did not register.");
  }

  const single = (name: string) => values(name)[0];
  const states = values("state");
  const state = states.length === 1 ? states[0] : undefined;
  const fail = (error: OAuthErrorCode, description: string): AuthorizationCheck => ({
    kind: "error-redirect",
    location: errorLocation(deps, redirectUri, state, error, description),
  });
  const repeated = ["response_type", "scope", "state", "code_challenge", "code_challenge_method"].filter(
    (name) => values(name).length > 1,
  );
  if (repeated.length > 0) return fail("invalid_request", `Parameters given more than once: ${repeated.join(", ")}`);

  const responseType = single("response_type");
  if (responseType === undefined) return fail("invalid_request", "response_type is required");
  if (responseType !== "code") return fail("unsupported_response_type", "Only response_type=code is supported");
  const codeChallenge = single("code_challenge");
  if (codeChallenge === undefined) return fail("invalid_request", "code_challenge is required (PKCE, RFC 7636)");
  if (single("code_challenge_method") !== "S256") {
    return fail("invalid_request", "code_challenge_method must be S256");
  }
  if (!CODE_CHALLENGE_PATTERN.test(codeChallenge)) {
    return fail("invalid_request", "code_challenge must be 43 base64url characters (S256)");
  }
  const scope = readScopeParameter(single("scope"));
  if (scope.kind === "unknown") return fail("invalid_scope", `Unknown scope: ${scope.names.join(" ")}`);

  return { kind: "valid", request: { client, redirectUri, scopes: scope.scopes, state, codeChallenge } };
}

export interface GrantableCompany {
  id: number;
  name: string;
  apiAccessible: boolean;
}

/** Every company the user is a member of: what a grant may cover. */
export async function grantableCompanies(deps: ServiceDeps, userId: number): Promise<GrantableCompany[]> {
  const companies: GrantableCompany[] = [];
  for (let page = 1; ; page += 1) {
    const result = await listCompanies(deps, userId, ALL_SCOPES, { page, perPage: COMPANY_PAGE_SIZE });
    for (const company of result.items) {
      // The wire shape allows nulls; a stored company always has an id and a name.
      if (company.id === null) continue;
      companies.push({
        id: company.id,
        name: company.name ?? `Company ${company.id}`,
        apiAccessible: company.access_control.api_accessible === true,
      });
    }
    if (result.items.length < COMPANY_PAGE_SIZE || companies.length >= result.total) return companies;
  }
}

/** The redirect that tells the client the user said no. */
export function denyAuthorization(deps: ServiceDeps, request: AuthorizationRequest): string {
  return errorLocation(deps, request.redirectUri, request.state, "access_denied", "The user denied access");
}

/**
 * Records the user's approval for the chosen companies and answers the redirect carrying the
 * code; null when none of the chosen companies is one of the user's.
 */
export async function approveAuthorization(
  deps: ServiceDeps,
  userId: number,
  request: AuthorizationRequest,
  chosenCompanyIds: readonly number[],
): Promise<string | null> {
  const companyIds = (await grantableCompanies(deps, userId))
    .map((company) => company.id)
    .filter((id) => chosenCompanyIds.includes(id));
  if (companyIds.length === 0) return null;
  return issueCode(deps, userId, request, companyIds);
}

/**
 * The first-party web app is Kasboek itself, to a user signed in to Kasboek: it is not asked
 * for consent but gets every company of the user at once, and it keeps one grant per user,
 * brought up to date at each sign-in (a reload signs in again, and must not leave a grant
 * behind each time; signing out revokes the one). Null for a user without companies, who sees
 * the consent page instead. Throws for any other client: no caller may skip consent for one.
 */
export async function approveFirstParty(
  deps: ServiceDeps,
  userId: number,
  request: AuthorizationRequest,
): Promise<string | null> {
  if (!request.client.firstParty) throw new Error(`client ${request.client.clientId} is not first-party`);
  const companyIds = (await grantableCompanies(deps, userId)).map((company) => company.id);
  if (companyIds.length === 0) return null;
  return issueCode(deps, userId, request, companyIds, { reuseGrant: true });
}

async function issueCode(
  deps: ServiceDeps,
  userId: number,
  request: AuthorizationRequest,
  companyIds: readonly number[],
  options: { reuseGrant?: boolean } = {},
): Promise<string> {
  const now = deps.now();
  const code = newSecret();
  const scopes = request.scopes.join(" ");
  const company_ids = JSON.stringify(companyIds);
  await deps.db.transaction().execute(async (tx) => {
    const live = options.reuseGrant === true ? await findLiveGrantOfClient(tx, userId, request.client.id) : undefined;
    const reused = live !== undefined && (await updateLiveGrant(tx, live.id, { scopes, company_ids }));
    const grantId = reused
      ? live.id
      : (
          await insertGrant(tx, {
            user_id: userId,
            client_id: request.client.id,
            scopes,
            company_ids,
            created_at: now.toISOString(),
          })
        ).id;
    await insertCode(tx, {
      code_hash: hashSecret(code),
      grant_id: grantId,
      redirect_uri: request.redirectUri,
      code_challenge: request.codeChallenge,
      expires_at: new Date(now.getTime() + CODE_LIFETIME_MS).toISOString(),
    });
  });
  return redirectWith(request.redirectUri, { code, state: request.state, iss: issuerOf(deps) });
}
