/**
 * The routes outside the JSON API: the OAuth 2.0 endpoints (RFC 6749, 7009, 8414), the pages
 * people use in a browser (signing in, tokens, consent, quotation signing, this reference and
 * their files) and operations (health, metrics). Their answers are forms, pages and OAuth JSON,
 * not the API's envelope, so they are described here by hand, each with every status it gives.
 *
 * Only what a program calls is in the OpenAPI document (tag OAuth): client generators turn every
 * operation into a method, and a method for a sign-in form or a health check is noise. Pages and
 * operations stay described here, where the fuzz test reads their statuses.
 * Invariant: a registered route missing from this table fails the document's build.
 */
import type { CataloguedRoute } from "../../platform/route-catalogue.js";
import { pathParameters } from "./errors.js";
import { pascal } from "./names.js";

export interface Described {
  /** when the URL alone does not make a distinct one (`/app` and `/app/*`) */
  operationId?: string;
  summary: string;
  /** OAuth: called by programs, in the document; Pages (for people) and Operations (for tools): not */
  tag: "OAuth" | "Pages" | "Operations";
  description?: string;
  /** status → [description, content type] (no content type: no body) */
  responses: Record<string, [string, string?]>;
  form?: Record<string, string>;
}

const HTML = "text/html";
const JSON_TYPE = "application/json";
const OAUTH_ERROR = "An RFC 6749 error: {error, error_description}";
const FORM_ERRORS: Described["responses"] = {
  "400": ["The form cannot be read (a page)", HTML],
  "403": ["The form's CSRF token is missing or wrong (a page)", HTML],
  "413": ["The form is too large (a page)", HTML],
  "429": ["Too many requests (a page)", HTML],
};

