/**
 * The HTTP conventions of DESIGN.md section 5 that hold for every endpoint, each in one place:
 * Rails query strings, the `.json` suffix, JSON bodies (empty bodies allowed), request ids,
 * the error envelope for every failure, and 404 for unknown paths.
 */
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { ApiError, errorBody } from "./errors.js";
import { parseQueryString } from "./query-string.js";

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
    throw new ApiError("client.parameters.malformed_json", "The request body is not valid JSON");
  }
}

/** Fastify's own failures (bad URL, body too large, …) carry a 4xx status and a code. */
function apiErrorFromFastify(error: FastifyError): ApiError | null {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return new ApiError("client.parameters.invalid_parameter_value", "The request body is too large", {}, 413);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new ApiError("client.parameters.invalid_parameter_value", "The request could not be read");
  }
  return null;
}

export function createHttpServer(options: FastifyServerOptions): FastifyInstance {
  const app = Fastify({
    ...options,
    bodyLimit: options.bodyLimit ?? BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
    rewriteUrl: (request) => stripJsonSuffix(request.url ?? "/"),
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ["application/json", "application/merge-patch+json"],
    { parseAs: "string" },
    (_request, body, done) => {
      try {
        done(null, parseJsonBody(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => {
    if (String(body).trim() === "") return done(null, undefined);
    done(
      new ApiError(
        "client.parameters.invalid_parameter_value",
        "Request bodies must be JSON (Content-Type: application/json)",
      ),
      undefined,
    );
  });

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const apiError = error instanceof ApiError ? error : apiErrorFromFastify(error);
    if (apiError === null) {
      request.log.error({ err: error }, "unexpected failure");
      return reply
        .code(500)
        .type("application/json; charset=utf-8")
        .send(errorBody(new ApiError("server", "Something went wrong on our side; please try again later")));
    }
    if (apiError.status >= 500) request.log.error({ err: error }, "server error");
    return reply
      .code(apiError.status)
      .headers(apiError.headers)
      .type("application/json; charset=utf-8")
      .send(errorBody(apiError));
  });

  app.setNotFoundHandler((request, reply) => {
    const apiError = new ApiError(
      "client.not_found.endpoint",
      `No endpoint ${request.method} ${request.url.split("?")[0]}`,
    );
    return reply.code(apiError.status).type("application/json; charset=utf-8").send(errorBody(apiError));
  });

  return app;
}
