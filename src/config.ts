/**
 * The environment, parsed once at start. Every setting the service reads from the
 * environment is declared here, with its default; nothing else reads `process.env`.
 */
import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

const EnvironmentSchema = Type.Object({
  DATABASE_URL: Type.String({ default: "sqlite:./data/kasboek.sqlite" }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ default: "127.0.0.1" }),
  LOG_LEVEL: Type.Union(
    ["fatal", "error", "warn", "info", "debug", "trace", "silent"].map((level) => Type.Literal(level)),
    { default: "info" },
  ),
  /** unset: mail is queued in the outbox but not sent */
  SMTP_URL: Type.Optional(Type.String({ pattern: "^smtps?://" })),
  MAIL_FROM: Type.String({ minLength: 1, default: "Kasboek <no-reply@localhost>" }),
  /** the address customers reach this service at (signing links, the OpenAPI server); unset: http://HOST:PORT */
  PUBLIC_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  /** signs login session cookies; unset: a random secret is generated once and kept in the database */
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  /**
   * true behind a reverse proxy: client addresses (login throttling) then come from
   * X-Forwarded-For; never set it when clients reach the service directly, or they choose their
   * own address
   */
  TRUST_PROXY: Type.Boolean({ default: false }),
  /**
   * requests a minute per API token (per client address without a token), counted in one-minute
   * windows; 0: no rate limit
   */
  RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 0, default: 300 }),
  /** set: rate-limit counters live in this Redis, shared by every process; unset: in each process */
  REDIS_URL: Type.Optional(Type.String({ pattern: "^rediss?://" })),
  /** set: GET /metrics wants `Authorization: Bearer <METRICS_TOKEN>`; unset: /metrics is open */
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  /** how long SIGTERM/SIGINT waits for in-flight requests and the mail sender before forcing exit */
  SHUTDOWN_GRACE_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 10 }),
  /** how often expired login throttles, OAuth codes and tokens are deleted; 0: never */
  HOUSEKEEPING_INTERVAL_SECONDS: Type.Integer({ minimum: 0, maximum: 86400, default: 600 }),
});

export type Config = Static<typeof EnvironmentSchema>;

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvironmentSchema.properties)) {
    const value = environment[key];
    if (value !== undefined && value !== "") raw[key] = value;
  }
  const withDefaults = Value.Default(EnvironmentSchema, raw);
  const converted = Value.Convert(EnvironmentSchema, withDefaults);
  if (!Value.Check(EnvironmentSchema, converted)) {
    const problems = [...Value.Errors(EnvironmentSchema, converted)].map(
      (error) => `${error.path.slice(1)}: ${error.message}`,
    );
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  return converted;
}