export const OTHER_ROUTES: Record<string, Described> = {
  "POST /oauth/token": {
    summary: "Exchange an authorization code or a refresh token for an access token",
    tag: "OAuth",
    description:
      "Form-encoded. The client authenticates with HTTP Basic or client_id/client_secret in the form; " +
      "public clients send only client_id and prove the code with PKCE (code_verifier).",
    form: {
      client_id: "the client's id (a public client, or with client_secret instead of HTTP Basic)",
      client_secret: "the client's secret (a confidential client not using HTTP Basic)",
      grant_type: "authorization_code or refresh_token",
      code: "the authorization code (authorization_code)",
      redirect_uri: "the redirect URI the code was issued for (authorization_code)",
      code_verifier: "the PKCE verifier (authorization_code)",
      refresh_token: "the refresh token (refresh_token)",
      scope: "narrower scopes (refresh_token, optional)",
    },
    responses: {
      "200": ["The access token, its refresh token and scopes", JSON_TYPE],
      "400": [OAUTH_ERROR, JSON_TYPE],
      "401": [`${OAUTH_ERROR} (invalid_client)`, JSON_TYPE],
      "429": [`${OAUTH_ERROR}: too many failed client authentications`, JSON_TYPE],
    },
  },
  "POST /oauth/revoke": {
    summary: "Revoke an access or refresh token (RFC 7009)",
    tag: "OAuth",
    description:
      "Form-encoded, with the client's authentication as for /oauth/token. A refresh token revokes its whole " +
      "grant (its access tokens too), an access token only itself; an unknown token is not an error.",
    form: {
      client_id: "the client's id (a public client, or with client_secret instead of HTTP Basic)",
      client_secret: "the client's secret (a confidential client not using HTTP Basic)",
      token: "the token to revoke",
      token_type_hint: "access_token or refresh_token (optional)",
    },
    responses: {
      "200": ["Revoked, or the token was not known"],
      "400": [OAUTH_ERROR, JSON_TYPE],
      "401": [`${OAUTH_ERROR} (invalid_client)`, JSON_TYPE],
      "429": [`${OAUTH_ERROR}: too many failed client authentications`, JSON_TYPE],
    },
  },
  "GET /.well-known/oauth-authorization-server": {
    summary: "The authorization server's metadata (RFC 8414)",
    tag: "OAuth",
    description: "Where to send the user and where to exchange codes, with the scopes and methods supported.",
    responses: { "200": ["Endpoints, scopes, grant types and PKCE methods", JSON_TYPE] },
  },
  "GET /oauth/authorize": {
    summary: "The consent page an application sends its user to",
    tag: "Pages",
    responses: {
      "200": ["The consent page, or the sign-in form when not signed in", HTML],
      "302": ["Back to the application's redirect URI with an error"],
      "303": ["Not signed in: to the sign-in page, and back here after"],
      "400": ["The request names no valid client or redirect URI (a page)", HTML],
      "429": ["Too many requests (a page)", HTML],
    },
  },
  "POST /oauth/authorize": {
    summary: "Grant or deny the application's request (the consent form)",
    tag: "Pages",
    responses: {
      "303": ["Back to the application's redirect URI with a code or an error"],
      "422": ["The consent form again: an approval chose no company (a page)", HTML],
      ...FORM_ERRORS,
    },
  },
  "GET /login": {
    summary: "The sign-in page",
    tag: "Pages",
    responses: {
      "200": ["The sign-in form", HTML],
      "303": ["Already signed in: on to the page asked for"],
      "429": ["Too many requests (a page)", HTML],
    },
  },
  "POST /login": {
    summary: "Sign in (the sign-in form)",
    tag: "Pages",
    responses: {
      "303": ["Signed in: on to the page asked for"],
      "422": ["Wrong e-mail or password: the form again, with the reason", HTML],
      ...FORM_ERRORS,
    },
  },
  "POST /logout": {
    summary: "Sign out",
    tag: "Pages",
    form: { csrf_token: "the CSRF token of the page the form is on" },
    responses: { "303": ["Signed out: to the sign-in page"], ...FORM_ERRORS },
  },
  "GET /account": {
    summary: "The account page: personal API tokens",
    tag: "Pages",
    responses: {
      "200": ["The page", HTML],
      "303": ["Not signed in: to the sign-in page"],
      "429": FORM_ERRORS["429"] ?? [""],
    },
  },
  "POST /account/tokens": {
    summary: "Create a personal API token",
    tag: "Pages",
    responses: {
      "201": ["The new token, shown once", HTML],
      "303": ["Not signed in"],
      "422": ["The form again, with what is wrong", HTML],
      ...FORM_ERRORS,
    },
  },
  "POST /account/tokens/:id/revoke": {
    summary: "Revoke a personal API token",
    tag: "Pages",
    responses: {
      "303": ["Revoked: back to the account page"],
      "404": ["No such token (a page)", HTML],
      ...FORM_ERRORS,
    },
  },
  "GET /account/applications": {
    summary: "The applications the user has given access",
    tag: "Pages",
    responses: {
      "200": ["The page", HTML],
      "303": ["Not signed in: to the sign-in page"],
      "429": FORM_ERRORS["429"] ?? [""],
    },
  },
  "POST /account/applications/:id/revoke": {
    summary: "Take an application's access away",
    tag: "Pages",
    responses: {
      "303": ["Revoked: back to the applications"],
      "404": ["No such grant (a page)", HTML],
      ...FORM_ERRORS,
    },
  },
  "GET /sign/quotations/:token": {
    summary: "The page on which a customer reads and signs a quotation",
    tag: "Pages",
    responses: {
      "200": ["The quotation", HTML],
      "400": ["The link is not valid (a page)", HTML],
      "404": ["No such quotation (a page)", HTML],
      "429": FORM_ERRORS["429"] ?? [""],
    },
  },
  "POST /sign/quotations/:token": {
    summary: "Sign a quotation (the signing form)",
    tag: "Pages",
    responses: {
      "303": ["Signed: back to the quotation"],
      "404": ["No such quotation (a page)", HTML],
      "415": ["Not a form post (a page)", HTML],
      "422": ["The form again, with what is wrong", HTML],
      ...FORM_ERRORS,
    },
  },
  "GET /sign/quotations/:token/pdf": {
    summary: "The quotation as PDF, for its customer",
    tag: "Pages",
    responses: {
      "200": ["The PDF", "application/pdf"],
      "400": ["The link is not valid (a page)", HTML],
      "404": ["No such quotation (a page)", HTML],
      "429": FORM_ERRORS["429"] ?? [""],
    },
  },
  "GET /": {
    summary: "A browser is sent on to the web app",
    tag: "Pages",
    responses: {
      "302": ["Accept prefers text/html: to /app/"],
      "404": ["Anyone else: no endpoint here", JSON_TYPE],
    },
  },
  "GET /app": {
    operationId: "getWebAppStartPage",
    summary: "The web app's start (also at /app/)",
    tag: "Pages",
    responses: {
      "200": ["The app's page, which loads its scripts from /app/assets/", HTML],
      "404": ["The web app is not built on this installation (a page)", HTML],
    },
  },
  "GET /app/*": {
    operationId: "getWebAppPage",
    summary: "The web app (every path below /app/ is one of its pages)",
    tag: "Pages",
    responses: {
      "200": ["The app's page, which loads its scripts from /app/assets/", HTML],
      "404": ["The web app is not built on this installation (a page)", HTML],
    },
  },
  "GET /app/assets/*": {
    operationId: "getWebAppAsset",
    summary: "A file of the web app, named by its content hash (cached for a year)",
    tag: "Pages",
    responses: { "200": ["The file"], "404": ["No such file", JSON_TYPE] },
  },
  "GET /assets/kasboek.css": {
    summary: "The pages' stylesheet",
    tag: "Pages",
    responses: { "200": ["The stylesheet", "text/css"] },
  },
  "GET /docs": {
    summary: "This reference, as a page (Swagger UI)",
    tag: "Pages",
    responses: { "200": ["The page", HTML] },
  },
  "GET /docs/assets/docs.js": {
    summary: "The reference page's start-up script",
    tag: "Pages",
    responses: { "200": ["The script", "text/javascript"] },
  },
  "GET /docs/assets/swagger-ui.css": {
    summary: "Swagger UI's stylesheet",
    tag: "Pages",
    responses: { "200": ["The stylesheet", "text/css"] },
  },
  "GET /docs/assets/swagger-ui-bundle.js": {
    summary: "Swagger UI's script",
    tag: "Pages",
    responses: { "200": ["The script", "text/javascript"] },
  },
  "GET /health/live": {
    summary: "Liveness: the process answers",
    tag: "Operations",
    responses: { "200": ['{"status":"ok"}', JSON_TYPE] },
  },
  "GET /health/ready": {
    summary: "Readiness: the database (and Redis, when configured) answer and the process is not stopping",
    tag: "Operations",
    responses: { "200": ['{"status":"ok"}', JSON_TYPE], "503": ["Not ready; the message says why", JSON_TYPE] },
  },
  "GET /metrics": {
    summary: "Prometheus metrics (Bearer METRICS_TOKEN when one is configured)",
    tag: "Operations",
    responses: {
      "200": ["Metrics in the Prometheus text format", "text/plain"],
      "401": ["The metrics token is missing or wrong", JSON_TYPE],
    },
  },
};

