/**
 * Rate limits with their counters in Redis (REDIS_URL): two app instances, as two processes
 * would, spend one shared budget and count one address's failed authentications together; an unreachable Redis, or one that takes connections and never
 * answers, leaves requests served (fail open) without RateLimit headers, with one log line. Uses
 * the Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379) under a key prefix of its own, and
 * skips, saying so, when no Redis answers there.
 */
import { randomUUID } from "node:crypto";
import { connect, createServer, type Server, type Socket } from "node:net";
import { Writable } from "node:stream";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { HttpServerOptions } from "../src/platform/http.js";
import { createRedisClient, type RateLimitSettings } from "../src/platform/rate-limit.js";
import { buildTestApp, errorOf, newCompany, type TestApp, type TestCompany } from "./support/app.js";
import { freePort } from "./support/server-process.js";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PREFIX = `kasboek-test:rate-limit:${randomUUID()}:`;

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const haveRedis = await redisAnswers(REDIS_URL);
if (!haveRedis) console.warn(`rate-limit-redis.test.ts: no Redis at ${REDIS_URL}; the shared-budget tests are skipped`);

let harness: TestApp;
let company: TestCompany;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await harness.close();
  if (!haveRedis) return;
  const cleaner = new Redis(REDIS_URL);
  const keys = await cleaner.keys(`${PREFIX}*`);
  if (keys.length > 0) await cleaner.del(...keys);
  cleaner.disconnect();
});

/** An app as one `kasboek serve` process builds it; `logLines` collects what it logs. */
async function processApp(rateLimit: RateLimitSettings, logLines: string[] = []): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(
        ...String(chunk)
          .split("\n")
          .filter((line) => line !== ""),
      );
      done();
    },
  });
  const options: HttpServerOptions = { logger: { level: "info", stream }, rateLimit };
  const app = buildApp(harness.deps, options);
  apps.push(app);
  await app.ready();
  return app;
}

function companiesOf(app: FastifyInstance, token: string | null): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "GET",
    url: "/api/v1/companies",
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

describe.runIf(haveRedis)("counters in Redis", () => {
  it("makes two processes share one budget: together they serve exactly the limit", async () => {
    const limit = 40;
    const settings = { perMinute: limit, redisUrl: REDIS_URL, redisKeyPrefix: `${PREFIX}shared:` };
    const [first, second] = [await processApp(settings), await processApp(settings)];
    if (first === undefined || second === undefined) throw new Error("two apps expected");

    // 100 requests at once, alternating between the two processes
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => companiesOf(index % 2 === 0 ? first : second, company.token)),
    );
    const served = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(served).toHaveLength(limit);
    expect(refused).toHaveLength(100 - limit);
    for (const response of refused) {
      expect(errorOf(response).type).toBe("client.rate_limit");
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      expect(response.headers["ratelimit-remaining"]).toBe("0");
    }
    const remaining = served.map((response) => Number(response.headers["ratelimit-remaining"])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: limit }, (_, index) => index));
    for (const response of served) expect(response.headers["ratelimit-limit"]).toBe(String(limit));
  });

  it("makes two processes share the failed authentications of an address", async () => {
    const limit = 6;
    const settings = { perMinute: limit, redisUrl: REDIS_URL, redisKeyPrefix: `${PREFIX}failures:` };
    const [first, second] = [await processApp(settings), await processApp(settings)];
    if (first === undefined || second === undefined) throw new Error("two apps expected");
    for (let index = 0; index < limit; index++) {
      const response = await companiesOf(index % 2 === 0 ? first : second, `kb_guess${index}_${"x".repeat(40)}`);
      expect(response.statusCode).toBe(401);
    }
    for (const app of [first, second]) {
      const refused = await companiesOf(app, `kb_guess_more_${"x".repeat(40)}`);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).type).toBe("client.rate_limit");
    }
  });

  it("keys a token by its hash, never by the token itself (on a client the caller owns)", async () => {
    const redis = createRedisClient(REDIS_URL);
    try {
      const prefix = `${PREFIX}keys:`;
      const app = await processApp({ perMinute: 10, redis, redisKeyPrefix: prefix });
      expect((await companiesOf(app, company.token)).statusCode).toBe(200);
      expect((await companiesOf(app, null)).statusCode).toBe(401);
      const keys = (await redis.keys(`${prefix}*`)).sort();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toBe(`${prefix}address:127.0.0.1`);
      expect(keys[1]).toMatch(new RegExp(`^${prefix}token:[0-9a-f]{64}$`));
      expect(keys.join()).not.toContain(company.token);
    } finally {
      redis.disconnect();
    }
  });
});

