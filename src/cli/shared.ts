/**
 * What every CLI command shares: opening the configured database (migrated), argument parsing
 * with `--help`, and the one way a command fails (a message on stderr, exit code 1).
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import type { ServiceDeps } from "../platform/deps.js";
import { ApiError } from "../platform/errors.js";

export class UsageError extends Error {}

export interface CommandOptions {
  usage: string;
  options?: NonNullable<ParseArgsConfig["options"]>;
  allowPositionals?: boolean;
}

export type ParsedArguments = ReturnType<
  typeof parseArgs<{ options: NonNullable<ParseArgsConfig["options"]>; allowPositionals: true; strict: true }>
>;

/** Parses a command's arguments; returns null after printing help when `--help` was given. */
export function parseCommand(argv: string[], command: CommandOptions): ParsedArguments | null {
  const options = { ...command.options, help: { type: "boolean" as const, short: "h" } };
  let parsed: ParsedArguments;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${command.usage}`);
  }
  if (parsed.values.help) {
    process.stdout.write(`${command.usage}\n`);
    return null;
  }
  if (!command.allowPositionals && parsed.positionals.length > 0) {
    throw new UsageError(`Unexpected argument: ${parsed.positionals.join(" ")}\n\n${command.usage}`);
  }
  return parsed;
}

export function stringOption(parsed: ParsedArguments, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === "string" ? value : undefined;
}

export function requiredOption(parsed: ParsedArguments, name: string, usage: string): string {
  const value = stringOption(parsed, name);
  if (value === undefined || value.trim() === "") throw new UsageError(`--${name} is required\n\n${usage}`);
  return value;
}

/** Runs `work` with a migrated database and closes it afterwards. */
export async function withDatabase<Result>(work: (deps: ServiceDeps) => Promise<Result>): Promise<Result> {
  const config = loadConfig();
  const handle = openDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(handle.db);
    return await work({ db: handle.db, now: () => new Date() });
  } finally {
    await handle.close();
  }
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

/** Turns a failure into a message for a person; ApiErrors from services read well as they are. */
export function describeFailure(error: unknown): string {
  if (error instanceof UsageError || error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
