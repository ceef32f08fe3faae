/**
 * The Dockerfile and .dockerignore, checked without Docker (our CI cannot run it): hadolint-style
 * rules on a parsed Dockerfile, against the service itself — every variable it sets is declared by
 * src/config.ts and valid there, every file the image copies exists and is in the build context.
 * Each rule returns the problems it finds; the real files must have none, and every rule is shown
 * to catch, on a broken copy, the mistake it exists for, so no check passes vacuously.
 * compose.yaml has its own test (compose.test.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configFrom } from "./support/config.js";
import { declaredEnvironmentVariables } from "./support/readme.js";

const read = (file: string) => readFileSync(file, "utf8");
const DOCKERFILE = read("Dockerfile");
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

/** The Node.js lines with long-term support when this was written (22 until 2027-04, 24 until 2028-04). */
const SUPPORTED_NODE_MAJORS = new Set(["22", "24"]);

/** The rules for every stage: pinned bases, how dependencies are installed, what is copied. */
function stageProblems(stages: Stage[], build: Stage | undefined): string[] {
  const problems: string[] = [];
  const names = new Set(stages.map((stage) => stage.name));
  for (const { image } of stages.filter((stage) => !names.has(stage.image))) {
    const tag = /^[^:@]+(?::([\w.-]+))?(@sha256:[0-9a-f]{64})?$/.exec(image);
    if (!tag || (!tag[1] && !tag[2]) || tag[1] === "latest") problems.push(`base image ${image} is not pinned`);
    else if (!tag[2]) problems.push(`base image ${image} is not pinned by digest`);
    // Node.js 20 ended in April 2026: the image runs a Node.js that still gets security fixes.
    const major = /^node:(\d+)/.exec(image)?.[1];
    if (major !== undefined && !SUPPORTED_NODE_MAJORS.has(major))
      problems.push(`base image ${image} is not a supported LTS`);
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
    ["a single stage", /FROM node:\S+ AS build[\s\S]*?(?=FROM)/, "", "multi-stage"],
    ["an unnamed build stage", "AS build\n", "\n", "named build stage"],
    ["an unpinned base", "AS runtime", "AS runtime\nFROM node:latest", "not pinned"],
    [
      "another runtime base",
      /FROM \S+ AS runtime/,
      "FROM node:22-slim@sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa AS runtime",
      "base differs",
    ],
    ["a base without a digest", /FROM \S+ AS runtime/, "FROM node:22-bookworm-slim AS runtime", "not pinned by digest"],
    ["an ended Node.js", /node:22-bookworm-slim@/g, "node:20-bookworm-slim@", "not a supported LTS"],
    ["npm install", "npm ci --ignore-scripts", "npm install", "npm install"],
    ["a skipped native build", "\\\n  && npm rebuild better-sqlite3", "", "better-sqlite3 is not built"],
    ["unpruned dev deps", "\\\n  && npm prune", "&& true", "pruned"],
    ["recommended packages", "--no-install-recommends ", "", "no-install-recommends"],
    ["a relative WORKDIR", "WORKDIR /app\nCOPY", "WORKDIR app\nCOPY", "relative"],
    ["shell-form CMD", 'CMD ["serve"]', "CMD serve", "exec form"],
    ["ADD of local files", "COPY bin ./bin", "ADD bin ./bin", "ADD of local"],
    ["a moved file", "COPY bin ./bin", "COPY tools ./bin", "no such file"],
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
