/**
 * compose.yaml, checked without Docker (our CI cannot run it): its services, images, health checks
 * and start order, and every variable it gives Kasboek declared by src/config.ts and valid there.
 * Each rule returns the problems it finds; the real file must have none, and every rule is shown
 * to catch, on a broken copy, the mistake it exists for, so no check passes vacuously.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { configFrom } from "./support/config.js";
import { declaredEnvironmentVariables } from "./support/readme.js";

const read = (file: string) => readFileSync(file, "utf8");
const COMPOSE: unknown = parse(read("compose.yaml"));
const DECLARED = declaredEnvironmentVariables();

type Mapping = Record<string, unknown>;
const mapping = (value: unknown): Mapping =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Mapping) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A service's environment as name → text, from either of compose's two forms. */
function environmentOf(service: Mapping): Record<string, string> {
  const raw = service.environment;
  if (Array.isArray(raw)) return Object.fromEntries(raw.map((entry) => String(entry).split(/=(.*)/s).slice(0, 2)));
  return Object.fromEntries(Object.entries(mapping(raw)).map(([name, value]) => [name, String(value ?? "")]));
}

/** Only `${NAME:?message}`: a value the operator must give, so nothing here to check. */
const REQUIRED = /^\$\{\w+:?\?[^}]*\}$/;
/** Compose's `${NAME:-default}` with its default, any other reference with a sample value. */
const interpolate = (text: string) =>
  text.replace(/\$\{\w+(?::?-([^}]*)|:?\?[^}]*)?\}/g, (_, fallback?: string) => fallback ?? "sample");
const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1 };
const seconds = (text: string) =>
  [...text.matchAll(/(\d+)([hms])/g)].reduce(
    (sum, [, count, unit = ""]) => sum + Number(count) * (UNIT_SECONDS[unit] ?? 0),
    0,
  );

