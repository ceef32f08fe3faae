/**
 * For test/readme-examples.test.ts: README.md's code blocks, a shape reader for the `# {…}`
 * answers shown under its commands (`…` stands for anything), a fresh database with a
 * `kasboek serve` process on it, and the bash session the blocks run in. No test framework in
 * here, and nothing that needs a file outside the repository: the test runs on a bare clone.
 */
import { execFile, spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { freePort } from "./server-process.js";

/** The names src/config.ts declares in its environment schema, read from the source. */
export function declaredEnvironmentVariables(): string[] {
  const source = readFileSync("src/config.ts", "utf8");
  const schema = /Type\.Object\(\{([\s\S]*?)\n\}\);/.exec(source)?.[1] ?? "";
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] ?? "");
}

export interface ReadmeBlock {
  language: string;
  text: string;
  /** the README line of the opening fence */
  line: number;
  heading: string;
  /** from `<!-- readme-test: … -->` right above the fence */
  marker: string | undefined;
}

/** Every fenced code block, with the heading it is under and the marker above it. */
export function readmeBlocks(markdown: string): ReadmeBlock[] {
  const blocks: ReadmeBlock[] = [];
  const lines = markdown.split("\n");
  let heading = "";
  let marker: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const fence = /^(\s*)```(\w*)\s*$/.exec(line);
    if (!fence) {
      heading = /^#{1,6} (.*)/.exec(line)?.[1] ?? heading;
      const comment = /^\s*<!-- readme-test: (.*?) -->\s*$/.exec(line);
      if (comment) marker = comment[1];
      else if (line.trim() !== "") marker = undefined;
      continue;
    }
    const indent = fence[1]?.length ?? 0;
    const start = index;
    const body: string[] = [];
    for (index++; index < lines.length && !/^\s*```\s*$/.test(lines[index] ?? ""); index++) {
      body.push((lines[index] ?? "").slice(indent));
    }
    blocks.push({ language: fence[2] ?? "", text: body.join("\n"), line: start + 1, heading, marker });
    marker = undefined;
  }
  return blocks;
}

/** What a README JSON example allows: `…` is anything, `"kbc_…"` a string around it. */
export type Shape =
  | { kind: "any" }
  | { kind: "string"; parts: string[] }
  | { kind: "number" | "boolean" | "null" }
  | { kind: "array"; items: Shape[]; open: boolean }
  | { kind: "object"; members: [string, Shape][]; open: boolean };

/** Reads JSON in which `…` may stand for a value, an array item or object members. */
export function parseShape(text: string): Shape {
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|…|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|[{}[\]:,]|\S/g) ?? [];
  let position = 0;
  const next = () => tokens[position++] ?? "";
  const expect = (token: string) => {
    const found = next();
    if (found !== token) throw new Error(`README JSON: expected ${token}, found ${found} in ${text}`);
  };
  const value = (): Shape => {
    const token = next();
    if (token === "…") return { kind: "any" };
    if (token.startsWith('"')) return { kind: "string", parts: (JSON.parse(token) as string).split("…") };
    if (token === "true" || token === "false") return { kind: "boolean" };
    if (token === "null") return { kind: "null" };
    if (/^-?\d/.test(token)) return { kind: "number" };
    const close = token === "{" ? "}" : token === "[" ? "]" : undefined;
    if (!close) throw new Error(`README JSON: unexpected ${token} in ${text}`);
    const members: [string, Shape][] = [];
    const items: Shape[] = [];
    let open = false;
    while (tokens[position] !== close) {
      if (tokens[position] === "…") {
        open = true;
        next();
      } else if (close === "}") {
        const key = JSON.parse(next()) as string;
        expect(":");
        members.push([key, value()]);
      } else items.push(value());
      if (tokens[position] !== close) expect(",");
    }
    next();
    return close === "}" ? { kind: "object", members, open } : { kind: "array", items, open };
  };
  const shape = value();
  if (position !== tokens.length) throw new Error(`README JSON: text after the value in ${text}`);
  return shape;
}

