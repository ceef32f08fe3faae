/**
 * GET and POST /oauth/authorize: the authorization endpoint (RFC 6749 section 3.1) and its
 * consent form. Invariants:
 * - every answer is an HTML page or a 303, with the page security headers (no Referer leaves,
 *   so a code in a redirect never travels on);
 * - a POST passes the page scope's CSRF check before anything else, then re-checks every
 *   parameter exactly as the GET did (the hidden fields are the client's, not ours to trust),
 *   then the session;
 * - without a session the answer is a 303 to the login page, which comes back to the request;
 * - a signed-in user of the first-party client (Kasboek's web app) goes straight back to it with
 *   a code, never through the consent page; every other client always shows it;
 * - the consent page names the client's redirect origin in its CSP form-action, because
 *   browsers apply form-action to the redirect that follows the post.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServiceDeps } from "../../platform/deps.js";
import { isHttps } from "../../platform/pages/cookies.js";
import { csrfToken } from "../../platform/pages/csrf.js";
import { formField } from "../../platform/pages/forms.js";
import { errorPage, pageLanguage, redirectPage, sendPage } from "../../platform/pages/respond.js";
import { currentUser, loginUrl } from "../sessions/service.js";
import {
  type AuthorizationCheck,
  type AuthorizationRequest,
  approveAuthorization,
  approveFirstParty,
  checkAuthorizationRequest,
  denyAuthorization,
  grantableCompanies,
  type ParameterValues,
} from "./authorize-service.js";
import { AUTHORIZE_PATH, consentPage, oauthErrorText, untrustedRequestText } from "./pages.js";

const COMPANY_FIELD = /^company_([1-9]\d{0,14})$/;
/** A Host header: a name or an IPv4 address, or an IPv6 one in brackets, with an optional port. */
const HOST_PATTERN = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

type User = { userId: number; email: string };

/** The request's parameters as the client sent them, to post back and to return to after login. */
function requestParameters(request: AuthorizationRequest): Record<string, string> {
  return {
    client_id: request.client.clientId,
    redirect_uri: request.redirectUri,
    response_type: "code",
    scope: request.scopes.join(" "),
    ...(request.state === undefined ? {} : { state: request.state }),
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
  };
}

function authorizeUrl(request: AuthorizationRequest): string {
  return `${AUTHORIZE_PATH}?${new URLSearchParams(requestParameters(request)).toString()}`;
}

/** The answer to a request that is not valid: an error page, or the error sent to the client. */
function answerInvalid(
  request: FastifyRequest,
  reply: FastifyReply,
  check: Exclude<AuthorizationCheck, { kind: "valid" }>,
): FastifyReply {
  if (check.kind === "error-redirect") return redirectPage(reply, check.location);
  const language = pageLanguage(request);
  return errorPage(reply, 400, language, untrustedRequestText(language, check));
}

async function showConsent(
  deps: ServiceDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  user: User,
  authorization: AuthorizationRequest,
  noCompanyChosen: boolean,
): Promise<FastifyReply> {
  const document = consentPage({
    language: pageLanguage(request),
    email: user.email,
    clientName: authorization.client.name,
    redirectOrigin: new URL(authorization.redirectUri).origin,
    scopes: authorization.scopes,
    companies: await grantableCompanies(deps, user.userId),
    parameters: requestParameters(authorization),
    csrfToken: csrfToken(request, reply),
    noCompanyChosen,
  });
  return sendPage(reply, status, document, { formActions: [authorization.redirectUri] });
}

/**
 * The origin the browser addressed this request to, which the first-party web app's redirect
 * path may use (see resolveRedirectUris); undefined when the Host header is not a plain host.
 */
function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.headers.host?.toLowerCase();
  if (host === undefined || !HOST_PATTERN.test(host)) return undefined;
  return `${isHttps(request) ? "https" : "http"}://${host}`;
}

/** Every value of each query parameter, read from the raw query so repeated ones are seen. */
function queryValues(request: FastifyRequest): ParameterValues {
  const query = new URLSearchParams(request.url.split("?")[1] ?? "");
  return (name) => query.getAll(name).filter((value) => value !== "");
}

function formValues(body: unknown): ParameterValues {
  return (name) => {
    const value = formField(body, name);
    return value === "" ? [] : [value];
  };
}

function chosenCompanyIds(body: unknown): number[] {
  if (typeof body !== "object" || body === null) return [];
  return Object.keys(body).flatMap((name) => {
    const match = COMPANY_FIELD.exec(name);
    return match?.[1] !== undefined && formField(body, name) !== "" ? [Number(match[1])] : [];
  });
}

function refuseForgedConsent(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const language = pageLanguage(request);
  return errorPage(reply, 403, language, oauthErrorText(language, "forgedConsent"));
}

export function registerAuthorizeRoutes(scope: FastifyInstance, deps: ServiceDeps): void {
  scope.get(AUTHORIZE_PATH, async (request, reply) => {
    const check = await checkAuthorizationRequest(deps, queryValues(request), requestOrigin(request));
    if (check.kind !== "valid") return answerInvalid(request, reply, check);
    const user = await currentUser(deps, request);
    if (user === null) return redirectPage(reply, loginUrl(authorizeUrl(check.request)));
    if (check.request.client.firstParty) {
      const location = await approveFirstParty(deps, user.userId, check.request);
      if (location !== null) return redirectPage(reply, location);
    }
    return showConsent(deps, request, reply, 200, user, check.request, false);
  });

  scope.post(AUTHORIZE_PATH, { config: { forgedFormPage: refuseForgedConsent } }, async (request, reply) => {
    const language = pageLanguage(request);
    const check = await checkAuthorizationRequest(deps, formValues(request.body), requestOrigin(request));
    if (check.kind !== "valid") return answerInvalid(request, reply, check);
    const user = await currentUser(deps, request);
    if (user === null) return redirectPage(reply, loginUrl(authorizeUrl(check.request)));
    const decision = formField(request.body, "decision");
    if (decision === "deny") return redirectPage(reply, denyAuthorization(deps, check.request));
    if (decision !== "approve") {
      return errorPage(reply, 400, language, oauthErrorText(language, "unreadableDecision"));
    }
    const location = await approveAuthorization(deps, user.userId, check.request, chosenCompanyIds(request.body));
    if (location === null) {
      return showConsent(deps, request, reply, 422, user, check.request, true);
    }
    return redirectPage(reply, location);
  });
}