/** Everything wrong with a parsed compose file. */
function composeProblems(compose: unknown): string[] {
  const problems: string[] = [];
  const services = mapping(mapping(compose).services);
  const [kasboek, postgres] = [mapping(services.kasboek), mapping(services.postgres)];
  for (const name of ["kasboek", "postgres", "redis"]) if (!services[name]) problems.push(`no ${name} service`);
  const context = typeof kasboek.build === "string" ? kasboek.build : String(mapping(kasboek.build).context);
  if (!existsSync(path.join(context, "Dockerfile"))) problems.push("kasboek is not built from the Dockerfile");
  for (const name of ["postgres", "redis"]) {
    const image = String(mapping(services[name]).image);
    if (!new RegExp(`^${name}:[\\w.-]+$`).test(image) || image.endsWith(":latest"))
      problems.push(`${name} image ${image} is not pinned`);
  }
  const probe = (name: string) => list(mapping(mapping(services[name]).healthcheck).test).join(" ");
  if (!probe("postgres").includes("pg_isready")) problems.push("postgres has no pg_isready health check");
  const dependencies = mapping(kasboek.depends_on);
  for (const name of new Set(["postgres", ...Object.keys(dependencies)])) {
    if (mapping(dependencies[name]).condition !== "service_healthy" || probe(name) === "")
      problems.push(`kasboek does not wait for ${name} to be healthy`);
  }
  const named = mapping(mapping(compose).volumes);
  const mounted = list(postgres.volumes).map((volume) =>
    /^([\w-]+):\/var\/lib\/postgresql\/data$/.exec(String(volume)),
  );
  if (!mounted.some((mount) => mount?.[1] !== undefined && mount[1] in named))
    problems.push("postgres data in no named volume");

  const environment = environmentOf(kasboek);
  const postgresEnvironment = environmentOf(postgres);
  for (const [name, value] of Object.entries(environment)) {
    if (!DECLARED.includes(name)) problems.push(`${name} is not declared by src/config.ts`);
    else if (!REQUIRED.test(value) && !configFrom({ [name]: interpolate(value) }))
      problems.push(`${name}=${value} is refused by src/config.ts`);
  }
  for (const [name, value] of Object.entries({ ...postgresEnvironment, ...environment })) {
    if (/SECRET|PASSWORD|TOKEN/.test(name) && !REQUIRED.test(value) && !/^\$\{\w+:?-\}$/.test(value))
      problems.push(`${name} is not taken from the environment`);
  }
  if (!/^\$\{SESSION_SECRET:\?.+\}$/.test(environment.SESSION_SECRET ?? ""))
    problems.push("SESSION_SECRET is not required from the environment");
  const literal = Object.entries(environment).filter(([, value]) => !REQUIRED.test(value));
  const config = configFrom(Object.fromEntries(literal.map(([name, value]) => [name, interpolate(value)])));
  const database = new URL(config?.DATABASE_URL ?? "sqlite:");
  const password = /^\$\{(\w+)/.exec(postgresEnvironment.POSTGRES_PASSWORD ?? "")?.[1] ?? "POSTGRES_PASSWORD";
  const sameDatabase =
    database.protocol === "postgres:" &&
    database.hostname === "postgres" &&
    database.username === postgresEnvironment.POSTGRES_USER &&
    database.pathname === `/${postgresEnvironment.POSTGRES_DB}` &&
    (environment.DATABASE_URL ?? "").includes(`:\${${password}`);
  if (!sameDatabase) problems.push(`DATABASE_URL ${environment.DATABASE_URL} is not the postgres service's database`);
  if (!config?.REDIS_URL || new URL(config.REDIS_URL).hostname !== "redis")
    problems.push("REDIS_URL is not the redis service");
  if (config?.HOST !== "0.0.0.0") problems.push(`kasboek listens on ${config?.HOST} only`);
  const published = list(kasboek.ports).map((port) =>
    String(port)
      .replace(/\/tcp$/, "")
      .split(":")
      .at(-1),
  );
  if (!published.includes(String(config?.PORT))) problems.push(`no port maps to PORT ${config?.PORT}`);
  // Docker's default is 10 s, then SIGKILL: it must outlast the service's own grace period.
  if (seconds(String(kasboek.stop_grace_period ?? "10s")) <= (config?.SHUTDOWN_GRACE_SECONDS ?? 0)) {
    problems.push("Docker would kill kasboek before its own shutdown grace period ends");
  }
  return problems;
}

describe("compose.yaml", () => {
  it("passes every rule", () => {
    expect(composeProblems(COMPOSE)).toEqual([]);
  });

  type Edit = (compose: unknown) => void;
  const service = (compose: unknown, name: string) => mapping(mapping(mapping(compose).services)[name]);
  const set =
    (name: string, key: string, value: unknown): Edit =>
    (compose) => {
      service(compose, name)[key] = value;
    };
  const setEnvironment =
    (name: string, value: string): Edit =>
    (compose) => {
      mapping(service(compose, "kasboek").environment)[name] = value;
    };
  const edits: [string, Edit, string][] = [
    ["a missing service", (compose) => delete mapping(mapping(compose).services).redis, "no redis"],
    ["an unpinned image", set("postgres", "image", "postgres:latest"), "not pinned"],
    ["no pg_isready", set("postgres", "healthcheck", undefined), "pg_isready"],
    ["an impatient start", set("kasboek", "depends_on", {}), "wait for postgres"],
    ["an unready dependency", set("redis", "healthcheck", undefined), "wait for redis"],
    ["an anonymous data volume", set("postgres", "volumes", ["/var/lib/postgresql/data"]), "named volume"],
    ["an undeclared data volume", (compose) => delete mapping(compose).volumes, "named volume"],
    ["an undeclared variable", setEnvironment("NODE_PORT", "3000"), "not declared"],
    ["an invalid value", setEnvironment("REDIS_URL", "http://redis:6379"), "refused"],
    ["a literal secret", setEnvironment("SESSION_SECRET", "x".repeat(40)), "environment"],
    ["another database", setEnvironment("DATABASE_URL", "sqlite:./data/kasboek.sqlite"), "DATABASE_URL"],
    ["a literal password", setEnvironment("DATABASE_URL", "postgres://kasboek:x@postgres/kasboek"), "DATABASE_URL"],
    ["loopback only", setEnvironment("HOST", "127.0.0.1"), "listens on 127.0.0.1"],
    ["another port", set("kasboek", "ports", ["3000:8080"]), "PORT 3000"],
    ["a short grace", set("kasboek", "stop_grace_period", "5s"), "grace"],
  ];
  it.each(edits)("flags %s", (_name, edit, problem) => {
    const broken: unknown = parse(read("compose.yaml"));
    edit(broken);
    expect(composeProblems(broken).join("\n")).toContain(problem);
  });
});
