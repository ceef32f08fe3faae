/**
 * Idempotency-Key on POST and PATCH (Stripe's model): the first response to a token's key is
 * kept (modules/idempotency) and a retry with the same key is answered with it, status, headers
 * and body byte for byte, plus `Idempotent-Replayed: true`, without running again.
 *
 * Invariants:
 * - only requests with an API token take part (the key belongs to the token); a request without
 *   the header is untouched;
 * - exactly once, whatever dies when: the key is taken, the request's work done and its response
 *   kept in one database transaction that holds the whole request (db/request-transaction.ts),
 *   committed before the answer is written. A retry finds the kept response or finds that
 *   nothing was done; a process that died before its commit leaves the key free at once;
 * - the key is claimed after authentication and before the body is validated, so what a retry
 *   gets is whatever the first request got, its 4xx included; a 5xx rolls the work back and
 *   keeps nothing, so a retry runs again;
 * - the same key with another method, URL or body is a 422 naming Idempotency-Key, and never
 *   replays or runs;
 * - a retry while the first request runs waits for the first's commit up to `waitMs`, then gets
 *   a 409 whose Retry-After is 1 s: the key is free or answered the moment the first ends.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, invalid } from "./errors.js";

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

/** A key taken by this request, inside the transaction that will hold all of its work. */
export interface HeldKey {
  /** runs the rest of the request; every query it starts joins the key's transaction */
  join<Result>(work: () => Result): Result;
  /** keeps the response with the work and commits both; null: the response cannot be kept */
  complete(response: RecordedResponse | null): Promise<void>;
  /** rolls the work back and frees the key */
  abandon(): Promise<void>;
}

export type ClaimOutcome =
  | { kind: "claimed"; held: HeldKey }
  | { kind: "replay"; response: RecordedResponse }
  | { kind: "mismatch" };

/**
 * Where keys and responses are kept; given by app.ts so the platform touches no module's table.
 * `claim` resolves once the key is this request's, or once a request that held it has ended.
 */
export interface IdempotencyStore {
  claim(request: IdempotentRequest): Promise<ClaimOutcome>;
}

export interface IdempotencyTiming {
  /** how long a retry waits for the first request to end before its 409 */
  waitMs: number;
}

const DEFAULT_TIMING: IdempotencyTiming = { waitMs: 10_000 };
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
    idempotency: HeldKey | null;
  }
}

function readKey(header: string | string[]): string {
  if (typeof header !== "string" || !KEY_PATTERN.test(header)) {
    throw new ApiError("client.parameters.invalid_parameter_value", {
      key: "header",
      name: IDEMPOTENCY_HEADER,
      problem: { key: "idempotencyKeyFormat" },
    });
  }
  return header;
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash("sha256")
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest("hex");
}

function keyReusedForAnotherRequest(): ApiError {
  return invalid("request", [{ attribute: IDEMPOTENCY_HEADER, problem: { key: "idempotencyKeyReused" } }]);
}

function stillRunning(): ApiError {
  return new ApiError(
    "client.parameters.invalid_parameter_value",
    { key: "header", name: IDEMPOTENCY_HEADER, problem: { key: "idempotencyKeyInUse" } },
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

/** The claim's outcome, or "running" when it took longer than `waitMs`. */
function claimWithin(store: IdempotencyStore, claim: IdempotentRequest, waitMs: number) {
  const claiming = store.claim(claim);
  let timer: NodeJS.Timeout | undefined;
  const tooLong = new Promise<"running">((resolve) => {
    timer = setTimeout(() => resolve("running"), waitMs);
  });
  return Promise.race([claiming, tooLong]).then((outcome) => {
    clearTimeout(timer);
    // the key may still come to this request after its 409: it is given back unused
    if (outcome === "running") {
      claiming.then((late) => (late.kind === "claimed" ? late.held.abandon() : undefined)).catch(() => {});
    }
    return outcome;
  });
}

export function registerIdempotency(
  app: FastifyInstance,
  store: IdempotencyStore,
  timing: IdempotencyTiming = DEFAULT_TIMING,
): void {
  app.decorateRequest("idempotency", null);

  // Callback style on purpose: `held.join(done)` runs the rest of the request (validation, the
  // handler, the error handler, onSend) inside the key's transaction.
  app.addHook("preValidation", (request, reply, done) => {
    if (request.method !== "POST" && request.method !== "PATCH") return done();
    const header = request.headers["idempotency-key"];
    if (header === undefined || request.context === null) return done();
    let claim: IdempotentRequest;
    try {
      claim = { tokenId: request.context.token.tokenId, key: readKey(header), fingerprint: fingerprintOf(request) };
    } catch (error) {
      return done(error as Error);
    }
    claimWithin(store, claim, timing.waitMs).then(
      (outcome) => {
        if (outcome === "running") return done(stillRunning());
        if (outcome.kind === "mismatch") return done(keyReusedForAnotherRequest());
        if (outcome.kind === "replay") return replay(reply, outcome.response);
        request.idempotency = outcome.held;
        outcome.held.join(done);
      },
      (error: Error) => done(error),
    );
  });

  // callback style, so the requests without a key (nearly all) pay no promise
  app.addHook("onSend", (request, reply, payload, done) => {
    const held = request.idempotency;
    if (held === null) return done(null, payload);
    request.idempotency = null;
    const settled =
      reply.statusCode >= 500
        ? held.abandon()
        : held.complete(
            typeof payload === "string"
              ? { status: reply.statusCode, headers: headersToKeep(reply), body: payload }
              : null,
          );
    settled.then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });

  // an answer that never passed onSend (a socket gone before it) must not hold the transaction
  const abandonUnanswered = (request: FastifyRequest, hookDone: () => void) => {
    const held = request.idempotency;
    request.idempotency = null;
    if (held === null) return hookDone();
    held.abandon().then(hookDone, hookDone);
  };
  app.addHook("onResponse", (request, _reply, hookDone) => abandonUnanswered(request, hookDone));
  app.addHook("onRequestAbort", abandonUnanswered);
}
