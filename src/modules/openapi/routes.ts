/**
 * The API's description of itself, without a token: `GET /api/v1/openapi.json` (and `.yaml`),
 * built from the route catalogue on the first request and kept, its `servers` the absolute URL of
 * this service (`serverUrlOf`), and the reference page `/docs`. Keeping the rendered text per
 * server URL (at most KEPT_RENDERINGS) is not a speed-up the bench measures — the mixed workload
 * of bench/RESULTS.md never reads the document, so no row shows it —: the document cannot change
 * while the process runs, so it is built once rather than on every GET. The page is
 * Swagger UI served from its own npm package (swagger-ui-dist), no CDN, under a CSP that lets
 * only this server's scripts run and only this server be called ("try it").
 *
 * The three files of the page are served by these routes rather than @fastify/static: they are
 * fixed, read once, and cached by the browser for a day; a static-file plugin would add a
 * directory walk and a path parameter for nothing. The page and the document are `no-cache`:
 * small, and a browser should always show the API of the version that runs. The page names an
 * empty icon (`data:,`, which img-src allows) so the browser does not ask for /favicon.ico, a 404
 * in the console.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { routeCatalogue } from "../../platform/route-catalogue.js";
import { buildOpenApiDocument, type OpenApiDocument, withServer } from "./document.js";

const require = createRequire(import.meta.url);
const SWAGGER_UI = path.dirname(require.resolve("swagger-ui-dist/package.json"));
/** The version of the package this file belongs to, from the nearest package.json above it. */
function packageVersion(): string {
  for (let directory = path.dirname(fileURLToPath(import.meta.url)); ; directory = path.dirname(directory)) {
    const file = path.join(directory, "package.json");
    if (existsSync(file)) return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
    if (path.dirname(directory) === directory) return "0.0.0";
  }
}
const VERSION = packageVersion();

const DOCS_ASSETS: Record<string, { file: string; type: string }> = {
  "swagger-ui.css": { file: path.join(SWAGGER_UI, "swagger-ui.css"), type: "text/css; charset=utf-8" },
  "swagger-ui-bundle.js": {
    file: path.join(SWAGGER_UI, "swagger-ui-bundle.js"),
    type: "text/javascript; charset=utf-8",
  },
};

/** Starts Swagger UI on the document; a file, because the CSP allows no inline script. */
const DOCS_SCRIPT = `window.addEventListener("DOMContentLoaded", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/v1/openapi.json",
    dom_id: "#reference",
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    docExpansion: "list",
    filter: true,
    tryItOutEnabled: false,
    validatorUrl: null,
  });
});
`;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kasboek API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/docs.js"></script>
</body>
</html>
`;

/** Only this server's scripts and styles; requests ("try it") only to this server. */
const DOCS_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/** A browser asks again each time: the page and the document are of the version that runs. */
const CURRENT_ONLY = "no-cache";

const unauthenticated = { unauthenticated: true } as const;

export interface OpenApiRouteOptions {
  /** PUBLIC_URL as configured; unset, the document names the address each request reached */
  publicUrl?: string | undefined;
}

/**
 * The absolute URL a client generator takes as its default base: PUBLIC_URL, else the scheme and
 * host this request reached, as Fastify reads them (X-Forwarded-Proto and -Host only when
 * TRUST_PROXY trusts the proxy, as everywhere else). A Host that makes no URL keeps "/".
 */
export function serverUrlOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return publicUrl.replace(/\/+$/, "");
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return "/";
  }
}

/** Renderings of the document kept per server URL: one with PUBLIC_URL, a few without it. */
const KEPT_RENDERINGS = 8;

export function registerOpenApiRoutes(app: FastifyInstance, options: OpenApiRouteOptions = {}): void {
  // Built on the first request, when every route is registered, and kept: the routes cannot
  // change once the app is ready, and start-up does not pay for a document nobody asked for.
  let document: OpenApiDocument | undefined;
  const json = new Map<string, string>();
  const yaml = new Map<string, string>();
  /** The document naming this request's server, rendered once per server URL. */
  const rendering = async (
    request: FastifyRequest,
    kept: Map<string, string>,
    render: (document: OpenApiDocument) => string | Promise<string>,
  ) => {
    const server = serverUrlOf(request, options.publicUrl);
    let text = kept.get(server);
    if (text === undefined) {
      document ??= buildOpenApiDocument(routeCatalogue(app), { version: VERSION });
      text = await render(withServer(document, server));
      // without PUBLIC_URL the Host is the client's to choose: only a few renderings are kept
      if (kept.size >= KEPT_RENDERINGS) kept.clear();
      kept.set(server, text);
    }
    return text;
  };

  // `/api/v1/openapi.json` reaches this route: the platform strips a path's `.json` (http.ts).
  app.get(
    "/api/v1/openapi",
    {
      config: unauthenticated,
      schema: {
        summary: "This API's OpenAPI 3.1 document (JSON; also at /api/v1/openapi.json)",
        file: { contentType: "application/json", description: "The document" },
      },
    },
    async (request, reply) => {
      const text = await rendering(request, json, (document) => JSON.stringify(document));
      return reply.type("application/json; charset=utf-8").header("cache-control", CURRENT_ONLY).send(text);
    },
  );
  app.get(
    "/api/v1/openapi.yaml",
    {
      config: unauthenticated,
      schema: {
        summary: "This API's OpenAPI 3.1 document (YAML)",
        file: { contentType: "application/yaml", description: "The document" },
      },
    },
    async (request, reply) => {
      const text = await rendering(request, yaml, async (document) => {
        // the YAML library loads with the first request for it, not with every start
        const { stringify } = await import("yaml");
        return stringify(document, { aliasDuplicateObjects: false });
      });
      return reply.type("application/yaml; charset=utf-8").header("cache-control", CURRENT_ONLY).send(text);
    },
  );

  app.get("/docs", async (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", CURRENT_ONLY)
      .header("content-security-policy", DOCS_POLICY)
      .header("x-frame-options", "DENY")
      .header("referrer-policy", "no-referrer")
      .header("x-content-type-options", "nosniff")
      .send(DOCS_PAGE),
  );

  const loaded = new Map<string, Buffer>();
  app.get("/docs/assets/docs.js", async (_request, reply) =>
    assetReply(reply, "text/javascript; charset=utf-8").send(DOCS_SCRIPT),
  );
  for (const [name, asset] of Object.entries(DOCS_ASSETS)) {
    app.get(`/docs/assets/${name}`, async (_request, reply) => {
      let content = loaded.get(name);
      if (content === undefined) {
        content = readFileSync(asset.file);
        loaded.set(name, content);
      }
      return assetReply(reply, asset.type).send(content);
    });
  }
}

function assetReply(reply: FastifyReply, type: string): FastifyReply {
  return reply.type(type).header("cache-control", "public, max-age=86400").header("x-content-type-options", "nosniff");
}
