/**
 * POST /oauth/token (RFC 6749 sections 4.1.3 and 6), POST /oauth/revoke (RFC 7009) and
 * GET /.well-known/oauth-authorization-server (RFC 8414). Invariants:
 * - requests are form-encoded; every failure, Fastify's own included, answers
 *   `{error, error_description}` with the RFC 6749 code and status (these routes live in their
 *   own scope with their own error handler), never the API's envelope;
 * - the client authenticates with exactly one method: HTTP Basic (id and secret form-url-decoded)
 *   or client_id (+ client_secret) in the body; a failure is 401 invalid_client, with a Basic
 *   challenge when Basic was tried; failures are throttled like logins (429 with Retry-After);
 * - token responses and errors are never cached (Cache-Control: no-store).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServiceDeps } from "../../platform/deps.js";
import { formField } from "../../platform/pages/forms.js";
import { ALL_SCOPES } from "../../platform/scopes.js";
import { issuerOf } from "./authorize-service.js";
import { authenticateClientThrottled, type PresentedCredentials } from "./client-service.js";
import { OAuthError } from "./errors.js";
import { AUTHORIZE_PATH } from "./pages.js";
import { readBasicCredentials } from "./rules.js";
import { exchangeAuthorizationCode, refreshAccessToken, revokeClientToken } from "./token-service.js";

const TOKEN_PATH = "/oauth/token";
const REVOCATION_PATH = "/oauth/revoke";
const METADATA_PATH = "/.well-known/oauth-authorization-server";
const JSON_UTF8 = "application/json; charset=utf-8";
const BASIC_CHALLENGE = { "www-authenticate": 'Basic realm="Kasboek", charset="UTF-8"' };
const GRANT_TYPES = ["authorization_code", "refresh_token"];

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-store").header("pragma", "no-cache").type(JSON_UTF8);
}

function sendOAuthError(error: OAuthError, reply: FastifyReply): FastifyReply {
  return noStore(reply).code(error.status).headers(error.headers).send(error.body());
}

/** Fastify's failures (unreadable or oversized body, wrong content type) as OAuth errors. */
function fromFailure(error: FastifyError | Error): OAuthError | null {
  if (error instanceof OAuthError) return error;
  const status = "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : undefined;
  const apiStatus = "status" in error && typeof error.status === "number" ? error.status : undefined;
  const clientFailure = (status ?? apiStatus ?? 500) < 500;
  return clientFailure ? new OAuthError("invalid_request", "The request body could not be read as a form") : null;
}

/** A required form parameter; its absence is invalid_request. */
function required(body: unknown, name: string): string {
  const value = formField(body, name);
  if (value === "") throw new OAuthError("invalid_request", `${name} is required`);
  return value;
}

function optional(body: unknown, name: string): string | undefined {
  const value = formField(body, name);
  return value === "" ? undefined : value;
}

/** The one client authentication method the request used (RFC 6749 sections 2.3.1 and 2.3). */
function presentedCredentials(request: FastifyRequest): PresentedCredentials {
  const header = request.headers.authorization;
  const bodyId = formField(request.body, "client_id");
  const bodySecret = formField(request.body, "client_secret");
  if (header === undefined) {
    if (bodyId === "") throw new OAuthError("invalid_client", "No client authentication was given");
    return { clientId: bodyId, clientSecret: bodySecret, viaBasic: false };
  }
  const basic = readBasicCredentials(header);
  if (basic === null || basic === "malformed") {
    throw new OAuthError(
      "invalid_client",
      "The Authorization header must be HTTP Basic client credentials",
      BASIC_CHALLENGE,
    );
  }
  if (bodySecret !== "") {
    throw new OAuthError("invalid_request", "Use one client authentication method: HTTP Basic or client_secret");
  }
  if (bodyId !== "" && bodyId !== basic.clientId) {
    throw new OAuthError("invalid_request", "client_id differs from the one in the Authorization header");
  }
  return { ...basic, viaBasic: true };
}

function requireForm(request: FastifyRequest): void {
  const type = request.headers["content-type"] ?? "";
  if (type.split(";")[0]?.trim().toLowerCase() !== "application/x-www-form-urlencoded") {
    throw new OAuthError("invalid_request", "The request must be application/x-www-form-urlencoded");
  }
}

export function registerTokenEndpoints(scope: FastifyInstance, deps: ServiceDeps): void {
  scope.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const oauthError = fromFailure(error);
    if (oauthError !== null) return sendOAuthError(oauthError, reply);
    request.log.error({ err: error }, "unexpected failure at an OAuth endpoint");
    return sendOAuthError(new OAuthError("server_error", "Something went wrong on our side"), reply);
  });

  scope.post(TOKEN_PATH, async (request, reply) => {
    requireForm(request);
    const body = request.body;
    const grantType = required(body, "grant_type");
    const client = await authenticateClientThrottled(deps, presentedCredentials(request), request.ip);
    if (!GRANT_TYPES.includes(grantType)) {
      throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
    }
    const issued =
      grantType === "authorization_code"
        ? await exchangeAuthorizationCode(deps, client, {
            code: required(body, "code"),
            redirectUri: required(body, "redirect_uri"),
            codeVerifier: required(body, "code_verifier"),
          })
        : await refreshAccessToken(deps, client, required(body, "refresh_token"), optional(body, "scope"));
    return noStore(reply).code(200).send(issued);
  });

  scope.post(REVOCATION_PATH, async (request, reply) => {
    requireForm(request);
    const client = await authenticateClientThrottled(deps, presentedCredentials(request), request.ip);
    const body = request.body;
    await revokeClientToken(deps, client, required(body, "token"), optional(body, "token_type_hint"));
    // RFC 7009 section 2.2: 200 whether or not the token was known; the body means nothing.
    return reply.header("cache-control", "no-store").code(200).send();
  });

  scope.get(METADATA_PATH, async (_request, reply) => {
    const issuer = issuerOf(deps);
    const authMethods = ["client_secret_basic", "client_secret_post", "none"];
    return reply
      .header("cache-control", "public, max-age=3600")
      .type(JSON_UTF8)
      .send({
        issuer,
        authorization_endpoint: `${issuer}${AUTHORIZE_PATH}`,
        token_endpoint: `${issuer}${TOKEN_PATH}`,
        revocation_endpoint: `${issuer}${REVOCATION_PATH}`,
        scopes_supported: ALL_SCOPES,
        response_types_supported: ["code"],
        response_modes_supported: ["query"],
        grant_types_supported: GRANT_TYPES,
        token_endpoint_auth_methods_supported: authMethods,
        revocation_endpoint_auth_methods_supported: authMethods,
        code_challenge_methods_supported: ["S256"],
        authorization_response_iss_parameter_supported: true,
      });
  });
}
