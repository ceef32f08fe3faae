/**
 * The public signing pages of a quotation's `sign_url` (outside /api/v1, no bearer token: the
 * unguessable path token is the credential). Invariants:
 * - every response of these routes is HTML (or the PDF / stylesheet), never the API's JSON
 *   envelope: they live in their own encapsulated plugin with their own error and not-found
 *   handlers and their own body parser (form-encoded only, small limit), so the API's JSON
 *   parsing is untouched;
 * - a POST is checked for CSRF before anything else, and only then decides through the
 *   quotation service, which owns every rule about who may decide what;
 * - pages carry the security headers below; the token in the URL never leaves in a Referer.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError } from "../../platform/errors.js";
import {
  decideBySigning,
  quotationForSigning,
  quotationPdfForSigning,
  type SigningDecision,
} from "../quotations/signing.js";
import { CSRF_FIELD, csrfCookie, csrfTokenFor, isValidCsrfPair } from "./csrf.js";
import { messagePage, type SigningForm, signingPage, signingPagePath } from "./pages.js";
import { SIGNING_STYLESHEET } from "./stylesheet.js";

/** A form holds a name of at most 200 characters, a decision and a token: 8 KiB is plenty. */
const FORM_BODY_LIMIT_BYTES = 8 * 1024;
/** Sign tokens are base64url (43 characters today); anything else is not looked up at all. */
const SIGN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const HTML = "text/html; charset=utf-8";
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

type TokenRoute = { Params: { token: string } };

function signTokenOf(request: FastifyRequest<TokenRoute>): string | null {
  const token = request.params.token;
  return typeof token === "string" && SIGN_TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * Whether the browser reached us over https. Without a trusted proxy setting Fastify only knows
 * direct TLS, so X-Forwarded-Proto is read too: it only decides whether the cookie gets
 * `Secure`, which makes it stricter, so a forged header gains nobody anything.
 */
function isHttps(request: FastifyRequest): boolean {
  if (request.protocol === "https") return true;
  const forwarded = request.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0];
  return first?.trim().toLowerCase() === "https";
}

/**
 * Browsers say where a request came from; a form post from another site (or a sibling
 * subdomain, which could also have planted the cookie) is refused even with a matching pair.
 */
function isFromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  return site === "cross-site" || site === "same-site";
}

function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .type(HTML)
    .header("content-security-policy", CONTENT_SECURITY_POLICY)
    .header("cache-control", "no-store")
    .send(body);
}

function sendNotValid(reply: FastifyReply): FastifyReply {
  return sendHtml(
    reply,
    404,
    messagePage({
      title: "This link is not valid",
      message: "Please check that you copied the whole link, or ask the company that sent it for a new one.",
    }),
  );
}

function sendForbidden(reply: FastifyReply, token: string | null): FastifyReply {
  return sendHtml(
    reply,
    403,
    messagePage({
      title: "The form could not be accepted",
      message:
        "The form was not sent from this quotation's page, or the page was open too long. " +
        "Nothing has been changed. Please open the quotation again and make your choice there.",
      ...(token === null ? {} : { backTo: signingPagePath(token) }),
    }),
  );
}

function sendFailure(reply: FastifyReply, status: number, title: string, message: string): FastifyReply {
  return sendHtml(reply, status, messagePage({ title, message }));
}

function formOf(body: unknown): URLSearchParams {
  return body instanceof URLSearchParams ? body : new URLSearchParams();
}

function decisionOf(value: string | null): SigningDecision | null {
  return value === "approve" || value === "deny" ? value : null;
}

/** Shows the quotation again with why the post was refused, keeping what was typed. */
async function sendRefused(
  deps: ServiceDeps,
  reply: FastifyReply,
  token: string,
  form: SigningForm,
): Promise<FastifyReply> {
  const view = await quotationForSigning(deps, token);
  if (view === null) return sendNotValid(reply);
  return sendHtml(reply, 422, signingPage(view, token, form));
}

