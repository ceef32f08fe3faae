/**
 * The OpenAPI document against the app it describes (issue 14):
 * - every route the router holds (read from `printRoutes`, not from the catalogue the document
 *   is built from) is in the document, and the document has nothing the router lacks;
 * - the document is valid OpenAPI 3.1 (the official meta-schema, via openapi-schema-validator);
 * - every request example, replayed through the app, is accepted and answered with a body its
 *   documented response schema accepts;
 * - every error status an API operation documents is one the app gives: each is provoked by a
 *   request built for it (no token, a foreign company, an id that is not there, a bad body or
 *   parameter, a body over the limit, one request over the rate limit). Two statuses depend on
 *   timing, on a plan or on the state of the books and are proven by their own tests instead: 409
 *   (an Idempotency-Key still in use: src/modules/idempotency), 402 / 422 quota_reached
 *   (src/modules/plans), and 422 on a DELETE (a published document, a contact in use, a date in a
 *   filed VAT period: the modules' tests). The converse, that a route gives no status the
 *   document leaves out, is checked by the fuzz test on every answer it gets.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { buildTestApp, json, newCompany } from "./support/app.js";

type Operation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  requestBody?: { content: Record<string, { schema?: unknown; examples?: Record<string, { value: unknown }> }> };
  parameters?: Array<{ name?: string; in?: string; required?: boolean; schema?: { type?: unknown } }>;
  security?: unknown[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses?: Record<string, unknown> };
};

const harness = await buildTestApp();
afterAll(() => harness.close());
const documentResponse = await harness.app.inject({ url: "/api/v1/openapi.json" });
const document = json<Document>(documentResponse);
const owner = await newCompany(harness.deps, "Openapi BV");

const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);
const apiOperations = operations.filter(({ operation }) => (operation.security ?? []).length > 0);

/** `METHOD /path/{param}` for every route of the router (HEAD twins aside), from printRoutes. */
function routerRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)(?:[├└]── )(\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    // a segment may list alternative parameter names (`:id|:company_id`); any one names the path
    stack.push((match[2] ?? "").replace(/:([a-z_]+)(\|:[a-z_]+)+/g, ":$1"));
    for (const method of (match[3] ?? "").split(", ")) {
      if (method !== "HEAD") found.push(`${method} ${stack.join("")}`);
    }
  }
  return found;
}

const shape = (key: string) => key.replace(/[:{][a-z_]+}?/g, "{}");

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

  it("describes every route the router holds, and nothing else", () => {
    const inRouter = routerRoutes(harness.app).map(shape).sort();
    const inDocument = operations.map(({ method, path }) => shape(`${method} ${path}`)).sort();
    expect(inRouter.length).toBeGreaterThan(90);
    expect(inDocument).toEqual(inRouter);
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

  it("gives every operation a unique operationId, a summary and a tag", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operation } of operations) {
      expect(operation).toMatchObject({ summary: expect.any(String), tags: [expect.any(String)] });
    }
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

/** The app's real ids for the references an example names. */
async function referenceIds(): Promise<Record<string, number>> {
  const authorization = { authorization: `Bearer ${owner.token}` };
  const base = `/api/v1/companies/${owner.companyId}`;
  const vatTypes = json<{ vat_types: Array<{ id: number }> }>(
    await harness.app.inject({ url: `${base}/vat_types`, headers: authorization }),
  ).vat_types;
  const contact = json<{ contact: { id: number } }>(
    await harness.app.inject({
      method: "POST",
      url: `${base}/contacts`,
      headers: authorization,
      payload: { contact: { company_name: "Referenced BV" } },
    }),
  ).contact;
  return { vat_type_id: vatTypes[0]?.id ?? 0, contact_id: contact.id };
}

function withIds(value: unknown, ids: Record<string, number>): unknown {
  if (Array.isArray(value)) return value.map((item) => withIds(item, ids));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key in ids ? ids[key] : withIds(inner, ids)]),
  );
}

