/**
 * The Dockerfile, .dockerignore and compose.yaml, checked without Docker (our CI cannot run it):
 * hadolint-style rules on a parsed Dockerfile, and compose.yaml's structure against the service
 * itself — every variable it gives Kasboek is declared by src/config.ts and valid there, every
 * file the image copies exists and is in the build context. Each rule returns the problems it
 * finds; the real files must have none, and every rule is shown to catch, on a broken copy,
 * the mistake it exists for, so no check passes vacuously.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type Config, loadConfig } from "../src/config.js";
import { declaredEnvironmentVariables } from "./support/readme.js";

const read = (file: string) => readFileSync(file, "utf8");
const DOCKERFILE = read("Dockerfile");
const COMPOSE: unknown = parse(read("compose.yaml"));
const PACKAGE = JSON.parse(read("package.json")) as { files: string[]; bin: Record<string, string> };
const LOCK = JSON.parse(read("package-lock.json")) as {
  packages: Record<string, { dev?: boolean; hasInstallScript?: boolean }>;
};
const DECLARED = declaredEnvironmentVariables();

interface Instruction {
  keyword: string;
  /** `--name=value` options before the arguments (`--from`, `--chown`, `--interval`, …) */
  flags: Map<string, string>;
  text: string;
}
interface Stage {
  image: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** Joins continuation lines, drops comments and groups instructions by `FROM`. */
function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  let pending = "";
  for (const line of text.split("\n")) {
    if (/^\s*#/.test(line) || (pending !== "" && line.trim() === "")) continue;
    pending += line.replace(/\\\s*$/, " ");
    if (/\\\s*$/.test(line) || pending.trim() === "") continue;
    const match = /^\s*(\w+)\s+(.*)$/.exec(pending);
    pending = "";
    if (!match) throw new Error(`not an instruction: ${line}`);
    let rest = (match[2] ?? "").trim();
    const flags = new Map<string, string>();
    for (let flag = /^--([\w-]+)=(\S+)\s+/.exec(rest); flag; flag = /^--([\w-]+)=(\S+)\s+/.exec(rest)) {
      flags.set(flag[1] ?? "", flag[2] ?? "");
      rest = rest.slice(flag[0].length);
    }
    const instruction = { keyword: (match[1] ?? "").toUpperCase(), flags, text: rest };
    if (instruction.keyword === "FROM") {
      const [image = "", as, name] = rest.split(/\s+/);
      stages.push({ image, name: as?.toUpperCase() === "AS" ? name : undefined, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`${instruction.keyword} before FROM`);
      stage.instructions.push(instruction);
    }
  }
  return stages;
}

/** The arguments of an exec-form (JSON array) instruction; null for the shell form. */
function execForm(text: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((part) => typeof part === "string") ? parsed : null;
  } catch {
    return null;
  }
}

/** `.dockerignore` as Docker reads it: the last pattern matching a path or a parent decides. */
function inBuildContext(file: string): boolean {
  let included = true;
  for (const line of read(".dockerignore").split("\n")) {
    const pattern = line.trim();
    if (pattern === "" || pattern.startsWith("#")) continue;
    const negated = pattern.startsWith("!");
    const glob = pattern.replace(/^!/, "").replace(/^\/|\/$/g, "");
    // `**/` is any number of directories, `*` and `?` stay within one; the rest is literal
    const tokens: Record<string, string> = { "**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]" };
    const source = glob
      .split(/(\*\*\/|\*\*|\*|\?)/)
      .map((part, index) => (index % 2 === 1 ? (tokens[part] ?? "") : part.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
      .join("");
    const parts = file.split("/");
    const candidates = parts.map((_, index) => parts.slice(0, index + 1).join("/"));
    if (candidates.some((candidate) => new RegExp(`^${source}$`).test(candidate))) included = negated;
  }
  return included;
}

const runsOf = (stage: Stage) => stage.instructions.filter((each) => each.keyword === "RUN").map((each) => each.text);
const wordsOf = (text: string) => execForm(text) ?? text.split(/\s+/);
const isRoot = (user: string) => /^(root|0)(:|$)/.test(user);

/** The configuration these settings give, or undefined when src/config.ts refuses them. */
function configFrom(environment: Record<string, string>): Config | undefined {
  try {
    return loadConfig(environment);
  } catch {
    return undefined;
  }
}

/** The rules for every stage: pinned bases, how dependencies are installed, what is copied. */
function stageProblems(stages: Stage[], build: Stage | undefined): string[] {
  const problems: string[] = [];
  const names = new Set(stages.map((stage) => stage.name));
  for (const { image } of stages.filter((stage) => !names.has(stage.image))) {
    const tag = /^[^:@]+(?::([\w.-]+))?(@sha256:[0-9a-f]{64})?$/.exec(image);
    if (!tag || (!tag[1] && !tag[2]) || tag[1] === "latest") problems.push(`base image ${image} is not pinned`);
  }
  if (build && build.image !== stages.at(-1)?.image) problems.push("the build stage's base differs from the runtime's");
  const runs = stages.flatMap(runsOf);
  if (runs.some((run) => /npm (install|i)(\s|$)/.test(run))) problems.push("`npm install` instead of `npm ci`");
  if (!runs.some((run) => /npm ci\b/.test(run))) problems.push("no `npm ci`");
  // Without install scripts a native addon (a package with a binding.gyp) is never compiled, so
  // each must be rebuilt by name; other install scripts (telemetry, messages) may stay skipped.
  const scriptsSkipped = runs.some((run) => /npm ci\b[^&;]*--ignore-scripts/.test(run));
  for (const [location, entry] of Object.entries(LOCK.packages)) {
    const addon = location.replace(/^.*node_modules\//, "");
    if (!scriptsSkipped || entry.dev || !existsSync(path.join(location, "binding.gyp"))) continue;
    if (!runs.some((run) => run.includes(`npm rebuild ${addon}`))) problems.push(`native addon ${addon} is not built`);
  }
  if (build && !runsOf(build).some((run) => /npm prune --omit=dev/.test(run))) problems.push("dev deps not pruned");
  for (const run of runs.filter((each) => /apt-get install/.test(each))) {
    if (!run.includes("--no-install-recommends")) problems.push("apt-get install without --no-install-recommends");
    if (!run.includes("rm -rf /var/lib/apt/lists")) problems.push("apt lists left in the image");
  }
  for (const { keyword, flags, text } of stages.flatMap((stage) => stage.instructions)) {
    if (keyword === "WORKDIR" && !text.startsWith("/")) problems.push(`WORKDIR ${text} is relative`);
    if ((keyword === "CMD" || keyword === "ENTRYPOINT") && !execForm(text))
      problems.push(`${keyword} is not in exec form`);
    const sources = wordsOf(text).slice(0, -1);
    if (keyword === "ADD" && sources.some((source) => !/^https?:\/\//.test(source)))
      problems.push(`ADD of local files: ${text}`);
    if (keyword === "COPY" && flags.get("from") === undefined) {
      for (const source of sources) {
        if (!existsSync(source)) problems.push(`COPY ${source}: no such file in the repository`);
        else if (!inBuildContext(path.normalize(source))) problems.push(`COPY ${source}: excluded by .dockerignore`);
      }
    }
  }
  return problems;
}

/** The rules for the runtime stage, walked in order: where files land, who runs what, how it is probed. */
function runtimeProblems(runtime: Stage, build: Stage | undefined): string[] {
  const problems: string[] = [];
  let workdir = "/";
  let user = "root";
  let rootStarts = false;
  const copied = new Set<string>();
  const environment: Record<string, string> = {};
  const command: Record<string, string[]> = {};
  for (const { keyword, flags, text } of runtime.instructions) {
    const words = wordsOf(text);
    if (keyword === "WORKDIR") workdir = path.posix.resolve(workdir, text);
    if (keyword === "USER") user = text;
    for (const [, name = "", value = ""] of keyword === "ENV" ? text.matchAll(/(\w+)=("[^"]*"|\S*)/g) : []) {
      environment[name] = value.replace(/^"|"$/g, "");
    }
    const from = flags.get("from");
    if (keyword === "COPY" && from !== undefined && from !== build?.name)
      problems.push(`COPY --from=${from} is not the build stage`);
    if (keyword === "COPY") {
      const target = path.posix.resolve(workdir, words.at(-1) ?? "");
      const intoDirectory = words.length > 2 || /\/$/.test(words.at(-1) ?? "");
      for (const source of words.slice(0, -1))
        copied.add(intoDirectory ? path.posix.join(target, path.basename(source)) : target);
    }
    if (keyword === "CMD" || keyword === "ENTRYPOINT") {
      command[keyword] = execForm(text) ?? [];
      rootStarts ||= isRoot(user);
    }
  }
  if (isRoot(user) || rootStarts) problems.push("the service runs as root");
  for (const needed of ["package.json", "node_modules", ...PACKAGE.files]) {
    if (!copied.has(path.posix.join(workdir, needed))) problems.push(`the runtime stage lacks ${needed}`);
  }
  const started = [...(command.ENTRYPOINT ?? []), ...(command.CMD ?? [])];
  const bin = path.normalize(PACKAGE.bin.kasboek ?? "");
  if (started[0] !== "node" || path.normalize(started[1] ?? "") !== bin || started[2] !== "serve") {
    problems.push(`the image starts ${started.join(" ")}, not node ${bin} serve`);
  }
  for (const [name, value] of Object.entries(environment)) {
    if (!DECLARED.includes(name)) problems.push(`ENV ${name} is not declared by src/config.ts`);
    else if (!configFrom({ [name]: value })) problems.push(`ENV ${name}=${value} is refused by src/config.ts`);
  }
  const config = configFrom(environment);
  if (config?.HOST !== "0.0.0.0") problems.push(`the server listens on ${config?.HOST} only`);
  const exposed = runtime.instructions.filter((each) => each.keyword === "EXPOSE").map((each) => each.text);
  if (!exposed.includes(String(config?.PORT))) problems.push(`EXPOSE ${exposed.join()} is not PORT ${config?.PORT}`);
  const databaseFile = config?.DATABASE_URL.replace(/^sqlite:/, "") ?? "";
  const dataDirectory = path.posix.resolve(workdir, path.posix.dirname(databaseFile));
  const { instructions } = runtime;
  const volume = instructions.findIndex(
    (each) => each.keyword === "VOLUME" && wordsOf(each.text).includes(dataDirectory),
  );
  if (volume === -1) problems.push(`no VOLUME for the SQLite directory ${dataDirectory}`);
  // what a build step changes in a volume's directory after VOLUME is thrown away
  const owned = instructions
    .slice(0, volume)
    .filter((each) => each.keyword === "RUN" && each.text.includes(`chown ${user}`));
  if (!owned.some((each) => each.text.includes(dataDirectory)))
    problems.push(`${dataDirectory} is not writable for ${user}`);
  const check = runtime.instructions.find((each) => each.keyword === "HEALTHCHECK");
  const probe = execForm(check?.text.replace(/^CMD\s+/, "") ?? "") ?? [];
  if (probe[0] !== "node") problems.push("no HEALTHCHECK in exec form run by node (slim images have no curl)");
  const probed = /\/health\/\w+/.exec(probe.join(" "))?.[0];
  if (probed !== "/health/ready") problems.push(`the HEALTHCHECK probes ${probed}, not /health/ready`);
  return problems;
}

function dockerfileProblems(text: string): string[] {
  const stages = parseDockerfile(text);
  const runtime = stages.at(-1);
  if (stages.length < 2 || !runtime) return ["not a multi-stage build"];
  const build = stages
    .slice(0, -1)
    .find((stage) => stage.name && runsOf(stage).some((run) => /npm run build/.test(run)));
  const problems = build?.name ? [] : ["no named build stage runs `npm run build`"];
  return [...problems, ...stageProblems(stages, build), ...runtimeProblems(runtime, build)];
}

describe("Dockerfile", () => {
  it("passes every rule", () => {
    expect(dockerfileProblems(DOCKERFILE)).toEqual([]);
    expect(read("src/modules/health/routes.ts")).toContain('app.get("/health/ready"');
  });

  it("keeps node_modules, dist, data, .git and local databases out of the build context", () => {
    for (const file of ["node_modules/x", "dist/main.js", "data/kasboek.sqlite", ".git/HEAD", "x.sqlite", ".env"]) {
      expect(inBuildContext(file), file).toBe(false);
    }
    expect(inBuildContext("src/main.ts")).toBe(true);
  });

  const edits: [string, string | RegExp, string, string][] = [
    ["a single stage", /FROM node:20-bookworm-slim AS build[\s\S]*?(?=FROM)/, "", "multi-stage"],
    ["an unnamed build stage", "AS build\n", "\n", "named build stage"],
    ["an unpinned base", "AS runtime", "AS runtime\nFROM node:latest", "not pinned"],
    ["another runtime base", "FROM node:20-bookworm-slim AS runtime", "FROM node:22-slim AS runtime", "base differs"],
    ["npm install", "npm ci --ignore-scripts", "npm install", "npm install"],
    ["a skipped native build", "\\\n  && npm rebuild better-sqlite3", "", "better-sqlite3 is not built"],
    ["unpruned dev deps", "\\\n  && npm prune", "&& true", "pruned"],
    ["recommended packages", "--no-install-recommends ", "", "no-install-recommends"],
    ["a relative WORKDIR", "WORKDIR /app\nCOPY", "WORKDIR app\nCOPY", "relative"],
    ["shell-form CMD", 'CMD ["serve"]', "CMD serve", "exec form"],
    ["ADD of local files", "COPY bin ./bin", "ADD bin ./bin", "ADD of local"],
    ["a moved file", "COPY bin ./bin", "COPY scripts ./bin", "no such file"],
    ["an ignored file", "COPY bin ./bin", "COPY README.md ./bin", "excluded by .dockerignore"],
    ["a missing dist", "COPY --from=build /app/dist ./dist\n", "", "lacks dist"],
    ["root", "USER node", "USER root", "as root"],
    ["no USER", "USER node\n", "", "as root"],
    ["a USER after the start", /USER node\n([\s\S]*)$/, "$1USER node\n", "as root"],
    ["a copy from elsewhere", "--from=build /app/dist", "--from=node:20 /app/dist", "not the build stage"],
    ["a wrong command", 'CMD ["serve"]', 'CMD ["migrate"]', "not node"],
    ["loopback only", "HOST=0.0.0.0", "HOST=127.0.0.1", "listens on 127.0.0.1"],
    ["an undeclared variable", "PORT=3000", "PORT=3000 NODE_PORT=3000", "not declared"],
    ["another port", "EXPOSE 3000", "EXPOSE 8080", "EXPOSE"],
    ["no data volume", 'VOLUME ["/app/data"]', 'VOLUME ["/data"]', "no VOLUME"],
    ["a root-owned volume", "chown node:node", "chmod 755", "writable"],
    ["a chown after VOLUME", /(RUN mkdir.*\n)(VOLUME.*\n)/, "$2$1", "writable"],
    ["a curl probe", '["node", "-e"', '["curl", "-e"', "run by node"],
    ["the liveness probe", "/health/ready'", "/health/live'", "not /health/ready"],
  ];
  it.each(edits)("flags %s", (_name, find, replacement, problem) => {
    const broken = DOCKERFILE.replace(find, replacement);
    expect(broken).not.toBe(DOCKERFILE);
    expect(dockerfileProblems(broken).join("\n")).toContain(problem);
  });
});

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
