/**
 * The public signing pages of a quotation's `sign_url` (outside /api/v1, no bearer token: the
 * unguessable path token is the credential), on the shared page platform (platform/pages).
 * Invariants:
 * - every response of these routes is an HTML page with the platform's page headers (or the
 *   PDF), never the API's JSON envelope: this is a page scope (platform/pages/scope.ts) and an
 *   unknown path under /sign gets its own 404 page;
 * - a POST takes only a form; any other body is refused with 415 before it is parsed;
 * - a POST passes the page scope's CSRF check before anything else, and only then decides
 *   through the quotation service, which owns every rule about who may decide what;
 * - the token in the URL never leaves in a Referer: every response, the PDF included, carries
 *   Referrer-Policy: no-referrer (set by `pageHeaders`);
 * - every page, refusals included, is in the reader's language (`pageLanguage`: Dutch unless the
 *   browser asks for English); the PDF is the document as the company printed it, untranslated.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError } from "../../platform/errors.js";
import { CSRF_FIELD, csrfToken } from "../../platform/pages/csrf.js";
import { formField } from "../../platform/pages/forms.js";
import { errorPage, pageHeaders, pageLanguage, redirectPage, sendPage } from "../../platform/pages/respond.js";
import { usePages } from "../../platform/pages/scope.js";
import {
  decideBySigning,
  quotationForSigning,
  quotationPdfForSigning,
  SIGNER_NAME_MAX_LENGTH,
  type SigningDecision,
} from "../quotations/service.js";
import {
  refusedFormPage,
  type SigningForm,
  type SigningPageError,
  signingErrorText,
  signingPage,
  signingPagePath,
} from "./pages.js";

/** Sign tokens are base64url (43 characters today); anything else is not looked up at all. */
const SIGN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";

type TokenRoute = { Params: { token: string } };

function signTokenOf(request: FastifyRequest<TokenRoute>): string | null {
  const token = request.params.token;
  return typeof token === "string" && SIGN_TOKEN_PATTERN.test(token) ? token : null;
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  error: SigningPageError,
): FastifyReply {
  const language = pageLanguage(request);
  return errorPage(reply, status, language, signingErrorText(language, error));
}

function sendNotValid(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(request, reply, 404, "notValid");
}

/**
 * Whether the quotation service would take this name. Checked here too only to say what is
 * wrong in the reader's language (the service's refusals are worded in English); the service
 * checks it again and stays the one that decides.
 */
function nameAcceptable(signerName: string): boolean {
  const name = signerName.trim();
  return name !== "" && [...name].length <= SIGNER_NAME_MAX_LENGTH;
}

/**
 * Whether a request carries a body that is not a form. Checked before parsing, because the
 * parsers inherited from the app would read a JSON body (or refuse another type with 400).
 */
function hasNonFormBody(request: FastifyRequest): boolean {
  const type = request.headers["content-type"];
  if (type === undefined) {
    const length = request.headers["content-length"];
    return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
  }
  return (type.split(";")[0] ?? "").trim().toLowerCase() !== FORM_MEDIA_TYPE;
}

function decisionOf(value: string): SigningDecision | null {
  return value === "approve" || value === "deny" ? value : null;
}

/** Shows the quotation again with why the post was refused, keeping what was typed. */
async function sendRefused(
  deps: ServiceDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  form: SigningForm,
): Promise<FastifyReply> {
  const view = await quotationForSigning(deps, token);
  if (view === null) return sendNotValid(request, reply);
  return sendPage(reply, 422, signingPage(pageLanguage(request), view, token, form));
}

/** A forged post learns nothing and changes nothing: it is refused before the token is looked up. */
function refuseForgedForm(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // only the POST of a TokenRoute names this page
  const token = signTokenOf(request as FastifyRequest<TokenRoute>);
  const backTo = token === null ? null : signingPagePath(token);
  return sendPage(reply, 403, refusedFormPage(pageLanguage(request), backTo));
}

function registerPages(scope: FastifyInstance, deps: ServiceDeps): void {
  scope.get<TokenRoute>("/quotations/:token", async (request, reply) => {
    const token = signTokenOf(request);
    const view = token === null ? null : await quotationForSigning(deps, token);
    if (token === null || view === null) return sendNotValid(request, reply);
    const form = { csrfToken: csrfToken(request, reply), signerName: "", problem: null };
    return sendPage(reply, 200, signingPage(pageLanguage(request), view, token, form));
  });

  scope.post<TokenRoute>(
    "/quotations/:token",
    {
      onRequest: async (request, reply) => {
        if (!hasNonFormBody(request)) return;
        return sendError(request, reply, 415, "unreadable");
      },
      config: { forgedFormPage: refuseForgedForm },
    },
    async (request, reply) => {
      const token = signTokenOf(request);
      if (token === null) return sendNotValid(request, reply);
      const signerName = formField(request.body, "signer_name");
      const form = { csrfToken: formField(request.body, CSRF_FIELD), signerName };
      const decision = decisionOf(formField(request.body, "decision"));
      if (decision === null) return sendRefused(deps, request, reply, token, { ...form, problem: "decision" });
      if (!nameAcceptable(signerName)) return sendRefused(deps, request, reply, token, { ...form, problem: "name" });
      try {
        const decided = await decideBySigning(deps, token, decision, signerName);
        if (decided === null) return sendNotValid(request, reply);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 422) throw error;
        // The name passed; what is left is a link that can no longer decide (used, expired, closed).
        return sendRefused(deps, request, reply, token, { ...form, problem: "used" });
      }
      // Post/redirect/get: reloading the result page never posts the decision again.
      return redirectPage(reply, signingPagePath(token));
    },
  );

  scope.get<TokenRoute>("/quotations/:token/pdf", async (request, reply) => {
    const token = signTokenOf(request);
    const pdf = token === null ? null : await quotationPdfForSigning(deps, token);
    if (pdf === null) return sendNotValid(request, reply);
    // The page headers (no Referer, no framing, nosniff, no-store) minus the CSP: the PDF is not
    // HTML (nosniff keeps it that way) and browsers' built-in PDF viewers are not made to run
    // under `default-src 'none'`.
    pageHeaders(reply).removeHeader("content-security-policy");
    // Quotation numbers are free text; only a plain file name may go into the header.
    const fileName = pdf.fileName.replace(/[^\w.-]/g, "_");
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="${fileName}"`)
      .send(pdf.content);
  });
}

/** GET/POST /sign/quotations/:token and GET …/:token/pdf. */
export function registerQuotationSigningRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.register(
    async (scope) => {
      usePages(scope);
      scope.setNotFoundHandler((request, reply) => sendNotValid(request, reply));
      registerPages(scope, deps);
    },
    { prefix: "/sign" },
  );
}
