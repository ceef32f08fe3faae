/**
 * The HTTP conventions every endpoint keeps (the README's API conventions), each in one place:
 * Rails query strings, the `.json` suffix, JSON bodies (empty bodies allowed), request ids,
 * the error envelope for every failure, 404 for unknown paths, and the rate limit (rate-limit.ts).
 *
 * Invariant: every response this server writes, including the failures Fastify and Node detect
 * before routing (bad percent-encoding, over-long path parameters, unparseable HTTP), is JSON in
 * UTF-8 with the `{"error":{"type","message"}}` envelope and an `X-Request-Id` header.
 *
 * Invariant: Fastify validates every body, path parameter and query string with its route's
 * schema (validation.ts), and a refusal is answered as validation-errors.ts says. A body's
 * attribute problems go to the service that reads it (attributes.ts); a success answered while
 * a body's problems were never reported is a 500, never a silent one.
 *
 * Invariant: every response to a request of an https site, or one that came over TLS, says so
 * with Strict-Transport-Security (transport-security.ts), set with the request id.
 *
 * Invariant: an error's message is in the language the request's Accept-Language asks for (nl or
 * en, English when it asks for neither or there is no request to ask), said in Content-Language
 * and announced by `Vary: Accept-Language`; its type, status and other headers are the same in
 * every language. Successful responses are not touched.
 */
import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { hasUnreportedProblems } from "./attributes.js";
import type { Message } from "./catalogue/keys.js";
import { ApiError, errorBody } from "./errors.js";
import { checkJsonLimits } from "./json-limits.js";
import { type Language, negotiateLanguage } from "./language.js";
import { localiseError } from "./messages.js";
import { parseQueryString } from "./query-string.js";
import { type RateLimitSettings, registerRateLimit } from "./rate-limit.js";
import { recordRouteCatalogue } from "./route-catalogue.js";
import { LAZY_SERIALIZERS } from "./serializers.js";
import { declareTransportSecurity } from "./transport-security.js";
import { compileValidator } from "./validation-errors.js";

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;
export const BODY_LIMIT_BYTES = 1024 * 1024;

function stripJsonSuffix(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!path.endsWith(".json")) return url;
  return path.slice(0, -".json".length) + (queryStart === -1 ? "" : url.slice(queryStart));
}

function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("client.parameters.malformed_json", { key: "bodyNotJson" });
  }
}

const JSON_UTF8 = "application/json; charset=utf-8";

/** Fastify's own failures (bad URL, body too large, …) carry a 4xx status and a code. */
function apiErrorFromFastify(error: FastifyError): ApiError | null {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return new ApiError("client.parameters.invalid_parameter_value", { key: "bodyTooLarge" }, {}, 413);
  }
  if (error.code === "FST_ERR_BAD_URL") {
    return new ApiError("client.parameters.invalid_parameter_value", { key: "pathNotPercentEncoded" });
  }
  // A 400 rather than Fastify's 414: clients switch on the statuses of the Rompslomp API's errors.
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return new ApiError("client.parameters.invalid_parameter_value", { key: "pathParameterTooLong" });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new ApiError("client.parameters.invalid_parameter_value", { key: "requestUnreadable" });
  }
  return null;
}

/**
 * Adds Accept-Language to Vary, keeping what a route or hook put there: a cache must not hand an
 * error in one language to a reader who asked for another.
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

/** Writes the envelope of `apiError` in the language the request asks for (English by default). */
function sendApiError(apiError: ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const language: Language = negotiateLanguage(request.headers["accept-language"], "en");
  return varyOnLanguage(reply.code(apiError.status).headers(apiError.headers))
    .header("content-language", language)
    .type(JSON_UTF8)
    .send(errorBody(apiError, localiseError(apiError, language)));
}

