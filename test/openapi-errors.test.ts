/**
 * Every error status an API operation of the OpenAPI document documents is one the app gives
 * (issue 14): each is provoked by a request built for it (no token, a foreign company, an id that
 * is not there, a bad body or parameter, a body over the limit, one request over the rate limit).
 * Two statuses depend on timing, on a plan or on the state of the books and are proven by their
 * own tests instead: 409 (an Idempotency-Key still in use: src/modules/idempotency), 402 / 422
 * quota_reached (src/modules/plans), and 422 on a DELETE (a published document, a contact in use,
 * a date in a filed VAT period: the modules' tests). The converse, that a route gives no status
 * the document leaves out, is checked by the fuzz test on every answer it gets.
 */
import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { json } from "./support/app.js";
import { type Operation, openApiHarness, referenceIds } from "./support/openapi.js";

const openApi = await openApiHarness();
const { harness, document, owner, apiOperations } = openApi;

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
        // without an id in its path, what is not there is named in the query (the general ledger's account)
        url: /\{(?!company_id\})[a-z_]+\}/.test(path) ? real(true) : `${real(true)}?account_id=999999999`,
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
  const references = await referenceIds(openApi);
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
