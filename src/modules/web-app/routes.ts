/**
 * The web app (web/, built into dist/web/ by `npm run build`) at /app/, and `GET /` sending a
 * browser there. Invariants:
 * - /app/assets/… are the build's files, each named by its content hash: cached for a year as
 *   immutable, served by @fastify/static; an unknown one is the API's 404, never the app;
 * - every other /app/… path (a deep link such as /app/7/invoices/12) answers index.html, which
 *   the browser asks for again each time (no-cache, private) so a new build is picked up at once;
 * - index.html carries the page security headers of platform/pages/respond.ts with the web app's
 *   policy (only this service's script files, no inline script) and this browser's CSRF token in
 *   a meta tag, so the app's sign-out can post /logout like any other form of ours;
 * - `GET /` redirects only a browser (Accept prefers text/html); anyone else gets the 404 it got;
 * - without a build (sources run directly, or the web app never built) /app/ says so in a page.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import { noEndpoint } from "../../platform/http.js";
import { csrfToken } from "../../platform/pages/csrf.js";
import { escapeHtml } from "../../platform/pages/html.js";
import { errorPage, pageHeaders, pageLanguage } from "../../platform/pages/respond.js";
import { usePages } from "../../platform/pages/scope.js";
import { notBuiltText } from "./texts.js";

export const WEB_APP_PATH = "/app/";
const ASSETS_PATH = `${WEB_APP_PATH}assets/`;
const CSRF_META = '<meta name="kasboek-csrf" content="">';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** index.html of the build in `directory`, or null when there is none. */
function readIndex(directory: string | undefined): string | null {
  if (directory === undefined) return null;
  const file = path.join(directory, "index.html");
  if (!existsSync(file)) return null;
  const markup = readFileSync(file, "utf8");
  if (!markup.includes(CSRF_META)) throw new Error(`${file} lacks the CSRF meta tag the app's sign-out needs`);
  return markup;
}

function wantsHtml(request: FastifyRequest): boolean {
  return new Negotiator(request).mediaType(["application/json", "text/html"]) === "text/html";
}

function sendIndex(request: FastifyRequest, reply: FastifyReply, markup: string): FastifyReply {
  const token = escapeHtml(csrfToken(request, reply));
  return pageHeaders(reply, { runsApp: true })
    .header("cache-control", "no-cache, private")
    .type("text/html; charset=utf-8")
    .send(markup.replace(CSRF_META, `<meta name="kasboek-csrf" content="${token}">`));
}

/** `directory`: the built app (index.html and assets/); undefined or missing: the app is not built. */
export function registerWebAppRoutes(app: FastifyInstance, directory: string | undefined): void {
  const index = readIndex(directory);

  app.get("/", async (request, reply) => {
    reply.header("vary", "Accept");
    if (!wantsHtml(request)) throw noEndpoint(request);
    return pageHeaders(reply).redirect(WEB_APP_PATH, 302);
  });

  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (index === null) {
      const language = pageLanguage(request);
      return errorPage(reply, 404, language, notBuiltText(language));
    }
    return sendIndex(request, reply, index);
  };
  // a page scope: its failures are pages, and the key of the CSRF cookie is loaded before use
  app.register(async (pages) => {
    usePages(pages);
    // `/app` too: the router ignores a trailing slash, so `/app/` reaches that route, not the wildcard
    pages.get("/app", answerPage);
    pages.get(`${WEB_APP_PATH}*`, answerPage);
  });

  if (index === null || directory === undefined) {
    // the same route either way, so the reference (and the typed client) never depend on a build
    app.get(`${ASSETS_PATH}*`, async (request) => {
      throw noEndpoint(request);
    });
  } else {
    // loaded only when there is something to serve
    app.register(import("@fastify/static"), {
      root: path.join(directory, "assets"),
      prefix: ASSETS_PATH,
      decorateReply: false,
      index: false,
      dotfiles: "deny",
      immutable: true,
      // the build writes .br and .gz beside each file (scripts/build.ts)
      preCompressed: true,
      maxAge: YEAR_SECONDS * 1000,
      setHeaders: (reply) => reply.header("x-content-type-options", "nosniff"),
    });
  }
}
