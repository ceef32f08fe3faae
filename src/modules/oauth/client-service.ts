/**
 * OAuth clients: registered by an operator (`kasboek oauth-clients create`), found by their
 * public `client_id`, authenticated at the token and revocation endpoints. Invariants: a
 * confidential client's secret is shown once and stored only as its SHA-256; a public client has
 * no secret and authenticates by its id alone (PKCE protects its codes); every redirect URI was
 * checked by `redirectUriProblem` when registered; the one first-party client (Kasboek's web app)
 * is registered by migration 0030, not here.
 */
import type { AttributeProblem } from "../../platform/catalogue/keys.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError } from "../../platform/errors.js";
import {
  type BackOff,
  countBackedOffAttempt,
  countThrottledAttempt,
  settleThrottledAttempt,
} from "../sessions/service.js";
import { OAuthError } from "./errors.js";
import { redirectUriProblem } from "./rules.js";
import { hashSecret, newClientId, newSecret, secretMatches } from "./secrets.js";
import { type ClientRow, findClientByClientId, insertClient, listClients } from "./store.js";

const SECRET_PREFIX = "kbs_";
/**
 * Failed client authentications are throttled per client id and client address together, with
 * back-off: the 10th failure blocks that pair for a minute, each later one for twice as long,
 * up to 15 minutes. Per client id alone, anyone who knows a (public) client id could lock the
 * real client out from its own address. Per client address, 50 failures with any client ids in
 * 15 minutes block that address for 15 minutes (the login throttle's window and block); many
 * clients behind one gateway may share it.
 */
const CLIENT_BACK_OFF: BackOff = { limit: 10, firstBlockSeconds: 60, longestBlockSeconds: 15 * 60 };
const CLIENT_ADDRESS_ATTEMPT_LIMIT = 50;
const MAX_NAME_LENGTH = 200;

export interface Client {
  /** the row id, which grants refer to */
  id: number;
  clientId: string;
  name: string;
  /** as registered; a path (the first-party app's) is on this service's own address */
  redirectUris: string[];
  confidential: boolean;
  /** Kasboek's own web app: signed in without a consent page */
  firstParty: boolean;
}

/** What registration prints: the secret appears here once and nowhere else, ever. */
export interface RegisteredClient {
  client_id: string;
  client_secret: string | null;
  name: string;
  redirect_uris: string[];
}

export interface NewClient {
  name: string;
  redirectUris: readonly string[];
  confidential: boolean;
}

function redirectUrisOf(row: ClientRow): string[] {
  const parsed: unknown = JSON.parse(row.redirect_uris);
  return Array.isArray(parsed) ? parsed.filter((uri): uri is string => typeof uri === "string") : [];
}

function presentClient(row: ClientRow): Client {
  return {
    id: row.id,
    clientId: row.client_id,
    name: row.name,
    redirectUris: redirectUrisOf(row),
    confidential: row.secret_hash !== null,
    firstParty: row.first_party === 1,
  };
}

export async function registerClient(deps: ServiceDeps, client: NewClient): Promise<RegisteredClient> {
  const name = client.name.trim();
  const problems: AttributeProblem[] = [];
  if (name === "" || name.length > MAX_NAME_LENGTH) {
    problems.push({ attribute: "name", problem: { key: "charactersFromTo", least: 1, most: MAX_NAME_LENGTH } });
  }
  if (client.redirectUris.length === 0) problems.push({ problem: { key: "redirectUriNeeded" } });
  for (const uri of client.redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem !== null) problems.push({ problem: { key: "redirectUri", uri, problem } });
  }
  if (problems.length > 0) throw new ApiError("client.parameters.validation", { key: "problems", problems });
  const redirectUris = [...new Set(client.redirectUris)];
  const secret = client.confidential ? newSecret(SECRET_PREFIX) : null;
  const row = await insertClient(deps.db, {
    client_id: newClientId(),
    secret_hash: secret === null ? null : hashSecret(secret),
    name,
    redirect_uris: JSON.stringify(redirectUris),
    created_at: deps.now().toISOString(),
  });
  return { client_id: row.client_id, client_secret: secret, name, redirect_uris: redirectUris };
}

export async function listRegisteredClients(deps: ServiceDeps): Promise<Client[]> {
  return (await listClients(deps.db)).map(presentClient);
}

/** The client with this public id, or null (no id holds a NUL, which PostgreSQL cannot even be asked for). */
export async function findClient(deps: ServiceDeps, clientId: string): Promise<Client | null> {
  if (clientId === "" || clientId.includes("\u0000")) return null;
  const row = await findClientByClientId(deps.db, clientId);
  return row ? presentClient(row) : null;
}

export interface PresentedCredentials {
  clientId: string;
  /** absent when the client sent none */
  clientSecret?: string;
  /** the credentials came in an Authorization: Basic header */
  viaBasic: boolean;
}

/**
 * The client these credentials prove, or invalid_client (RFC 6749 section 5.2): an unknown id,
 * a confidential client without its secret or with a wrong one, a public client with a secret.
 */
export async function authenticateClient(deps: ServiceDeps, credentials: PresentedCredentials): Promise<Client> {
  const fail = (description: string) =>
    new OAuthError(
      "invalid_client",
      description,
      credentials.viaBasic ? { "www-authenticate": 'Basic realm="Kasboek", charset="UTF-8"' } : {},
    );
  // a NUL cannot be in any client id, and PostgreSQL cannot even compare text holding one
  const known = credentials.clientId !== "" && !credentials.clientId.includes("\u0000");
  const row = known ? await findClientByClientId(deps.db, credentials.clientId) : undefined;
  if (!row) throw fail("Client authentication failed: unknown client");
  const secret = credentials.clientSecret ?? "";
  if (row.secret_hash === null) {
    if (secret !== "") throw fail("Client authentication failed: this client is public and has no secret");
  } else if (secret === "") {
    throw fail("Client authentication failed: this client must authenticate with its client_secret");
  } else if (!secretMatches(secret, row.secret_hash)) {
    throw fail("Client authentication failed: wrong client secret");
  }
  return presentClient(row);
}

/**
 * `authenticateClient` behind the login throttle: the attempt is counted per client id and
 * client address together and per client address before the secret is checked, so parallel
 * guesses count too; a blocked key is refused with 429 and Retry-After without looking at the
 * secret. A success forgets the pair's failures and takes back its count on the address.
 */
export async function authenticateClientThrottled(
  deps: ServiceDeps,
  credentials: PresentedCredentials,
  clientAddress: string,
): Promise<Client> {
  const pair = JSON.stringify([credentials.clientId, clientAddress]);
  const blockedSeconds = Math.max(
    await countBackedOffAttempt(deps, "oauth-client-address", pair, CLIENT_BACK_OFF),
    await countThrottledAttempt(deps, "oauth-address", clientAddress, CLIENT_ADDRESS_ATTEMPT_LIMIT),
  );
  if (blockedSeconds > 0) {
    throw new OAuthError("temporarily_unavailable", "Too many failed client authentications; try again later", {
      "retry-after": String(blockedSeconds),
    });
  }
  const client = await authenticateClient(deps, credentials);
  await settleThrottledAttempt(deps, "oauth-client-address", pair, true);
  await settleThrottledAttempt(deps, "oauth-address", clientAddress, false);
  return client;
}
