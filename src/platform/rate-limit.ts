/**
 * Rate limits: every request is counted against a budget of
 * `perMinute` requests in a one-minute window, per API token (the SHA-256 of the bearer token,
 * never the token itself) or, without a bearer token, per client address (IPv6 by /64). Over the
 * budget the answer is 429 `client.rate_limit` with `Retry-After`; every counted response
 * carries the IETF draft headers `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`
 * (seconds until the window ends). Counting is @fastify/rate-limit's, not ours.
 *
 * Burst: the window is fixed, not sliding, and nothing smooths requests inside it, so a client
 * may spend its whole minute's budget at once (a burst of `perMinute` requests) and then waits
 * for the window to end; across a window boundary at most twice the budget passes in a short
 * time. The long-run rate never exceeds `perMinute` a minute.
 *
 * Store: in this process by default; with Redis the counters are one atomic INCR per request
 * (the plugin's Lua script), so every process on that Redis spends one shared budget. When a
 * request cannot be counted — Redis refuses connections, takes them and never answers, or times
 * out — it is served without a limit (fail open) and without RateLimit headers, since nothing
 * was counted; the log says so once when counting stops, and once more when a count works again.
 *
 * Not counted: the health checks (`/health…`), the metrics (`/metrics…`) and the static page
 * assets (`/assets/…`).
 *
 * Failed authentications: since each bearer token has its own budget, a client that sent a new
 * made-up token with every request was never limited (and every guess cost a token lookup). So
 * each 401 to a request with a bearer token also counts against its client address, and once an
 * address had `perMinute` of them in a window, its requests with a bearer token are answered 429
 * before any token is looked up, until the window ends: a valid token from there waits too, so a
 * guess cannot tell a valid token by its answer. rate-limiter-flexible counts them (in memory, or
 * in the same Redis), since @fastify/rate-limit cannot read a count without adding to it.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import fastifyRateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import { ApiError } from "./errors.js";

// ioredis is loaded only when a Redis client is made (REDIS_URL set): loading it was about a
// tenth of a cold start, for a server that counts in its own memory. It is CommonJS, so
// `require` loads it synchronously and `createRedisClient` stays synchronous.
const require = createRequire(import.meta.url);

export interface RateLimitSettings {
  /** requests a minute per token or client address (RATE_LIMIT_PER_MINUTE); 0: no limit */
  perMinute: number;
  /** REDIS_URL: the counters live there; the client is made here and closed with the app */
  redisUrl?: string;
  /** a client the caller made (`createRedisClient`) and closes itself, instead of `redisUrl` */
  redis?: Redis;
  /** prefix of the counters' Redis keys */
  redisKeyPrefix?: string;
  /** called for every request refused with 429 (e.g. to count rejections in metrics) */
  onRejected?: (request: FastifyRequest) => void;
}

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const DEFAULT_REDIS_KEY_PREFIX = "kasboek:rate-limit:";
/** how long start-up waits for Redis before it serves without it */
const REDIS_STARTUP_WAIT_MS = 2_000;

const UNLIMITED_PATH = /^\/(?:health|metrics)(?:[/?]|$)|^\/assets\//;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Whether requests to `path` count against the limit: all but health, metrics and assets. */
export function isRateLimited(path: string): boolean {
  return !UNLIMITED_PATH.test(path);
}

/**
 * Each bearer token's key, made once: hashing it was a tenth of a cached GET's CPU time. The
 * memory holds tokens as the access cache does (platform/access-cache.ts), at most
 * MOST_KNOWN_TOKENS of them; when full it starts over.
 */
const MOST_KNOWN_TOKENS = 10_000;
let knownTokenKeys = new Map<string, string>();

function tokenKey(token: string): string {
  const known = knownTokenKeys.get(token);
  if (known !== undefined) return known;
  const key = `token:${createHash("sha256").update(token).digest("hex")}`;
  if (knownTokenKeys.size >= MOST_KNOWN_TOKENS) knownTokenKeys = new Map();
  knownTokenKeys.set(token, key);
  return key;
}

/** `token:<sha256 of the bearer token>`, or `address:<client address>` without one. */
export function rateLimitKey(request: FastifyRequest): string {
  const token = bearerToken(request);
  return token === undefined ? addressKey(request) : tokenKey(token);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === "string" ? BEARER.exec(header)?.[1] : undefined;
}

function addressKey(request: FastifyRequest): string {
  return `address:${normalizeIP(request.ip)}`;
}

/**
 * A client for the counters: while Redis is away a command fails at once (and the request is
 * served without a limit) instead of waiting in ioredis' offline queue for it to come back.
 */
export function createRedisClient(url: string): Redis {
  const { Redis: RedisClient } = require("ioredis") as typeof import("ioredis");
  return new RedisClient(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_STARTUP_WAIT_MS,
    commandTimeout: 1_000,
  });
}