function sendError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const apiError = error instanceof ApiError ? error : apiErrorFromFastify(error);
  if (apiError === null) {
    request.log.error({ err: error }, "unexpected failure");
    return sendApiError(new ApiError("server", { key: "serverFailure" }), request, reply);
  }
  // A 503 (not ready, Retry-After) is a state, logged where it is decided when it changes
  // (modules/health), not on every request that finds it.
  if (apiError.status >= 500 && apiError.status !== 503) request.log.error({ err: error }, "server error");
  return sendApiError(apiError, request, reply);
}

/**
 * Node rejects unparseable HTTP (bad request line, oversized headers, a request that never
 * completes) before Fastify sees a request, so no hook runs: the envelope is written raw, in
 * English, the API's fallback: there are no parsed headers to ask for another language.
 */
function writeClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, message]: [number, string, Message] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "Request Timeout", { key: "requestTimeout" }]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large", { key: "headersTooLarge" }]
        : [400, "Bad Request", { key: "notHttp" }];
  const body = JSON.stringify(
    errorBody(new ApiError("client.parameters.invalid_parameter_value", message, {}, status)),
  );
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${JSON_UTF8}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        "Content-Language: en\r\n" +
        `X-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify's options and this server's own: the rate limit (absent: none), and whether the site
 * is reached over https (its public URL is https; absent: no).
 */
export type HttpServerOptions = FastifyServerOptions & { rateLimit?: RateLimitSettings; httpsSite?: boolean };

export function createHttpServer(options: HttpServerOptions): FastifyInstance {
  const { rateLimit, httpsSite = false, ...fastifyOptions } = options;
  const app = Fastify({
    ...fastifyOptions,
    // Failures found while routing (bad percent-encoding, over-long parameters) skip the hooks
    // and the error handler; without this Fastify answers them in its own format.
    frameworkErrors: (error, request, reply) => {
      reply.header("x-request-id", request.id);
      declareTransportSecurity(request, reply, httpsSite);
      sendError(error, request, reply);
    },
    clientErrorHandler: writeClientError,
    schemaController: LAZY_SERIALIZERS,
    bodyLimit: fastifyOptions.bodyLimit ?? BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
    rewriteUrl: (request) => stripJsonSuffix(request.url ?? "/"),
    requestIdHeader: false,
    // a silent logger's children are silent too: making one per request (a pino child) was
    // work for nothing when the logs are off
    childLoggerFactory: (logger, bindings, childOptions) =>
      logger.level === "silent" && childOptions.level === undefined ? logger : logger.child(bindings, childOptions),
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
  });

  recordRouteCatalogue(app);
  app.setValidatorCompiler(compileValidator);
  app.addHook("preSerialization", (request, reply, payload, done) => {
    if (reply.statusCode < 400 && hasUnreportedProblems(request.body)) {
      done(new Error("the body's attribute problems were never reported"));
    } else done(null, payload);
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ["application/json", "application/merge-patch+json"],
    { parseAs: "string" },
    (_request, body, done) => {
      try {
        const parsed = parseJsonBody(String(body));
        checkJsonLimits(parsed);
        done(null, parsed);
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => {
    if (String(body).trim() === "") return done(null, undefined);
    done(new ApiError("client.parameters.invalid_parameter_value", { key: "bodyNotJsonContentType" }), undefined);
  });

  // callback style: an async hook costs every request a promise and a turn of the microtask queue
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    declareTransportSecurity(request, reply, httpsSite);
    done();
  });
  // Before every other request hook (authentication included): see rate-limit.ts.
  if (rateLimit !== undefined) registerRateLimit(app, rateLimit);

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => sendError(error, request, reply));

  app.setNotFoundHandler((request, reply) => sendApiError(noEndpoint(request), request, reply));

  return app;
}

/** What a path no route serves answers: the API's 404 naming the method and path. */
export function noEndpoint(request: FastifyRequest): ApiError {
  return new ApiError("client.not_found.endpoint", {
    key: "noEndpoint",
    method: request.method,
    path: request.url.split("?")[0] ?? "",
  });
}
