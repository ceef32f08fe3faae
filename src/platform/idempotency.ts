/**
 * Idempotency-Key on POST and PATCH (Stripe's model): the first response to a token's key is
 * kept (modules/idempotency) and a retry with the same key is answered with it, status, headers
 * and body byte for byte, plus `Idempotent-Replayed: true`, without running again.
 *
 * Invariants:
 * - only requests with an API token take part (the key belongs to the token); a request without
 *   the header is untouched;
 * - the key is claimed after authentication and before the body is validated, so what a retry
 *   gets is whatever the first request got, its 4xx included; a 5xx is not kept;
 * - the same key with another method, URL or body is a 422 naming Idempotency-Key, and never
 *   replays or runs;
 * - a retry while the first request runs waits for its response up to WAIT_MS, then gets a 409
 *   with Retry-After; the request itself never runs twice at once.
 */
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "./errors.js";

export interface IdempotentRequest {
  tokenId: number;
  key: string;
  /** SHA-256 of the method, the URL and the body */
  fingerprint: string;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

export type ClaimOutcome =
  | { kind: "claimed" }
  | { kind: "replay"; response: RecordedResponse }
  | { kind: "running" }
  | { kind: "mismatch" };

/** Where keys and responses are kept; given by app.ts so the platform touches no module's table. */
export interface IdempotencyStore {
  claim(request: IdempotentRequest): Promise<ClaimOutcome>;
  record(request: IdempotentRequest, response: RecordedResponse): Promise<void>;
  release(request: IdempotentRequest): Promise<void>;
}

export interface IdempotencyTiming {
  /** how long a retry waits for the first request's response before its 409 */
  waitMs: number;
  pollMs: number;
}

const DEFAULT_TIMING: IdempotencyTiming = { waitMs: 10_000, pollMs: 50 };
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Visible ASCII, as Stripe takes it: a UUID, a hash, an order number. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Headers of the moment, not of the response: each answer gets its own. */
const HEADERS_NOT_REPLAYED = new Set([
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "set-cookie",
  "x-request-id",
  "retry-after",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
]);

declare module "fastify" {
  interface FastifyRequest {
    idempotency: IdempotentRequest | null;
  }
}

function readKey(header: string | string[]): string {
  if (typeof header !== "string" || !KEY_PATTERN.test(header)) {
    throw new ApiError(
      "client.parameters.invalid_parameter_value",
      "Header Idempotency-Key must be 1 to 255 visible ASCII characters",
    );
  }
  return header;
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash("sha256")
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest("hex");
}

function keyReusedForAnotherRequest(): ApiError {
  const problem = { attribute: IDEMPOTENCY_HEADER, problem: "was already used for a different request" };
  return new ApiError(
    "client.parameters.validation",
    `Request is invalid: ${problem.attribute} ${problem.problem}`,
    {},
    undefined,
    { kind: "invalid", resource: "Request", problems: [problem] },
  );
}

function stillRunning(): ApiError {
  return new ApiError(
    "client.parameters.invalid_parameter_value",
    "Header Idempotency-Key is in use by a request that has not finished; retry later",
    { "retry-after": "1" },
    409,
  );
}

function replay(reply: FastifyReply, response: RecordedResponse): FastifyReply {
  return reply
    .code(response.status)
    .headers(response.headers)
    .header("idempotent-replayed", "true")
    .send(response.body);
}

function headersToKeep(reply: FastifyReply): RecordedResponse["headers"] {
  const kept: RecordedResponse["headers"] = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || HEADERS_NOT_REPLAYED.has(name.toLowerCase())) continue;
    kept[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return kept;
}

export function registerIdempotency(
  app: FastifyInstance,
  store: IdempotencyStore,
  timing: IdempotencyTiming = DEFAULT_TIMING,
): void {
  app.decorateRequest("idempotency", null);

  app.addHook("preValidation", async (request, reply) => {
    if (request.method !== "POST" && request.method !== "PATCH") return;
    const header = request.headers["idempotency-key"];
    if (header === undefined || request.context === null) return;
    const claim = { tokenId: request.context.token.tokenId, key: readKey(header), fingerprint: fingerprintOf(request) };
    const deadline = Date.now() + timing.waitMs;
    for (;;) {
      const outcome = await store.claim(claim);
      if (outcome.kind === "claimed") {
        request.idempotency = claim;
        return;
      }
      if (outcome.kind === "replay") return replay(reply, outcome.response);
      if (outcome.kind === "mismatch") throw keyReusedForAnotherRequest();
      if (Date.now() >= deadline) throw stillRunning();
      await sleep(timing.pollMs);
    }
  });

  // callback style, so the requests without a key (nearly all) pay no promise
  app.addHook("onSend", (request, reply, payload, done) => {
    const claim = request.idempotency;
    if (claim === null) return done(null, payload);
    request.idempotency = null;
    const settled =
      reply.statusCode >= 500 || typeof payload !== "string"
        ? store.release(claim)
        : store.record(claim, { status: reply.statusCode, headers: headersToKeep(reply), body: payload });
    settled.then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