function registerPages(scope: FastifyInstance, deps: ServiceDeps): void {
  scope.get<TokenRoute>("/quotations/:token", async (request, reply) => {
    const token = signTokenOf(request);
    const view = token === null ? null : await quotationForSigning(deps, token);
    if (token === null || view === null) return sendNotValid(reply);
    const csrf = csrfTokenFor(request.headers.cookie);
    reply.header("set-cookie", csrfCookie(csrf.token, isHttps(request)));
    return sendHtml(reply, 200, signingPage(view, token, { csrfToken: csrf.token, signerName: "", error: null }));
  });

  scope.post<TokenRoute>("/quotations/:token", async (request, reply) => {
    const token = signTokenOf(request);
    const form = formOf(request.body);
    const csrfToken = form.get(CSRF_FIELD) ?? undefined;
    // First, before the token is even looked up: a forged post learns nothing and changes nothing.
    if (csrfToken === undefined || !isValidCsrfPair(request.headers.cookie, csrfToken) || isFromAnotherSite(request)) {
      return sendForbidden(reply, token);
    }
    if (token === null) return sendNotValid(reply);
    const signerName = form.get("signer_name") ?? "";
    const decision = decisionOf(form.get("decision"));
    if (decision === null) {
      return sendRefused(deps, reply, token, { csrfToken, signerName, error: "Choose Approve or Deny." });
    }
    try {
      const decided = await decideBySigning(deps, token, decision, signerName);
      if (decided === null) return sendNotValid(reply);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      return sendRefused(deps, reply, token, { csrfToken, signerName, error: error.message });
    }
    // Post/redirect/get: reloading the result page never posts the decision again.
    return reply.header("cache-control", "no-store").redirect(signingPagePath(token), 303);
  });

  scope.get<TokenRoute>("/quotations/:token/pdf", async (request, reply) => {
    const token = signTokenOf(request);
    const pdf = token === null ? null : await quotationPdfForSigning(deps, token);
    if (pdf === null) return sendNotValid(reply);
    // No CSP on the PDF: it is not HTML (nosniff keeps it that way) and browsers' built-in PDF
    // viewers are not made to run under `default-src 'none'`.
    // Quotation numbers are free text; only a plain file name may go into the header.
    const fileName = pdf.fileName.replace(/[^\w.-]/g, "_");
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .send(pdf.content);
  });

  scope.get("/assets/signing.css", async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=86400").send(SIGNING_STYLESHEET),
  );
}

/** GET/POST /sign/quotations/:token, GET …/:token/pdf and GET /sign/assets/signing.css. */
export function registerQuotationSigningRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.register(
    async (scope) => {
      // This scope's parsers replace the inherited JSON ones: a form is all these pages take;
      // any other body is refused by Fastify with 415 before a handler runs.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: FORM_BODY_LIMIT_BYTES },
        (_request, body, done) => done(null, new URLSearchParams(String(body))),
      );

      // Headers for every response of the scope, the PDF and failures included: the URL holds the
      // token, so no Referer may carry it away, and nothing here may be framed or sniffed.
      scope.addHook("onRequest", async (_request, reply) => {
        reply.header("referrer-policy", "no-referrer");
        reply.header("x-frame-options", "DENY");
        reply.header("x-content-type-options", "nosniff");
      });

      scope.setErrorHandler((error: FastifyError, request, reply) => {
        if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
          return sendFailure(reply, 413, "The form is too large", "Please use a shorter name and try again.");
        }
        if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
          return sendFailure(reply, 415, "The form could not be read", "Please use the form on the quotation page.");
        }
        const status = error.statusCode ?? 500;
        if (status >= 400 && status < 500) {
          return sendFailure(reply, 400, "The request could not be read", "Please open the link again.");
        }
        request.log.error({ err: error }, "unexpected failure on a signing page");
        return sendFailure(
          reply,
          500,
          "Something went wrong",
          "Something went wrong on our side; please try again later.",
        );
      });

      scope.setNotFoundHandler((_request, reply) => sendNotValid(reply));

      registerPages(scope, deps);
    },
    { prefix: "/sign" },
  );
}