describe("an unreachable Redis", () => {
  it("serves every request (fail open) and says so once in the log", async () => {
    const logLines: string[] = [];
    const url = `redis://127.0.0.1:${await freePort()}`;
    const app = await processApp({ perMinute: 2, redisUrl: url, redisKeyPrefix: `${PREFIX}closed:` }, logLines);
    for (let index = 0; index < 10; index++) {
      expect((await companiesOf(app, company.token)).statusCode).toBe(200);
    }
    // ioredis keeps retrying meanwhile; each attempt fails again
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let index = 0; index < 5; index++) {
      expect((await companiesOf(app, company.token)).statusCode).toBe(200);
    }
    const warnings = logLines.filter((line) => line.includes("Redis for rate limits is unreachable"));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] ?? "{}").level).toBe(40);
  });
});

/** A server that takes connections and never says a word, as a hung Redis does. */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    url: `redis://127.0.0.1:${address.port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function expectNoRateLimitHeaders(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(200);
  for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "retry-after"]) {
    expect(response.headers[name], name).toBeUndefined();
  }
}

/**
 * A proxy to the test Redis that can stop answering while keeping its connections open (as a
 * Redis that hangs does): what clients send meanwhile is held, and passed on when it goes on.
 */
async function freezableRedis(): Promise<{
  url: string;
  freeze: (frozen: boolean) => void;
  close: () => Promise<void>;
}> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  const held: Array<() => void> = [];
  let frozen = false;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.on("data", (chunk) => {
      if (frozen) held.push(() => upstream.write(chunk));
      else upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    url: `redis://127.0.0.1:${address.port}`,
    freeze: (value) => {
      frozen = value;
      if (!value) for (const write of held.splice(0)) write();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(haveRedis)("a Redis that stops answering (issue 26)", () => {
  it("is logged once when counting stops and once when it works again; meanwhile no headers", async () => {
    const proxy = await freezableRedis();
    try {
      const logLines: string[] = [];
      const app = await processApp({ perMinute: 100, redisUrl: proxy.url, redisKeyPrefix: `${PREFIX}hung:` }, logLines);
      const counted = await companiesOf(app, company.token);
      expect(counted.headers["ratelimit-remaining"]).toBe("99");
      proxy.freeze(true);
      for (let index = 0; index < 2; index++) expectNoRateLimitHeaders(await companiesOf(app, company.token));
      const warnings = logLines.filter((line) => line.includes("Redis for rate limits is unreachable"));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0] ?? "{}").level).toBe(40);
      proxy.freeze(false);
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (let index = 0; index < 2; index++) {
        expect((await companiesOf(app, company.token)).headers["ratelimit-limit"]).toBe("100");
      }
      expect(logLines.filter((line) => line.includes("Redis for rate limits is reachable again"))).toHaveLength(1);
      expect(logLines.filter((line) => line.includes("Redis for rate limits is unreachable"))).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});

describe("a Redis that counts nothing (issue 26)", () => {
  it("leaves the RateLimit headers out while it is unreachable", async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const app = await processApp({ perMinute: 2, redisUrl: url, redisKeyPrefix: `${PREFIX}closed-headers:` });
    for (let index = 0; index < 5; index++) expectNoRateLimitHeaders(await companiesOf(app, company.token));
  });

  it("serves a Redis that takes connections but never answers as unreachable: no headers, one log line", async () => {
    const silent = await silentServer();
    try {
      const logLines: string[] = [];
      const app = await processApp(
        { perMinute: 2, redisUrl: silent.url, redisKeyPrefix: `${PREFIX}silent:` },
        logLines,
      );
      for (let index = 0; index < 5; index++) expectNoRateLimitHeaders(await companiesOf(app, company.token));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (let index = 0; index < 5; index++) expectNoRateLimitHeaders(await companiesOf(app, company.token));
      const warnings = logLines.filter((line) => line.includes("Redis for rate limits is unreachable"));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0] ?? "{}").level).toBe(40);
    } finally {
      await silent.close();
    }
  });
});