/** Resolves when Redis is ready, fails to connect, or `ms` passed: start-up never hangs on it. */
function firstConnection(redis: Redis, ms: number): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      redis.off("error", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once("ready", done);
    redis.once("error", done);
  });
}

/** What a count's outcome tells the log: only where an outage begins and where it ends. */
interface CountingWatch {
  failed: (error: unknown) => void;
  counted: () => void;
}

/**
 * Logs the first failure of an outage — the client's (a refused connection) or a count's (no
 * answer in time, never ready) — and the first count that works after it, not every
 * reconnection attempt or request.
 */
function watchRedis(app: FastifyInstance, redis: Redis, owned: boolean): CountingWatch {
  let unreachable = false;
  const watch: CountingWatch = {
    failed: (error) => {
      if (unreachable) return;
      unreachable = true;
      app.log.warn(
        { err: error },
        "Redis for rate limits is unreachable: requests are served without rate limits until it is back",
      );
    },
    counted: () => {
      if (!unreachable) return;
      unreachable = false;
      app.log.info("Redis for rate limits is reachable again: rate limits apply again");
    },
  };
  redis.on("error", watch.failed);
  app.addHook("onReady", () => firstConnection(redis, REDIS_STARTUP_WAIT_MS));
  // The listener stays: without an "error" listener ioredis prints every reconnection failure.
  app.addHook("onClose", async () => {
    if (owned) redis.disconnect();
  });
  return watch;
}

/**
 * Counts every request from its first hook on, before authentication, so a client over its
 * budget costs no database work. Does nothing when `perMinute` is 0.
 */
export function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings): void {
  if (settings.perMinute <= 0) return;
  const owned = settings.redis === undefined && settings.redisUrl !== undefined;
  const redis = settings.redis ?? (settings.redisUrl === undefined ? undefined : createRedisClient(settings.redisUrl));
  const watch = redis === undefined ? undefined : watchRedis(app, redis, owned);

  const onRejected = settings.onRejected;
  app.register(fastifyRateLimit, {
    // Not per route: the hook below counts every request, unknown paths included.
    global: false,
    max: settings.perMinute,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    keyGenerator: rateLimitKey,
    // RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset (and Retry-After on a 429).
    enableDraftSpec: true,
    // A count that fails reaches the hook below, which serves the request unlimited: the
    // plugin's own skipOnError would send headers for a count that never happened.
    skipOnError: false,
    ...(redis === undefined ? {} : { redis, nameSpace: settings.redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX }),
    ...(onRejected === undefined ? {} : { onExceeded: (request: FastifyRequest) => onRejected(request) }),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        "client.rate_limit",
        { key: "tooManyRequests" },
        { "retry-after": String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      ),
  });

  limitFailedAuthentications(app, settings, redis, watch);

  // The plugin's decorator exists once the plugin has loaded, i.e. before the first request.
  let limit: preHandlerAsyncHookHandler | undefined;
  app.addHook("onRequest", function rateLimited(request, reply, done) {
    if (!isRateLimited(request.url)) return done();
    limit ??= app.rateLimit();
    limit.call(this, request, reply).then(
      () => {
        watch?.counted();
        done();
      },
      (error: unknown) => {
        // a refusal (429) is the limit working; anything else is a store that could not count
        if (error instanceof ApiError || watch === undefined) return done(error as Error);
        watch.failed(error);
        done();
      },
    );
  });
}

/** The header's failed authentications: each 401 to a bearer request counted, read before one is served. */
function limitFailedAuthentications(
  app: FastifyInstance,
  settings: RateLimitSettings,
  redis: Redis | undefined,
  watch: CountingWatch | undefined,
): void {
  const options = {
    points: settings.perMinute,
    duration: RATE_LIMIT_WINDOW_MS / 1000,
    keyPrefix: `${settings.redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX}failed-authentication`,
  };
  // A Redis that is away is not waited for here: the request budget has waited for it already.
  const failures =
    redis === undefined
      ? new RateLimiterMemory(options)
      : new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true });
  const applies = (request: FastifyRequest) => isRateLimited(request.url) && bearerToken(request) !== undefined;
  // like the request budget, a count that cannot be read or written serves the request (fail open)
  const uncounted = (error: unknown) => {
    watch?.failed(error);
    return null;
  };

  app.addHook("onRequest", async (request) => {
    if (!applies(request)) return;
    const counted = await failures.get(addressKey(request)).catch(uncounted);
    if (counted === null || counted.consumedPoints < settings.perMinute) return;
    settings.onRejected?.(request);
    const retryAfterSeconds = Math.max(1, Math.ceil(counted.msBeforeNext / 1000));
    throw new ApiError("client.rate_limit", { key: "tooManyRequests" }, { "retry-after": String(retryAfterSeconds) });
  });
  app.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode === 401 && applies(request)) await failures.penalty(addressKey(request)).catch(uncounted);
  });
}
