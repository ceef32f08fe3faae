/**
 * The OpenAPI document against the app it describes (issue 14):
 * - every route the router holds (read from `printRoutes`, not from the catalogue the document
 *   is built from) is in the document, but for the pages, the reference page and its files, and
 *   the health and metrics routes (issue 27), and the document has nothing the router lacks;
 * - as generators need it (issue 27): an absolute server, a description for every operation, the
 *   fields Kasboek always fills required and non-null, read-only statuses as enums;
 * - the document is valid OpenAPI 3.1 (the official meta-schema, via openapi-schema-validator);
 * - every request example, replayed through the app, is accepted and answered with a body its
 *   documented response schema accepts.
 * That every error status an API operation documents is one the app gives is
 * test/openapi-errors.test.ts's.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { json } from "./support/app.js";
import { type Document, openApiHarness, referenceIds } from "./support/openapi.js";

const openApi = await openApiHarness();
const { harness, documentResponse, document, owner, operations } = openApi;

/** `METHOD /path/{param}` for every route of the router (HEAD twins aside), from printRoutes. */
function routerRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  // the tree with its shared prefixes: the form that shows wildcard routes (`/app/*`) whole
  for (const line of app.printRoutes().split("\n")) {
    const match = /^([│ ]*)(?:[├└]── )(\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    // a segment may list alternative parameter names (`:id|:company_id`); any one names the path
    stack.push((match[2] ?? "").replace(/:([a-z_]+)(\|:[a-z_]+)+/g, ":$1"));
    if (match[3] === undefined) continue;
    for (const method of match[3].split(", ")) {
      if (method !== "HEAD") found.push(`${method} ${stack.join("")}`);
    }
  }
  return found;
}

const shape = (key: string) => key.replace(/[:{][a-z_]+}?/g, "{}");

/** What people (pages and their files, the reference page) and operators' tools use: not programs. */
const FOR_PEOPLE_AND_TOOLS =
  /^(GET|POST) \/(login|logout|account|sign\/|assets\/|docs|health\/|metrics|oauth\/authorize|app\b|$)/;

function ajv() {
  const validator = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(validator);
  validator.addSchema({ $id: "doc", components: document.components });
  return validator;
}

