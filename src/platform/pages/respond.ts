/**
 * How every server-rendered page leaves the service. Invariants: a page is HTML in UTF-8 with
 * the security headers below (no script may run, nothing may frame it, forms may post only to
 * this service plus origins the caller names, no Referer leaves) and is never cached; a failure
 * on a page is an HTML page too, never the API's JSON envelope (`usePageErrors`).
 */
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { html, page } from "./html.js";
import { PAGE_STYLESHEET } from "./stylesheet.js";

const HTML_UTF8 = "text/html; charset=utf-8";

/**
 * A form-action source for an origin a form may end up at: an http(s) URL as its origin (CSP
 * paths are ignored after a redirect anyway), any other URL (an app's custom scheme) as its
 * scheme. Anything else is a programming error: CSP syntax must never come from a caller.
 */
function formActionSource(target: string): string {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new Error(`form action ${JSON.stringify(target)} is not an absolute URL`);
  }
  if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
  if (!/^[a-z][a-z0-9+.-]*:$/.test(url.protocol)) throw new Error(`form action scheme ${url.protocol} is not usable`);
  return url.protocol;
}

function contentSecurityPolicy(formActions: readonly string[]): string {
  // Chrome applies form-action to the redirects that follow a post too, so the OAuth consent
  // form names the client's redirect URI here.
  const actions = ["'self'", ...formActions.map(formActionSource)].join(" ");
  return `default-src 'none'; style-src 'self'; img-src 'self'; form-action ${actions}; frame-ancestors 'none'; base-uri 'none'`;
}

/** The headers every page response carries, failures and redirects included. */
export function pageHeaders(reply: FastifyReply, formActions: readonly string[] = []): FastifyReply {
  return reply
    .header("content-security-policy", contentSecurityPolicy(formActions))
    .header("cache-control", "no-store")
    .header("x-frame-options", "DENY")
    .header("referrer-policy", "no-referrer")
    .header("x-content-type-options", "nosniff");
}

export function sendPage(
  reply: FastifyReply,
  status: number,
  document: string,
  options: { formActions?: string[] } = {},
): FastifyReply {
  return pageHeaders(reply, options.formActions).code(status).type(HTML_UTF8).send(document);
}

/** A 303 "see other" (after a form post, or to the login page), with the page headers. */
export function redirectPage(reply: FastifyReply, location: string): FastifyReply {
  return pageHeaders(reply).redirect(location, 303);
}

/** A page that says what went wrong, in words for a person. */
export function errorPage(reply: FastifyReply, status: number, title: string, message: string): FastifyReply {
  return sendPage(reply, status, page({ title, body: html`<h1>${title}</h1>\n<p role="alert">${message}</p>` }));
}

/**
 * Makes every failure of the routes in `scope` (an encapsulated plugin) an HTML error page:
 * unreadable or oversized forms, and unexpected errors, whose details go only to the log.
 */
export function usePageErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return errorPage(reply, 413, "The form is too large", "Please shorten what you typed and try again.");
    }
    // body-parser failures (ours, Fastify's) carry `status` or `statusCode`
    const status = error.statusCode ?? (error as { status?: number }).status ?? 500;
    if (status >= 400 && status < 500) {
      return errorPage(reply, 400, "The request could not be read", "Please go back, reload the page and try again.");
    }
    request.log.error({ err: error }, "unexpected failure on a page");
    return errorPage(reply, 500, "Something went wrong", "Something went wrong on our side; please try again later.");
  });
}

/** GET /assets/kasboek.css: the pages' stylesheet, cacheable for a day. */
export function registerPageAssets(app: FastifyInstance): void {
  app.get("/assets/kasboek.css", async (_request, reply) =>
    reply
      .type("text/css; charset=utf-8")
      .header("cache-control", "public, max-age=86400")
      .header("x-content-type-options", "nosniff")
      .send(PAGE_STYLESHEET),
  );
}
