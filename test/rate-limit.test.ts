/**
 * Rate limits in one process (platform/rate-limit.ts): the budget per token and per client
 * address, failed authentications per client address, the IETF draft headers on every counted response, the 429 envelope with Retry-After,
 * the paths that are never counted, and RATE_LIMIT_PER_MINUTE=0. The shared Redis budget and
 * failing open are in rate-limit-redis.test.ts.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { HttpServerOptions } from "../src/platform/http.js";
import type { RateLimitSettings } from "../src/platform/rate-limit.js";
import { buildTestApp, errorOf, newCompany, request, type TestApp, type TestCompany } from "./support/app.js";

const LIMIT = 5;

let harness: TestApp;
let company: TestCompany;
let other: TestCompany;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
  other = await newCompany(harness.deps);
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(() => harness.close());

async function limitedApp(rateLimit: RateLimitSettings): Promise<FastifyInstance> {
  // a variable, not a literal: buildApp's parameter is typed as Fastify's own options
  const options: HttpServerOptions = { logger: false, rateLimit };
  const app = buildApp(harness.deps, options);
  apps.push(app);
  await app.ready();
  return app;
}

function companiesOf(app: FastifyInstance, token: string | null, from = "127.0.0.1"): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "GET",
    url: "/api/v1/companies",
    remoteAddress: from,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

function rateHeaders(response: LightMyRequestResponse): Record<string, unknown> {
  return {
    limit: response.headers["ratelimit-limit"],
    remaining: response.headers["ratelimit-remaining"],
    reset: response.headers["ratelimit-reset"],
  };
}

describe("configuration", () => {
  it("defaults to 300 a minute, in this process; 0 turns the limit off", () => {
    expect(loadConfig({}).RATE_LIMIT_PER_MINUTE).toBe(300);
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: "0" }).RATE_LIMIT_PER_MINUTE).toBe(0);
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: "-1" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ REDIS_URL: "localhost:6379" })).toThrow(/REDIS_URL/);
  });
});

describe("a token's budget", () => {
  it("serves the limit, counting down in RateLimit-* headers, then answers 429 in the envelope", async () => {
    const app = await limitedApp({ perMinute: LIMIT });
    for (let index = 1; index <= LIMIT; index++) {
      const response = await companiesOf(app, company.token);
      expect(response.statusCode).toBe(200);
      const headers = rateHeaders(response);
      expect(headers.limit).toBe(String(LIMIT));
      expect(headers.remaining).toBe(String(LIMIT - index));
      expect(Number(headers.reset)).toBeGreaterThan(0);
      expect(Number(headers.reset)).toBeLessThanOrEqual(60);
      expect(response.headers["retry-after"]).toBeUndefined();
    }

    const refused = await companiesOf(app, company.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(refused.headers["x-request-id"]).toBeDefined();
    expect(errorOf(refused)).toEqual({
      type: "client.rate_limit",
      message: "Too many requests; try again after the number of seconds in the Retry-After header",
    });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(rateHeaders(refused)).toEqual({ limit: String(LIMIT), remaining: "0", reset: String(retryAfter) });
  });

  it("gives every token its own budget, whatever address it comes from", async () => {
    const app = await limitedApp({ perMinute: LIMIT });
    for (let index = 0; index < LIMIT; index++) {
      expect((await companiesOf(app, company.token, `10.0.0.${index + 1}`)).statusCode).toBe(200);
    }
    expect((await companiesOf(app, company.token, "10.0.1.1")).statusCode).toBe(429);

    const second = await companiesOf(app, other.token);
    expect(second.statusCode).toBe(200);
    expect(second.headers["ratelimit-remaining"]).toBe(String(LIMIT - 1));
    // the address budget is apart from the tokens' too
    expect((await companiesOf(app, null)).headers["ratelimit-remaining"]).toBe(String(LIMIT - 1));
  });

  it("counts every answer, errors included, and puts the headers on each", async () => {
    const app = await limitedApp({ perMinute: LIMIT });
    const responses = [
      await request(app, "GET", "/api/v1/companies", company.token),
      await request(app, "GET", "/api/v1/no-such-thing", company.token),
      await request(app, "GET", `/api/v1/companies/${other.companyId}/contacts`, company.token),
      await request(app, "POST", `/api/v1/companies/${company.companyId}/rides`, company.token, "{"),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([200, 404, 403, 400]);
    expect(responses.map((response) => response.headers["ratelimit-remaining"])).toEqual(["4", "3", "2", "1"]);
    for (const response of responses) expect(response.headers["ratelimit-limit"]).toBe(String(LIMIT));
  });

  it("says the 429 in Dutch when asked, with the same type and headers", async () => {
    const app = await limitedApp({ perMinute: 1 });
    await companiesOf(app, company.token);
    const refused = await request(app, "GET", "/api/v1/companies", company.token, undefined, {
      "accept-language": "nl",
    });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).type).toBe("client.rate_limit");
    expect(refused.headers["content-language"]).toBe("nl");
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("tells whoever wants to know about each refusal", async () => {
    let rejected = 0;
    const app = await limitedApp({ perMinute: 1, onRejected: () => rejected++ });
    for (let index = 0; index < 4; index++) await companiesOf(app, company.token);
    expect(rejected).toBe(3);
  });
});

describe("without a token", () => {
  it("counts per client address", async () => {
    const app = await limitedApp({ perMinute: LIMIT });
    for (let index = 0; index < LIMIT; index++) {
      const response = await companiesOf(app, null, "192.0.2.10");
      expect(response.statusCode).toBe(401);
      expect(response.headers["ratelimit-remaining"]).toBe(String(LIMIT - index - 1));
    }
    const refused = await companiesOf(app, null, "192.0.2.10");
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).type).toBe("client.rate_limit");

    const elsewhere = await companiesOf(app, null, "192.0.2.11");
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.headers["ratelimit-remaining"]).toBe(String(LIMIT - 1));
  });

  it("counts an IPv6 client by its /64, so it cannot hop between its own addresses", async () => {
    const app = await limitedApp({ perMinute: 2 });
    expect((await companiesOf(app, null, "2001:db8:1:1::1")).statusCode).toBe(401);
    expect((await companiesOf(app, null, "2001:db8:1:1::2")).statusCode).toBe(401);
    expect((await companiesOf(app, null, "2001:db8:1:1:ffff::3")).statusCode).toBe(429);
    expect((await companiesOf(app, null, "2001:db8:1:2::1")).statusCode).toBe(401);
  });
});

describe("failed authentications", () => {
  const guess = (index: number) => `kb_guess${index}_${"x".repeat(40)}`;

  it("are counted per client address, so made-up tokens cannot each start a budget of their own", async () => {
    const app = await limitedApp({ perMinute: LIMIT });
    for (let index = 0; index < LIMIT; index++) {
      expect((await companiesOf(app, guess(index), "10.0.0.1")).statusCode).toBe(401);
    }
    const refused = await companiesOf(app, guess(LIMIT), "10.0.0.1");
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).type).toBe("client.rate_limit");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    // a valid token from there waits too, so an answer never tells a valid token from a guess
    expect((await companiesOf(app, company.token, "10.0.0.1")).statusCode).toBe(429);
    // another address is not touched
    expect((await companiesOf(app, company.token, "10.0.0.2")).statusCode).toBe(200);
    expect((await companiesOf(app, guess(0), "10.0.0.2")).statusCode).toBe(401);
  });

  it("count only refusals: a valid token's answers take nothing from its address", async () => {
    const app = await limitedApp({ perMinute: LIMIT });
    for (let index = 0; index < LIMIT - 1; index++) {
      expect((await companiesOf(app, guess(index), "10.0.0.3")).statusCode).toBe(401);
    }
    for (let index = 0; index < LIMIT; index++) {
      expect((await companiesOf(app, company.token, "10.0.0.3")).statusCode).toBe(200);
    }
    expect((await companiesOf(app, guess(LIMIT), "10.0.0.3")).statusCode).toBe(401);
    expect((await companiesOf(app, guess(LIMIT + 1), "10.0.0.3")).statusCode).toBe(429);
  });
});

describe("what is never counted", () => {
  it("leaves the health checks, the metrics and the page assets alone", async () => {
    const app = await limitedApp({ perMinute: 1 });
    await companiesOf(app, null);
    expect((await companiesOf(app, null)).statusCode).toBe(429);
    for (const url of ["/health/live", "/health/ready", "/health", "/metrics", "/assets/kasboek.css"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).not.toBe(429);
      expect(response.headers["ratelimit-limit"], url).toBeUndefined();
    }
  });
});

describe("RATE_LIMIT_PER_MINUTE=0", () => {
  it("limits nothing and sends no RateLimit headers", async () => {
    const app = await limitedApp({ perMinute: 0 });
    for (let index = 0; index < 20; index++) {
      const response = await companiesOf(app, company.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers["ratelimit-limit"]).toBeUndefined();
    }
  });

  it("is also what an app built without a rate limit does (the test suite's apps)", async () => {
    const response = await request(harness.app, "GET", "/api/v1/companies", company.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["ratelimit-limit"]).toBeUndefined();
  });
});