describe("the OpenAPI document", () => {
  it("is served without a token as JSON, at .json and as YAML", async () => {
    expect(documentResponse.statusCode).toBe(200);
    expect(documentResponse.headers["content-type"]).toBe("application/json; charset=utf-8");
    const suffixed = await harness.app.inject({ url: "/api/v1/openapi.json" });
    expect(suffixed.body).toBe(documentResponse.body);
    const yaml = await harness.app.inject({ url: "/api/v1/openapi.yaml" });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers["content-type"]).toBe("application/yaml; charset=utf-8");
    expect(yaml.body).toMatch(/^openapi: 3\.1\.0$/m);
  });

  it("says how long a browser may keep the reference page, its files and the document (issue 26)", async () => {
    const expected: Record<string, string> = {
      "/docs": "no-cache",
      "/docs/": "no-cache",
      "/docs/assets/docs.js": "public, max-age=86400",
      "/docs/assets/swagger-ui.css": "public, max-age=86400",
      "/docs/assets/swagger-ui-bundle.js": "public, max-age=86400",
      "/api/v1/openapi": "no-cache",
      "/api/v1/openapi.json": "no-cache",
      "/api/v1/openapi.yaml": "no-cache",
    };
    for (const [url, cacheControl] of Object.entries(expected)) {
      const response = await harness.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe(cacheControl);
    }
  });

  it("describes every route the router holds but the pages and operations, and nothing else", () => {
    const inRouter = routerRoutes(harness.app).map(shape).sort();
    const inDocument = operations.map(({ method, path }) => shape(`${method} ${path}`)).sort();
    expect(inRouter.length).toBeGreaterThan(90);
    expect(inDocument).toEqual(inRouter.filter((route) => !FOR_PEOPLE_AND_TOOLS.test(route)));
    expect(inRouter.filter((route) => FOR_PEOPLE_AND_TOOLS.test(route))).toEqual(
      expect.arrayContaining(["GET /docs", "GET /health/ready", "GET /metrics", "POST /login", "GET /oauth/authorize"]),
    );
    expect(document.tags.map((tag) => tag.name)).not.toContain("Pages");
  });

  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("states every nullable response object as a type list, never anyOf/oneOf/allOf", () => {
    // fast-json-stringify picks an anyOf branch by validating with Ajv, which it compiles on a
    // route's first answer: for the invoice that was a sixth of a cold start (issue 13)
    const combinators: string[] = [];
    const walk = (schema: unknown, where: string): void => {
      if (typeof schema !== "object" || schema === null) return;
      for (const [key, value] of Object.entries(schema)) {
        if (key === "anyOf" || key === "oneOf" || key === "allOf") combinators.push(`${where}.${key}`);
        walk(value, `${where}.${key}`);
      }
    };
    walk(document.components.schemas, "components.schemas");
    for (const { path, method, operation } of operations) walk(operation.responses, `${method} ${path}`);
    expect(combinators).toEqual([]);
  });

  it("gives every operation a unique operationId, a summary, a description and a tag", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operation } of operations) {
      expect(operation).toMatchObject({ summary: expect.any(String), tags: [expect.any(String)] });
      expect(operation.description, operation.operationId).toMatch(/\w.*\.$/);
      expect(operation.description, operation.operationId).not.toBe(operation.summary);
    }
    const publish = operations.find(({ operation }) => operation.operationId === "updateSalesInvoice");
    expect(publish?.operation.description).toContain("`_publish: true`");
    expect(publish?.operation.description).toContain("manage:sales_invoices");
  });

  it("marks the fields Kasboek always fills required and non-null, and read-only statuses as enums", () => {
    const schemas = document.components.schemas as Record<string, ObjectSchema>;
    const filled = (schema: ObjectSchema | undefined, field: string) => ({
      required: schema?.required?.includes(field),
      type: schema?.properties?.[field]?.type,
    });
    const invoice = schemas.SalesInvoice;
    for (const field of ["id", "price_without_vat", "price_with_vat", "vat_amount", "open_amount"]) {
      expect(filled(invoice, field), field).toEqual({ required: true, type: field === "id" ? "integer" : "string" });
    }
    expect(invoice?.properties?.status).toEqual({ type: "string", enum: ["concept", "imported", "published"] });
    expect(invoice?.properties?.payment_status).toEqual({ type: "string", enum: ["paid", "unpaid", "overpaid"] });
    expect(invoice?.required).toEqual(expect.arrayContaining(["status", "payment_status", "invoice_number"]));
    // null is real on a concept: required, nullable, and saying when
    expect(invoice?.properties?.invoice_number).toMatchObject({
      type: ["string", "null"],
      description: expect.stringContaining("concept"),
    });
    const line = invoice?.properties?.invoice_lines?.items;
    expect(filled(line, "price_with_vat")).toEqual({ required: true, type: "string" });
    expect(filled(schemas.Contact, "id")).toEqual({ required: true, type: "integer" });
    expect(schemas.Quotation?.properties?.status?.enum).toContain("approved");
    expect(schemas.Expense?.properties?.state).toEqual({ type: "string", enum: ["concept", "published"] });
    expect(filled(schemas.Payment, "amount")).toEqual({ required: true, type: "string" });
  });

  it("names an absolute server: the address the request reached, or PUBLIC_URL", async () => {
    expect(document.servers).toEqual([{ url: "http://localhost", description: "This server" }]);
    const asked = await harness.app.inject({
      url: "/api/v1/openapi.json",
      headers: { host: "boeken.example.nl:8443" },
    });
    expect(json<Document>(asked).servers).toEqual([
      { url: "http://boeken.example.nl:8443", description: "This server" },
    ]);
    const yaml = await harness.app.inject({ url: "/api/v1/openapi.yaml", headers: { host: "boeken.example.nl" } });
    expect(yaml.body).toContain("servers:\n  - url: http://boeken.example.nl\n");

    // behind a proxy the app trusts, the address the client used; untrusted, the forwarded one is ignored
    const forwarded = { host: "10.0.0.5:3000", "x-forwarded-proto": "https", "x-forwarded-host": "boeken.example.nl" };
    for (const [trustProxy, url] of [
      [true, "https://boeken.example.nl"],
      [false, "http://10.0.0.5:3000"],
    ] as const) {
      const app = buildApp(harness.deps, { logger: false, trustProxy });
      const answer = await app.inject({ url: "/api/v1/openapi.json", headers: forwarded });
      await app.close();
      expect(json<Document>(answer).servers?.[0]?.url, `trustProxy ${trustProxy}`).toBe(url);
    }

    const configured = buildApp(harness.deps, { logger: false }, { configuredPublicUrl: "https://kasboek.example/" });
    const answer = await configured.inject({ url: "/api/v1/openapi.json", headers: { host: "elsewhere.example" } });
    await configured.close();
    expect(json<Document>(answer).servers).toEqual([{ url: "https://kasboek.example", description: "This server" }]);
  });

  it("documents the scope, the paging headers and the error envelope of an operation", () => {
    const list = document.paths["/api/v1/companies/{company_id}/contacts"]?.get;
    expect(list?.security).toEqual([{ apiToken: ["manage:contacts"] }, { oauth2: ["manage:contacts"] }]);
    expect(Object.keys(list?.responses ?? {})).toEqual(["200", "400", "401", "403", "429"]);
    expect(JSON.stringify(list?.responses["200"])).toContain("#/components/headers/Total");
    expect(list?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(["page", "per_page", "selection", "search[q]", "search[contact_person_email_address]"]),
    );
    const unauthorized = list?.responses["401"] as { $ref?: string } | undefined;
    const shared = document.components.responses?.[unauthorized?.$ref?.split("/").at(-1) ?? ""];
    expect(JSON.stringify(shared)).toContain("client.authentication.invalid_token");
  });
});

