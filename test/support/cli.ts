/**
 * Running the `kasboek` command line as a real process against the test run's database, for the
 * CLI suites (test/cli*.test.ts). Test code only.
 */
import { execFile } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { expect, inject } from "vitest";
import { TTL_MS } from "../../src/platform/access-cache.js";

/**
 * The command line is another process: a change it makes holds in this process's app within
 * TTL_MS, the longest the app remembers a token's or a company's access (platform/access-cache.ts).
 */
export const heldEverywhere = () => sleep(TTL_MS + 50);

const run = promisify(execFile);

export interface CliResult {
  stdout: string;
  stderr: string;
  code: number;
}

export async function kasboek(...args: string[]): Promise<CliResult> {
  return kasboekOn(inject("databaseUrl"), ...args);
}

export async function kasboekOn(databaseUrl: string, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [inject("cliEntry"), ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout: string; stderr: string; code: number };
    return { stdout: failure.stdout, stderr: failure.stderr, code: failure.code };
  }
}

/** Runs the CLI with `input` on its standard input (a pipe, not a terminal). */
export async function kasboekWithInput(input: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [inject("cliEntry"), ...args],
      { env: { ...process.env, DATABASE_URL: inject("databaseUrl") } },
      (error, stdout, stderr) => resolve({ stdout, stderr, code: error ? Number(error.code ?? 1) : 0 }),
    );
    child.stdin?.end(input);
  });
}

export const email = () => `cli-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;

/** A valid Dutch VAT number: bootstrap makes a VAT-liable company unless told otherwise. */
export const VAT_NUMBER = "NL123456782B01";

/** `kasboek bootstrap --json` for a VAT-liable company with only a name; answers what it printed. */
export async function bootstrap(
  address: string,
  company = "C",
): Promise<{ user_id: number; company_id: number; token: string }> {
  const result = await kasboek(
    "bootstrap",
    "--email",
    address,
    "--company",
    company,
    "--vat-number",
    VAT_NUMBER,
    "--json",
  );
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** The company detail options bootstrap and companies update share. */
export const DETAIL_OPTIONS = [
  "--kvk",
  "--vat-liable",
  "--vat-number",
  "--address",
  "--zipcode",
  "--city",
  "--country",
  "--email-address",
  "--website",
  "--iban",
  "--bic",
];
