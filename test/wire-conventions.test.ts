/**
 * The wire conventions (the README's API conventions), exercised through real endpoints: parameter
 * errors in their order, coercion, Rails query strings, the `.json` suffix, content types,
 * paging limits, 404s, the 500 envelope and request ids.
 */
import { once } from "node:events";
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { buildTestApp, errorOf, json, newCompany, request, type TestApp, type TestCompany } from "./support/app.js";

let harness: TestApp;
let company: TestCompany;
let ridesUrl: string;

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
  ridesUrl = `/api/v1/companies/${company.companyId}/rides`;
});
afterAll(() => harness.close());

describe("request bodies", () => {
  it("answers malformed JSON with 400 malformed_json", async () => {
    const response = await request(harness.app, "POST", ridesUrl, company.token, '{"ride": {"km_end": 1,');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).type).toBe("client.parameters.malformed_json");
  });

  it("answers a missing, empty or null wrapper key with 400 missing_parameter", async () => {
    for (const body of [{ trip: { km_end: 1 } }, { ride: {} }, { ride: null }, ""]) {
      const response = await request(harness.app, "POST", ridesUrl, company.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).type).toBe("client.parameters.missing_parameter");
      expect(errorOf(response).message).toContain("ride");
    }
  });

  it("names every unpermitted key in a 400 before looking at values", async () => {
    const response = await request(harness.app, "POST", ridesUrl, company.token, {
      ride: { km_end: "abc", distance: 5, driver: "x" },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.type).toBe("client.parameters.unpermitted_parameters");
    expect(error.message).toContain("distance");
    expect(error.message).toContain("driver");
  });

  it("ignores read-only fields sent back by a client", async () => {
    const response = await request(harness.app, "POST", ridesUrl, company.token, {
      ride: { id: 999999, km_end: 3, date: "2024-05-01" },
    });
    expect(response.statusCode).toBe(201);
    expect(json<{ ride: { id: number } }>(response).ride.id).not.toBe(999999);
  });

  it("accepts 1/0 and string booleans, numeric strings for integers, and a date-time for a date", async () => {
    const response = await request(harness.app, "POST", ridesUrl, company.token, {
      ride: { km_start: "7", km_end: 9, private: 0, date: "2024-05-02T10:00:00+02:00" },
    });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toMatchObject({ ride: { km_start: 7, km_end: 9, private: false, date: "2024-05-02" } });
  });

  it("rejects values of the wrong kind with a 422 naming the attribute", async () => {
    const response = await request(harness.app, "POST", ridesUrl, company.token, {
      ride: { km_end: 1.5, private: "maybe", departure_address: { street: "x" }, date: "2024-05-02" },
    });
    expect(response.statusCode).toBe(422);
    const { message } = errorOf(response);
    expect(message).toContain("km_end must be a whole number");
    expect(message).toContain("private must be true or false");
    expect(message).toContain("departure_address must be a string");
  });

  it("rejects a body that is not JSON with a 400", async () => {
    const response = await harness.app.inject({
      method: "POST",
      url: ridesUrl,
      headers: { authorization: `Bearer ${company.token}`, "content-type": "application/x-www-form-urlencoded" },
      payload: "ride[km_end]=1",
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
  });

  it("accepts a JSON content type on GET and DELETE without a body", async () => {
    const created = await request(harness.app, "POST", ridesUrl, company.token, {
      ride: { km_end: 1, date: "2024-05-03" },
    });
    const id = json<{ ride: { id: number } }>(created).ride.id;
    const headers = { authorization: `Bearer ${company.token}`, "content-type": "application/json" };
    const shown = await harness.app.inject({ method: "GET", url: `${ridesUrl}/${id}`, headers });
    expect(shown.statusCode).toBe(200);
    const deleted = await harness.app.inject({ method: "DELETE", url: `${ridesUrl}/${id}`, headers });
    expect(deleted.statusCode).toBe(204);
  });
});

describe("query strings and paths", () => {
  it("answers bad paging and selection values with 400 invalid_parameter_value", async () => {
    for (const query of ["page=x", "page=0", "per_page=101", "per_page=-1", "per_page=abc", "selection=nope"]) {
      const response = await request(harness.app, "GET", `${ridesUrl}?${query}`, company.token);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
    }
  });

  it("returns an empty page for per_page=0 with the total in X-Total, and ignores unknown keys", async () => {
    const response = await request(harness.app, "GET", `${ridesUrl}?per_page=0&colour=blue`, company.token);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ rides: [] });
    expect(response.headers["x-per-page"]).toBe("0");
    expect(Number(response.headers["x-total"])).toBeGreaterThan(0);
  });

  it("understands Rails nesting, also percent-encoded", async () => {
    const base = `/api/v1/companies/${company.companyId}/accounts`;
    const plain = await request(
      harness.app,
      "GET",
      `${base}?search[paths][]=activa&search[paths][]=passiva`,
      company.token,
    );
    const encoded = await request(
      harness.app,
      "GET",
      `${base}?search%5Bpaths%5D%5B%5D=activa&search%5Bpaths%5D%5B%5D=passiva`,
      company.token,
    );
    const paths = (response: { body: string }) =>
      json<{ accounts: Array<{ path: string }> }>(response).accounts.map((a) => a.path);
    expect(paths(plain)).toEqual(["activa", "passiva"]);
    expect(paths(encoded)).toEqual(["activa", "passiva"]);
  });

  it("treats a .json suffix like the bare path", async () => {
    const list = await request(harness.app, "GET", "/api/v1/companies.json?per_page=1", company.token);
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-per-page"]).toBe("1");
    const created = await request(harness.app, "POST", `${ridesUrl}.json`, company.token, {
      ride: { km_end: 1, date: "2024-05-04" },
    });
    expect(created.statusCode).toBe(201);
    const id = json<{ ride: { id: number } }>(created).ride.id;
    const shown = await request(harness.app, "GET", `${ridesUrl}/${id}.json`, company.token);
    expect(json(shown)).toEqual(json(created));
  });

  it("answers an unknown path with 404 client.not_found.endpoint, token or not", async () => {
    for (const token of [company.token, null]) {
      const response = await request(harness.app, "GET", "/api/v1/companies/1/unicorns", token);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).type).toBe("client.not_found.endpoint");
    }
  });

  it("answers an unknown or malformed id with 404 client.not_found.resource", async () => {
    for (const id of ["987654321", "abc", "-1"]) {
      const response = await request(harness.app, "GET", `${ridesUrl}/${id}`, company.token);
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response).type).toBe("client.not_found.resource");
    }
  });
});

