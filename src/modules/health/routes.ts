/**
 * Operations endpoints, outside /api/v1 and without a bearer token of the API (no `access`
 * declaration): `GET /health/live`, `GET /health/ready`, and `GET /metrics`, which takes
 * `Authorization: Bearer <METRICS_TOKEN>` when one is configured and is open otherwise.
 * Failures answer in the error envelope like every other endpoint; readiness failures are 503
 * with the reason as the message, so an operator sees what is wrong from the probe alone, and
 * the log has a line (with the error behind it) when readiness changes, not one per probe.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { invalidToken } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError } from "../../platform/errors.js";
import type { AppMetrics } from "../../platform/metrics.js";
import { checkReadiness, type ReadinessCheck } from "./service.js";

export interface HealthOptions {
  metrics: AppMetrics;
  /** unset: /metrics is open (run it behind a network boundary then) */
  metricsToken?: string;
  readinessChecks?: readonly ReadinessCheck[];
}

const JSON_UTF8 = "application/json; charset=utf-8";

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Compares digests in constant time, so the response time says nothing about the token. */
function checkMetricsToken(request: FastifyRequest, expected: string): void {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === "") throw invalidToken({ key: "noToken" });
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw invalidToken({ key: "notBearer" });
  if (!timingSafeEqual(digest(match[1]), digest(expected))) throw invalidToken({ key: "metricsTokenWrong" });
}

export function registerHealthRoutes(app: FastifyInstance, deps: ServiceDeps, options: HealthOptions): void {
  // Fastify marks itself closing before it stops listening: from then on this process is no
  // longer ready, so a load balancer stops sending it new work while in-flight requests finish.
  let shuttingDown = false;
  app.addHook("preClose", async () => {
    shuttingDown = true;
  });

  app.get("/health/live", async (_request, reply) => reply.type(JSON_UTF8).send({ status: "ok" }));

  // What the last probe found (null: ready), so the log tells only of changes.
  let lastReason: string | null = null;
  app.get("/health/ready", async (request, reply) => {
    const readiness = await checkReadiness(deps, { shuttingDown, checks: options.readinessChecks ?? [] });
    const refusal = readiness.ready ? null : new ApiError("server", readiness.reason, { "retry-after": "5" }, 503);
    const reason = refusal?.message ?? null;
    if (reason !== lastReason) {
      if (readiness.ready) request.log.info({ was: lastReason }, "ready again");
      else request.log.warn({ err: readiness.cause, reason }, `not ready: ${reason}`);
      lastReason = reason;
    }
    if (refusal !== null) throw refusal;
    return reply.type(JSON_UTF8).send({ status: "ok" });
  });

  app.get("/metrics", async (request, reply) => {
    if (options.metricsToken !== undefined) checkMetricsToken(request, options.metricsToken);
    const body = await options.metrics.registry.metrics();
    return reply.header("cache-control", "no-store").type(options.metrics.registry.contentType).send(body);
  });
}