describe("the document's examples", async () => {
  const ids = await referenceIds();
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

/** The wrapper and an invalid attribute for a write, read off the documented input schema. */
function invalidBody(operation: Operation): Record<string, unknown> | undefined {
  const body = operation.requestBody?.content["application/json"]?.schema as
    | { required?: string[]; properties?: Record<string, { $ref?: string }> }
    | undefined;
  const wrapper = body?.required?.[0];
  if (wrapper === undefined) return undefined;
  const reference = body?.properties?.[wrapper]?.$ref?.split("/").at(-1) ?? "";
  const input = document.components.schemas[reference] as { properties?: Record<string, Record<string, unknown>> };
  const entries = Object.entries(input?.properties ?? {});
  const typed = (name: string) => (schema: Record<string, unknown>) => JSON.stringify(schema.type).includes(name);
  const date = entries.find(([, schema]) => schema.format === "date");
  const integer = entries.find(([, schema]) => typed("integer")(schema));
  const long = entries.find(([, schema]) => typeof schema.maxLength === "number");
  const boolean = entries.find(([, schema]) => typed("boolean")(schema));
  const [name, value] = date
    ? [date[0], "2026-13-45"]
    : integer
      ? [integer[0], "many"]
      : long
        ? [long[0], "x".repeat(Number(long[1].maxLength) + 1)]
        : boolean
          ? [boolean[0], "perhaps"]
          : [entries[0]?.[0] ?? "", { not: "text" }];
  return { [wrapper]: { [name]: value } };
}

const hasQuery = (operation: Operation) => (operation.parameters ?? []).some((parameter) => parameter.in === "query");

interface Fixture {
  /** a token with every scope but the one named */
  tokenWithout: (scope: string) => Promise<string>;
  /** the owner's real ids by path parameter */
  ids: Record<string, number>;
}

/** A request meant to get `status` from `operation`, or null when none can be built here. */
function provoke(fixture: Fixture, path: string, method: string, operation: Operation, status: number, token: string) {
  const real = (missing: boolean) =>
    path.replace(/\{([a-z_]+)\}/g, (_all, name: string) => {
      if (name === "period") return "2026Q1";
      if (name === "id" && path.startsWith("/api/v1/companies/{id}")) return String(owner.companyId);
      if (name === "company_id") return String(owner.companyId);
      return missing ? "999999999" : String(fixture.ids[name] ?? 999999999);
    });
  const body = invalidBody(operation);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const write = method === "POST" || method === "PATCH";
  switch (status) {
    case 401:
      return { method, url: real(true), headers: { "content-type": "application/json" }, payload: {} };
    case 403:
      return { method, url: real(true), headers, payload: {} };
    case 404:
      return {
        method,
        url: real(true),
        headers: { ...headers, authorization: `Bearer ${owner.token}` },
        payload: body,
      };
    case 400: {
      const own = { ...headers, authorization: `Bearer ${owner.token}` };
      if (write)
        return { method, url: real(false), headers: { ...own, "idempotency-key": "k".repeat(300) }, payload: {} };
      if (path.includes("{period}")) return { method, url: real(false).replace("2026Q1", "someday"), headers: own };
      if (hasQuery(operation)) {
        return { method, url: `${real(false)}?page=first&year=last&date=never&from=never&box=none`, headers: own };
      }
      // a path parameter that is not validly percent-encoded
      const lastParameter = path.lastIndexOf("{");
      const broken = `${path.slice(0, lastParameter)}%ZZ${path.slice(path.indexOf("}", lastParameter) + 1)}`;
      return { method, url: broken.replace("{company_id}", String(owner.companyId)), headers: own };
    }
    case 413:
      return {
        method,
        url: real(false),
        headers: { ...headers, authorization: `Bearer ${owner.token}` },
        payload: `{"x":"${"x".repeat(16_000_000)}"}`,
      };
    case 422:
      // an invalid attribute; where the resource is not there to validate against, the same
      // Idempotency-Key sent again with another body (see the test)
      return {
        method,
        url: real(false),
        headers: {
          ...headers,
          authorization: `Bearer ${owner.token}`,
          "idempotency-key": `reuse-${operation.operationId}`,
        },
        payload: body ?? {},
      };
    default:
      return null;
  }
}

async function fixture(): Promise<Fixture> {
  const { ALL_SCOPES } = await import("../src/platform/scopes.js");
  const { tokenFor } = await import("./support/app.js");
  const base = `/api/v1/companies/${owner.companyId}`;
  const authorization = { authorization: `Bearer ${owner.token}` };
  const made = async (collection: string, payload: Record<string, unknown>) => {
    const response = await harness.app.inject({
      method: "POST",
      url: `${base}/${collection}`,
      headers: authorization,
      payload,
    });
    return (Object.values(json(response))[0] as { id: number }).id;
  };
  const references = await referenceIds();
  const invoice = await made("sales_invoices", { sales_invoice: { contact_id: references.contact_id } });
  const accounts = await harness.app.inject({
    url: `${base}/accounts?search[paths][]=profit.costs.other_costs.misc`,
    headers: authorization,
  });
  const costs = json<{ accounts: Array<{ id: number }> }>(accounts).accounts[0]?.id;
  const expense = await made("expenses", { expense: { date: "2026-11-02", type_account_id: costs } });
  const resources: Record<string, number> = {
    sales_invoice_id: invoice,
    expense_id: expense,
  };
  const scoped = new Map<string, string>();
  return {
    ids: resources,
    tokenWithout: async (scope) => {
      let token = scoped.get(scope);
      if (token === undefined) {
        token = await tokenFor(
          harness.deps,
          owner.userId,
          ALL_SCOPES.filter((name) => name !== scope),
        );
        scoped.set(scope, token);
      }
      return token;
    },
  };
}

describe("every error status an API operation documents is one it gives", async () => {
  const limited = buildApp(harness.deps, { logger: false, rateLimit: { perMinute: 1 } });
  await limited.ready();
  afterAll(() => limited.close());
  const made = await fixture();
  let address = 0;

  for (const { path, method, operation } of apiOperations) {
    const scope = (operation.security?.[0] as { apiToken?: string[] } | undefined)?.apiToken?.[0] ?? "";
    for (const status of Object.keys(operation.responses)
      .map(Number)
      .filter((code) => code >= 400)) {
      if (status === 409 || status === 402) continue; // see the header
      if (status === 422 && method === "DELETE") continue; // see the header
      it(`${method} ${path} → ${status}`, async () => {
        if (status === 429) {
          const remoteAddress = `10.253.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
          const url = path.replace(/\{[a-z_]+\}/g, "1");
          await limited.inject({ method: method as "GET", url, remoteAddress });
          const second = await limited.inject({ method: method as "GET", url, remoteAddress });
          expect(second.statusCode).toBe(429);
          return;
        }
        const request = provoke(made, path, method, operation, status, await made.tokenWithout(scope));
        expect(request, `no way to provoke ${status}`).not.toBeNull();
        if (request === null) return;
        const options = request as InjectOptions;
        let response = await harness.app.inject(options);
        if (status === 422 && response.statusCode !== 422) {
          response = await harness.app.inject({ ...options, payload: { another: "body" } });
        }
        expect(response.statusCode, response.body).toBe(status);
      });
    }
  }
});
