/**
 * The servers of the bench, each a child process on 127.0.0.1 and a free port, started
 * through bench/processes.ts (so cleanup always stops them): Kasboek (the built `bin/kasboek.js
 * serve`, logs silent, rate limit out of reach but on), the bare Fastify baseline (bench/bare-server.ts as plain JavaScript, no
 * loader, so its memory is Fastify's alone), the raw-driver write baseline (bench/raw-server.ts
 * under tsx) and the mixed workload's raw-driver reads (bench/mixed-raw.ts under tsx). Each start
 * resolves once the server answers HTTP.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { freePort, type Server, startNode, waitUntilAnswers } from "./processes.js";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const CLI = join(ROOT, "bin", "kasboek.js");

/** The baseline as plain JavaScript (no TypeScript loader in its memory). */
const BARE_JS = ts.transpileModule(readFileSync(join(ROOT, "bench", "bare-server.ts"), "utf8"), {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
}).outputText;

/**
 * Kasboek's environment: logs silent, and the rate limiter left on (its work stays in the figures)
 * with a budget no run reaches, since every request of the bench carries the one token.
 */
export function kasboekEnv(databaseUrl: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "1000000000",
  };
}

export async function startKasboek(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const env = kasboekEnv(databaseUrl, port);
  const server = startNode("Kasboek", [CLI, "serve"], ROOT, env, port);
  await waitUntilAnswers(server);
  return server;
}

/** How node runs the bare baseline: `-e` ESM code resolves "fastify" from ROOT, so it loads Kasboek's own. */
export const BARE_ARGS: readonly string[] = ["--input-type=module", "-e", BARE_JS];

export async function startBare(): Promise<Server> {
  const port = await freePort();
  const server = startNode("bare", [...BARE_ARGS], ROOT, { ...process.env, PORT: String(port) }, port);
  await waitUntilAnswers(server);
  return server;
}

export async function startRaw(databaseUrl: string, companyId: number): Promise<Server> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, COMPANY_ID: String(companyId) };
  const args = ["--import", "tsx", join(ROOT, "bench", "raw-server.ts")];
  const server = startNode("raw driver", args, ROOT, env, port);
  await waitUntilAnswers(server);
  return server;
}

/** The mixed workload's raw-driver reads, answering padded bodies or (`"rows"`) the rows they read, as JSON. */
export async function startMixedRaw(databaseUrl: string, bodies: "padded" | "rows" = "padded"): Promise<Server> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, RAW_BODIES: bodies };
  const server = startNode("raw driver", ["--import", "tsx", join(ROOT, "bench", "mixed-raw.ts")], ROOT, env, port);
  await waitUntilAnswers(server);
  return server;
}
