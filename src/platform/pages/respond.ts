/**
 * How every server-rendered page leaves the service. Invariants: a page is HTML in UTF-8 with
 * the security headers below (no script may run — on the web app's page, only this service's
 * own script files —, nothing may frame it, forms may post only to this service plus origins the
 * caller names, no Referer leaves) and is never used from a cache unasked; a failure on a page
 * is an HTML page too, never the API's JSON envelope (`usePageErrors`), and a form post the CSRF
 * check refuses gets its route's own page (csrf.ts) or a generic 403; a page is in the language
 * `pageLanguage` negotiates (Dutch unless the browser prefers one we have), says so in
 * Content-Language, and carries `Vary: Accept-Language`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Language, negotiateLanguage } from "../language.js";
import { isForgedForm } from "./csrf.js";
import { type HtmlDocument, html, page } from "./html.js";
import { PAGE_STYLESHEET } from "./stylesheet.js";

const HTML_UTF8 = "text/html; charset=utf-8";

/** The pages are for Dutch businesses and their customers: Dutch unless asked otherwise. */
export const PAGE_FALLBACK_LANGUAGE: Language = "nl";

/** The language of the page answering `request`. */
export function pageLanguage(request: FastifyRequest): Language {
  return negotiateLanguage(request.headers["accept-language"], PAGE_FALLBACK_LANGUAGE);
}

/** A title and a sentence for an error page, in one language. */
export interface PageMessage {
  title: string;
  message: string;
}

const TEXTS: Record<Language, Record<"tooLarge" | "unreadable" | "forged" | "failed", PageMessage>> = {
  nl: {
    tooLarge: {
      title: "Het formulier is te groot",
      message: "Maak wat u hebt ingevuld korter en probeer het opnieuw.",
    },
    unreadable: {
      title: "Het verzoek kon niet worden gelezen",
      message: "Ga terug, laad de pagina opnieuw en probeer het nog eens.",
    },
    forged: {
      title: "Het formulier kon niet worden geaccepteerd",
      message: "Het formulier was verlopen of kwam niet van deze pagina. Probeer het opnieuw.",
    },
    failed: {
      title: "Er ging iets mis",
      message: "Er ging aan onze kant iets mis. Probeer het later opnieuw.",
    },
  },
  en: {
    tooLarge: { title: "The form is too large", message: "Please shorten what you typed and try again." },
    unreadable: {
      title: "The request could not be read",
      message: "Please go back, reload the page and try again.",
    },
    forged: {
      title: "The form could not be accepted",
      message: "The form had expired or did not come from this page. Please try again.",
    },
    failed: { title: "Something went wrong", message: "Something went wrong on our side; please try again later." },
  },
};

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

/**
 * What a page may do beyond showing this service's markup, styles and images. `formActions`: the
 * origins its forms may end up at. `runsApp`: it is the web app (/app/), which runs this
 * service's own scripts (never inline ones), calls this service's API, and shows a PDF or a
 * receipt's photo it fetched there, in a frame or an image (a blob: URL made by the page itself).
 */
export interface PagePolicy {
  formActions?: readonly string[];
  runsApp?: boolean;
}

function contentSecurityPolicy(policy: PagePolicy): string {
  // Chrome applies form-action to the redirects that follow a post too, so the OAuth consent
  // form names the client's redirect URI here.
  const actions = ["'self'", ...(policy.formActions ?? []).map(formActionSource)].join(" ");
  const app = policy.runsApp === true ? "script-src 'self'; connect-src 'self'; frame-src blob:; " : "";
  const images = policy.runsApp === true ? "'self' blob:" : "'self'";
  return `default-src 'none'; ${app}style-src 'self'; img-src ${images}; form-action ${actions}; frame-ancestors 'none'; base-uri 'none'`;
}

/** The headers every page response carries, failures and redirects included. */
export function pageHeaders(reply: FastifyReply, policy: PagePolicy = {}): FastifyReply {
  return reply
    .header("content-security-policy", contentSecurityPolicy(policy))
    .header("cache-control", "no-store")
    .header("x-frame-options", "DENY")
    .header("referrer-policy", "no-referrer")
    .header("x-content-type-options", "nosniff");
}

/**
 * Adds Accept-Language to Vary, keeping what is there: caches (and the browser's back button)
 * must not hand a page in one language to a reader who asked for another.
 */
function varyOnLanguage(reply: FastifyReply): FastifyReply {
  const current = reply.getHeader("vary");
  const listed = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (listed.some((name) => name === "*" || name.toLowerCase() === "accept-language")) return reply;
  return reply.header("vary", [...listed, "Accept-Language"].join(", "));
}

export function sendPage(
  reply: FastifyReply,
  status: number,
  document: HtmlDocument,
  options: { formActions?: string[] } = {},
): FastifyReply {
  return varyOnLanguage(pageHeaders(reply, { formActions: options.formActions ?? [] }))
    .header("content-language", document.language)
    .code(status)
    .type(HTML_UTF8)
    .send(document.markup);
}

/** A 303 "see other" (after a form post, or to the login page), with the page headers. */
export function redirectPage(reply: FastifyReply, location: string): FastifyReply {
  return pageHeaders(reply).redirect(location, 303);
}

/** A page that says what went wrong, in words for a person, in `language` (the words' own). */
export function errorPage(reply: FastifyReply, status: number, language: Language, text: PageMessage): FastifyReply {
  const body = html`<h1>${text.title}</h1>\n<p role="alert">${text.message}</p>`;
  return sendPage(reply, status, page({ title: text.title, body, language }));
}

/**
 * Makes every failure of the routes in `scope` (an encapsulated plugin) an HTML error page:
 * forged, unreadable or oversized forms, and unexpected errors, whose details go only to the log.
 */
export function usePageErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const language = pageLanguage(request);
    if (isForgedForm(error)) {
      const forgedFormPage = request.routeOptions.config.forgedFormPage;
      return forgedFormPage ? forgedFormPage(request, reply) : errorPage(reply, 403, language, TEXTS[language].forged);
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return errorPage(reply, 413, language, TEXTS[language].tooLarge);
    // body-parser failures (ours, Fastify's) carry `status` or `statusCode`
    const status = error.statusCode ?? (error as { status?: number }).status ?? 500;
    if (status >= 400 && status < 500) return errorPage(reply, 400, language, TEXTS[language].unreadable);
    request.log.error({ err: error }, "unexpected failure on a page");
    return errorPage(reply, 500, language, TEXTS[language].failed);
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