/** Where `actual` departs from the README's shape: missing, extra or reordered keys, other types. */
export function shapeProblems(shape: Shape, actual: unknown, where = "answer"): string[] {
  const kind = actual === null ? "null" : Array.isArray(actual) ? "array" : typeof actual;
  if (shape.kind === "any") return [];
  if (shape.kind !== kind) return [`${where} is ${kind}, the README shows ${shape.kind}`];
  if (shape.kind === "string") {
    const [first = "", ...rest] = shape.parts;
    const text = String(actual);
    const matches = rest.length === 0 || (text.startsWith(first) && text.endsWith(rest.at(-1) ?? ""));
    return matches ? [] : [`${where} is ${JSON.stringify(text)}, the README shows ${shape.parts.join("…")}`];
  }
  if (shape.kind === "array" && Array.isArray(actual)) {
    const problems = shape.items.flatMap((item, index) => shapeProblems(item, actual[index], `${where}[${index}]`));
    if (!shape.open && actual.length !== shape.items.length) problems.push(`${where} has ${actual.length} items`);
    return problems;
  }
  if (shape.kind !== "object" || typeof actual !== "object" || actual === null) return [];
  const record = actual as Record<string, unknown>;
  const keys = Object.keys(record);
  const problems = shape.members.flatMap(([key, member]) =>
    key in record ? shapeProblems(member, record[key], `${where}.${key}`) : [`${where} has no ${key}`],
  );
  const positions = shape.members.map(([key]) => keys.indexOf(key)).filter((found) => found >= 0);
  if (positions.some((found, index) => index > 0 && found < (positions[index - 1] ?? 0))) {
    problems.push(`${where}'s keys are not in the README's order: ${keys.join(", ")}`);
  }
  const extra = keys.filter((key) => !shape.members.some(([shown]) => shown === key));
  if (!shape.open && extra.length > 0) problems.push(`${where} has keys the README does not show: ${extra.join(", ")}`);
  return problems;
}

/**
 * A new, empty database for one run: a SQLite file, or with TEST_DATABASE_URL (as every other
 * test) a new PostgreSQL database on that server, dropped by `drop`. Not migrated: the server
 * migrates it when it starts, as it does in production.
 */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // memory-backed where the machine has it, as test/support/global-setup.ts does
    const directory = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "kasboek-readme-"));
    const drop = async () => rmSync(directory, { recursive: true, force: true });
    return { url: `sqlite:${path.join(directory, "kasboek.sqlite")}`, drop };
  }
  const name = `kasboek_readme_${Date.now()}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Runs `kasboek serve` (this run's build of the sources, global-setup.ts) on `databaseUrl` and resolves once /health/ready says
 * the migrations are applied. Settings from the caller's environment are left out, so the server
 * runs on the defaults the README describes.
 */
export async function startServer(databaseUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const environment: NodeJS.ProcessEnv = { ...process.env };
  for (const name of declaredEnvironmentVariables()) delete environment[name];
  const child = spawn(process.execPath, [inject("cliEntry"), "serve"], {
    env: { ...environment, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => {
    errors += String(chunk);
  });
  let running = true;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => {
    running = false;
  });
  // a test process that ends without its afterAll must not leave the server behind
  const kill = () => child.kill("SIGTERM");
  process.once("exit", kill);
  const stop = async () => {
    process.off("exit", kill);
    if (running) kill();
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300 && running; attempt++) {
    const ready = await fetch(`${url}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`kasboek serve did not become ready:\n${errors}`);
}

/** A block runs a handful of CLI processes at most; a slow, shared machine may need this long. */
export const BLOCK_TIMEOUT_MS = 60_000;

/** One `curl` or `npx kasboek` a README block ran, as the shell's wrappers logged it. */
export interface Invocation {
  kind: "curl" | "kasboek";
  exitCode: number;
  /** what curl received or what kasboek printed */
  output: string;
  /** curl only: the HTTP status and the URL it asked */
  status: number;
  url: string;
}

/**
 * Wrappers the blocks run under. `curl` keeps the README's options and adds only where the answer
 * goes (a file, then printed as curl would) and `--write-out` for its status and URL; `npx
 * kasboek` runs the CLI from the sources, like the server, so a stale dist/ cannot hide a change.
 * Both log each call, so the test can hold every command a block shows to its outcome.
 */