/** How the table describes `route`; throws for a route it lacks. */
export function describedRoute(route: CataloguedRoute): Described {
  const described = OTHER_ROUTES[`${route.method} ${route.url}`];
  if (described === undefined) throw new Error(`route ${route.method} ${route.url} is not described in the reference`);
  return described;
}

/** The operation of a route outside the JSON API that programs call (`/oauth/token` → `postOauthToken`). */
export function otherOperation(route: CataloguedRoute): Record<string, unknown> {
  const described = describedRoute(route);
  const responses = Object.fromEntries(
    Object.entries(described.responses).map(([status, [description, contentType]]) => [
      status,
      contentType === undefined ? { description } : { description, content: { [contentType]: { schema: {} } } },
    ]),
  );
  const form = described.form;
  return {
    operationId: described.operationId ?? `${route.method.toLowerCase()}${pascal(route.url)}`,
    summary: described.summary,
    ...(described.description === undefined ? {} : { description: described.description }),
    tags: [described.tag],
    security: [],
    parameters: pathParameters(route.url).map((name) => ({
      name,
      in: "path",
      required: true,
      schema: { type: name === "id" ? "integer" : "string" },
    })),
    ...(form === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  properties: Object.fromEntries(
                    Object.entries(form).map(([name, text]) => [name, { type: "string", description: text }]),
                  ),
                },
              },
            },
          },
        }),
    responses,
  };
}
