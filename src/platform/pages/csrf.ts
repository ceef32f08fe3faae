/**
 * Cross-site request forgery protection for every form, by @fastify/csrf-protection in its
 * cookie mode: a random secret sits in the signed `kasboek_csrf` cookie (HttpOnly,
 * SameSite=Strict, whole site) and each form's hidden `csrf_token` field carries a token made
 * from it. A form post is accepted only when the cookie's signature holds, the token was made from
 * its secret (the library compares in constant time), and the browser does not say the post came
 * from another site. Another site can make a browser send the cookie but can neither read it nor
 * make a token for it. Invariants: every request of a page scope but a GET or HEAD (every form
 * post) is checked before its handler runs (`refuseForgedForms`, scope.ts); one response hands
 * out one token, however many forms its page holds; a refusal is the route's own page
 * (`forgedFormPage` in its config) or a generic 403.
 */
import fastifyCsrfProtection from "@fastify/csrf-protection";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cookieSecurity } from "./cookies.js";
import { formField } from "./forms.js";

export const CSRF_COOKIE = "kasboek_csrf";
/** The hidden form field that carries the token back. */
export const CSRF_FIELD = "csrf_token";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The page a form post of this route gets when its CSRF check fails (a generic 403 when absent). */
    forgedFormPage?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
  }
}

/** Installs the CSRF plugin on `app`; it needs @fastify/cookie (registerPageCookies) first. */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.register(fastifyCsrfProtection, {
    cookieKey: CSRF_COOKIE,
    cookieOpts: { path: "/", httpOnly: true, sameSite: "strict", signed: true },
    getToken: (request) => formField(request.body, CSRF_FIELD),
    // 256 bits, as the secret had before the library
    csrfOpts: { secretLength: 32 },
    logLevel: "info",
  });
}

const issued = new WeakMap<FastifyRequest, string>();

/**
 * The token for the forms of this response, made from the browser's secret when its cookie holds
 * a signed one (so a page open in another tab keeps working), otherwise from a new one, written to
 * the cookie.
 */
export function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  let token = issued.get(request);
  if (token === undefined) {
    token = reply.generateCsrf(cookieSecurity(reply));
    issued.set(request, token);
  }
  return token;
}

/** The plugin's refusals: no (validly signed) secret, or a token not made from it. */
const FORGED_FORM_CODES = new Set(["FST_CSRF_MISSING_SECRET", "FST_CSRF_INVALID_TOKEN"]);

/** Whether `error` is a form post refused by the CSRF check. */
export function isForgedForm(error: FastifyError): boolean {
  return error.code !== undefined && FORGED_FORM_CODES.has(error.code);
}

/**
 * Browsers say where a request came from; a post from another site (or a sibling subdomain,
 * which could also have planted the cookie) is refused even with a matching pair.
 */
function isFromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  return site === "cross-site" || site === "same-site";
}

function forgedFormError(): FastifyError {
  return Object.assign(new Error("The form comes from another site"), {
    code: "FST_CSRF_INVALID_TOKEN",
    statusCode: 403,
  });
}

/**
 * A preHandler hook: checks every request that may change something (an unknown path's excepted:
 * it changes nothing and keeps its 404) and leaves a refusal to the scope's error handler.
 */
export function refuseForgedForms(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
  if (request.method === "GET" || request.method === "HEAD" || request.is404) return done();
  if (isFromAnotherSite(request)) return done(forgedFormError());
  request.server.csrfProtection(request, reply, done);
}