describe("responses", () => {
  it("is always JSON in UTF-8, whatever Accept says", async () => {
    const response = await request(harness.app, "GET", ridesUrl, company.token, undefined, { accept: "text/html" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const error = await request(harness.app, "GET", "/nowhere", null, undefined, { accept: "text/html" });
    expect(error.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("carries X-Request-Id on every response and echoes a sane incoming one", async () => {
    const generated = await request(harness.app, "GET", "/api/v1/me", null);
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await request(harness.app, "GET", "/api/v1/me", company.token, undefined, {
      "x-request-id": "abc-123",
    });
    expect(echoed.headers["x-request-id"]).toBe("abc-123");
    const replaced = await request(harness.app, "GET", "/api/v1/me", company.token, undefined, {
      "x-request-id": "<script>",
    });
    expect(replaced.headers["x-request-id"]).not.toBe("<script>");
  });

  it("answers an unexpected failure with 500 server and no internals", async () => {
    const app = buildApp(harness.deps, { logger: false });
    app.get("/explode", async () => {
      throw new Error("database password is hunter2");
    });
    const response = await app.inject({ method: "GET", url: "/explode" });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).type).toBe("server");
    expect(response.body).not.toContain("hunter2");
    expect(response.headers["x-request-id"]).toBeDefined();
    await app.close();
  });
});

type ConstraintStore = ReturnType<Parameters<FastifyInstance["addConstraintStrategy"]>[0]["storage"]>;
type ConstraintHandler = Parameters<ConstraintStore["set"]>[1];

describe("failures found before routing", () => {
  function expectEnvelope(response: { statusCode: number; headers: Record<string, unknown>; body: string }): void {
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
    expect(Object.keys(json(response))).toEqual(["error"]);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  }

  it("answers bad percent-encoding in the path with our 400 envelope and a request id", async () => {
    for (const url of ["/api/v1/companies/%zz", `${ridesUrl}/%E0%A4%A`]) {
      const response = await request(harness.app, "GET", url, company.token);
      expectEnvelope(response);
      expect(errorOf(response).message).toContain("percent-encoded");
    }
    const echoed = await request(harness.app, "GET", "/api/v1/companies/%zz", company.token, undefined, {
      "x-request-id": "bad-url-1",
    });
    expect(echoed.headers["x-request-id"]).toBe("bad-url-1");
  });

  it("answers an over-long path parameter with our 400 envelope instead of Fastify's 414", async () => {
    const response = await request(harness.app, "GET", `${ridesUrl}/${"1".repeat(150)}`, company.token);
    expectEnvelope(response);
  });

  it("answers a failing route constraint with the 500 server envelope", async () => {
    const app = buildApp(harness.deps, { logger: false });
    app.addConstraintStrategy({
      name: "tenant",
      storage: () => {
        const handlers = new Map<unknown, ConstraintHandler>();
        return {
          get: (value: unknown) => handlers.get(value) ?? null,
          set: (value: unknown, handler: ConstraintHandler) => void handlers.set(value, handler),
        };
      },
      deriveConstraint: (_request: unknown, _context: unknown, done?: (error: Error | null) => void) =>
        done?.(new Error("constraint store unreachable")),
      mustMatchWhenDerived: true,
    });
    app.get("/constrained", { constraints: { tenant: "a" } }, async () => ({}));
    const response = await app.inject({ method: "GET", url: "/constrained" });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).type).toBe("server");
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["x-request-id"]).toBeDefined();
    await app.close();
  });

  it("answers unparseable HTTP on a real socket with our envelope", async () => {
    const app = buildApp(harness.deps, { logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const address = app.server.address();
      if (address === null || typeof address === "string") throw new Error("no TCP address");
      const socket = connect(address.port, "127.0.0.1");
      await once(socket, "connect");
      let raw = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        raw += chunk;
      });
      socket.write("THIS IS NOT HTTP\r\n\r\n");
      await once(socket, "close");
      const [head = "", body = ""] = raw.split("\r\n\r\n");
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(head.toLowerCase()).toContain("content-type: application/json; charset=utf-8");
      expect(head.toLowerCase()).toMatch(/x-request-id: [0-9a-f-]{36}/);
      expect(errorOf({ body }).type).toBe("client.parameters.invalid_parameter_value");
    } finally {
      await app.close();
    }
  });
});

describe("access declarations", () => {
  it("refuses to start with an API route that declares no scope", async () => {
    const app = buildApp(harness.deps, { logger: false });
    expect(() => app.get("/api/v1/companies/:company_id/secrets", async () => ({}))).toThrow(
      /declares no access scope/,
    );
    await app.close();
  });
});
