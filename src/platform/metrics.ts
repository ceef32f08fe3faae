/**
 * Prometheus metrics of one app instance (prom-client). Invariants:
 * - every app has its own Registry, never prom-client's global one, so several apps in one
 *   process (the tests) never share or collide on a metric;
 * - requests are labelled by their route pattern (`/api/v1/companies/:company_id/contacts`),
 *   never the raw URL, so ids and query strings cannot blow up the number of series; a request
 *   no route matched is labelled `unmatched`;
 * - the platform never reads a module's tables: gauges that need the database (the outbox
 *   backlog) are given as functions by app.ts; a gauge whose source fails is left out of that
 *   scrape (logged) rather than failing the whole scrape.
 */
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "../db/dialect.js";

export interface MetricSources {
  /** the PostgreSQL pool's occupancy; absent on SQLite, whose one synchronous connection has none */
  poolStats?: () => PoolStats;
  /** unsent outbox messages */
  outboxBacklog?: () => Promise<number>;
  /** process metrics (CPU, memory, event loop); off in tests, where many apps share one process */
  processMetrics?: boolean;
  log?: { warn(obj: object, msg: string): void };
}

export interface AppMetrics {
  registry: Registry;
  /** counts one request refused by the rate limiter (429) */
  countRateLimitRejection: () => void;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricSources = {}): AppMetrics {
  const registry = new Registry();
  if (sources.processMetrics === true) collectDefaultMetrics({ register: registry, prefix: "kasboek_" });

  const rejections = new Counter({
    name: "kasboek_rate_limit_rejections_total",
    help: "Requests refused with 429 client.rate_limit",
    registers: [registry],
  });

  const { poolStats, outboxBacklog, log } = sources;
  if (poolStats !== undefined) {
    const pool = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolStats()));
        },
      });
    pool("kasboek_db_pool_connections", "Connections the PostgreSQL pool holds", (stats) => stats.total);
    pool("kasboek_db_pool_idle_connections", "Idle connections in the PostgreSQL pool", (stats) => stats.idle);
    pool("kasboek_db_pool_waiting_clients", "Queries waiting for a PostgreSQL connection", (stats) => stats.waiting);
  }
  if (outboxBacklog !== undefined) {
    new Gauge({
      name: "kasboek_outbox_backlog",
      help: "Outbox messages not sent yet",
      registers: [registry],
      async collect() {
        try {
          this.set(await outboxBacklog());
        } catch (error) {
          // keep the previous value: one failed count must not fail the scrape of everything else
          log?.warn({ err: error }, "could not count the outbox backlog for /metrics");
        }
      },
    });
  }
  return { registry, countRateLimitRejection: () => rejections.inc() };
}

/** Counts and times every response by method, route pattern and status. */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "kasboek_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames,
    registers: [metrics.registry],
  });
  const duration = new Histogram({
    name: "kasboek_http_request_duration_seconds",
    help: "Time from receiving a request to finishing its response, by method, route pattern and status",
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [metrics.registry],
  });
  // callback style: an async hook costs every response a promise
  app.addHook("onResponse", (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