const PRELUDE = String.raw`set -euo pipefail
source "$README_STATE"
curl() {
  local answer status=0 written
  answer=$(mktemp "$README_WORK/answer.XXXXXX")
  written=$(command curl --show-error "$@" --output "$answer" --write-out '%{http_code} %{url_effective}') || status=$?
  cat "$answer"
  printf 'curl\t%s\t%s\t%s\n' "$status" "$answer" "$written" >> "$README_LOG"
  return "$status"
}
npx() {
  if [ "$#" -eq 0 ] || [ "$1" != kasboek ]; then command npx "$@"; return; fi
  shift
  local output status=0
  output=$(mktemp "$README_WORK/output.XXXXXX")
  node "$README_CLI_ENTRY" "$@" > "$output" || status=$?
  cat "$output"
  printf 'kasboek\t%s\t%s\t-\n' "$status" "$output" >> "$README_LOG"
  return "$status"
}
`;

/**
 * A shell session across README blocks: each block runs in its own bash with `set -euo
 * pipefail`, and the upper-case variables it assigns (TOKEN, COMPANY, …) carry over to the next.
 */
export class ReadmeShell {
  readonly #work = mkdtempSync(path.join(tmpdir(), "kasboek-readme-shell-"));
  readonly #state = path.join(this.#work, "state.sh");
  readonly #log = path.join(this.#work, "calls.tsv");
  readonly #environment: NodeJS.ProcessEnv;

  constructor(databaseUrl: string) {
    writeFileSync(this.#state, "");
    const { PATH, HOME } = process.env;
    this.#environment = { PATH, HOME, DATABASE_URL: databaseUrl, README_STATE: this.#state, README_LOG: this.#log };
    Object.assign(this.#environment, {
      README_WORK: this.#work,
      README_CLI_ENTRY: inject("cliEntry"),
    });
  }

  /** Runs `script`; answers its output and the curl/kasboek calls it made, in order. */
  async run(script: string): Promise<{ stdout: string; stderr: string; invocations: Invocation[] }> {
    writeFileSync(this.#log, "");
    const names = [...new Set([...script.matchAll(/\b([A-Z][A-Z0-9_]*)=/g)].map((match) => match[1]))];
    const keep = `for name in ${names.join(" ")}; do if [ -n "\${!name+x}" ]; then declare -p "$name"; fi; done`;
    const file = path.join(this.#work, "block.sh");
    writeFileSync(file, `${PRELUDE}\n${script}\n${names.length > 0 ? `${keep} >> "$README_STATE"` : ""}\n`);
    const { stdout, stderr, exitCode } = await new Promise<{ stdout: string; stderr: string; exitCode: number }>(
      (resolve) =>
        execFile(
          "bash",
          [file],
          { cwd: this.#work, env: this.#environment, timeout: BLOCK_TIMEOUT_MS },
          (error, out, err) => resolve({ stdout: out, stderr: err, exitCode: error ? Number(error.code ?? 1) : 0 }),
        ),
    );
    if (exitCode !== 0) throw new Error(`the block failed with exit code ${exitCode}:\n${stdout}\n${stderr}`);
    const invocations = readFileSync(this.#log, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line): Invocation => {
        const [kind = "", code = "", output = "", written = ""] = line.split("\t");
        const [status = "0", url = ""] = written.split(" ");
        const text = readFileSync(output, "utf8");
        return {
          kind: kind === "curl" ? "curl" : "kasboek",
          exitCode: Number(code),
          output: text,
          status: Number(status),
          url,
        };
      });
    return { stdout, stderr, invocations };
  }

  /** The values the blocks so far left in these variables ("" when unset). */
  async variables(...names: string[]): Promise<string[]> {
    const script = `for name in ${names.join(" ")}; do printf '%s\\0' "\${!name-}"; done`;
    const { stdout } = await this.run(script);
    return stdout.split("\0").slice(0, names.length);
  }

  /** Sets variables for the blocks that follow, as if a block had assigned them. */
  define(values: Record<string, string>): void {
    const lines = Object.entries(values).map(([name, value]) => `${name}='${value.replaceAll("'", "'\\''")}'\n`);
    appendFileSync(this.#state, lines.join(""));
  }

  close(): void {
    rmSync(this.#work, { recursive: true, force: true });
  }
}