interface ObjectSchema {
  type?: unknown;
  required?: string[];
  properties?: Record<string, ObjectSchema & { enum?: unknown[]; description?: string }>;
  items?: ObjectSchema;
}

function withIds(value: unknown, ids: Record<string, number>): unknown {
  if (Array.isArray(value)) return value.map((item) => withIds(item, ids));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key in ids ? ids[key] : withIds(inner, ids)]),
  );
}

describe("the document's examples", async () => {
  const ids = await referenceIds(openApi);
  const withExamples = operations.filter(
    ({ operation }) => operation.requestBody?.content["application/json"]?.examples,
  );

  it("has request examples for the main resources", () => {
    expect(withExamples.map(({ operation }) => operation.operationId)).toEqual(
      expect.arrayContaining(["createContact", "createProduct", "createSalesInvoice", "createHour", "createRide"]),
    );
  });

  for (const { path, method, operation } of withExamples) {
    it(`${operation.operationId}: its example is accepted and answered as documented`, async () => {
      const example = operation.requestBody?.content["application/json"]?.examples?.example?.value;
      const response = await harness.app.inject({
        method: method as "POST",
        url: path.replace("{company_id}", String(owner.companyId)),
        headers: { authorization: `Bearer ${owner.token}` },
        payload: withIds(example, ids) as Record<string, unknown>,
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      const schema = operation.responses[String(response.statusCode)]?.content?.["application/json"]?.schema;
      const validate = ajv().compile({ $ref: "#/$defs/response", $defs: { response: rebase(schema) } });
      expect(validate(json(response)), JSON.stringify(validate.errors)).toBe(true);
    });
  }
});

/** The document's `#/components/…` references, pointed at the schema registered as `doc`. */
function rebase(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
}
