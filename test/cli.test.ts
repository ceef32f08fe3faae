/**
 * The `kasboek` command line, run as a real process against the test run's database.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyPassword } from "../src/modules/users/service.js";
import { TTL_MS } from "../src/platform/access-cache.js";
import { buildTestApp, json, request, type TestApp } from "./support/app.js";
import { PageBrowser } from "./support/pages.js";

/**
 * The command line is another process: a change it makes holds in this process's app within
 * TTL_MS, the longest the app remembers a token's or a company's access (platform/access-cache.ts).
 */
const heldEverywhere = () => sleep(TTL_MS + 50);

const run = promisify(execFile);
let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

async function kasboek(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  return kasboekOn(inject("databaseUrl"), ...args);
}

async function kasboekOn(
  databaseUrl: string,
  ...args: string[]
): Promise<{ stdout: string; stderr: string; code: number }> {
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

const email = () => `cli-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;

/** A valid Dutch VAT number: bootstrap makes a VAT-liable company unless told otherwise. */
const VAT_NUMBER = "NL123456782B01";

/** `kasboek bootstrap --json` for a VAT-liable company with only a name; answers what it printed. */
async function bootstrap(
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
const DETAIL_OPTIONS = [
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

type ShownCompany = Record<string, unknown>;

async function shownCompany(companyId: number, token: string): Promise<ShownCompany> {
  const response = await request(harness.app, "GET", `/api/v1/companies/${companyId}`, token);
  expect(response.statusCode).toBe(200);
  return json<{ company: ShownCompany }>(response).company;
}

describe("kasboek CLI", () => {
  it("bootstrap --json prints exactly one JSON object whose token works, and reuses the user", async () => {
    const address = email();
    const first = await kasboek(
      "bootstrap",
      "--email",
      address,
      "--company",
      "Kaasboer",
      "--vat-number",
      VAT_NUMBER,
      "--json",
    );
    expect(first.code).toBe(0);
    const created = JSON.parse(first.stdout) as { user_id: number; company_id: number; token: string };
    expect(Object.keys(created)).toEqual(["user_id", "company_id", "token"]);
    expect(first.stdout.trim().split("\n")).toHaveLength(1);

    const companies = await request(harness.app, "GET", "/api/v1/companies", created.token);
    expect(json<{ companies: Array<{ id: number; name: string }> }>(companies).companies).toEqual([
      expect.objectContaining({ id: created.company_id, name: "Kaasboer" }),
    ]);
    const ride = await request(harness.app, "POST", `/api/v1/companies/${created.company_id}/rides`, created.token, {
      ride: { km_end: 10, date: "2024-03-02" },
    });
    expect(ride.statusCode).toBe(201);

    const second = await bootstrap(address, "Tweede");
    expect(second.user_id).toBe(created.user_id);
    expect(second.company_id).not.toBe(created.company_id);
  });

  it("stores only a hash of the token bootstrap and tokens create print", async () => {
    const address = email();
    const boot = await bootstrap(address);
    const created = JSON.parse(
      (await kasboek("tokens", "create", "--email", address, "--scopes", "public", "--json")).stdout,
    ) as { token_id: number; token: string };
    const rows = await harness.deps.db
      .withTables<{ api_tokens: { id: number; user_id: number; token_hash: string } }>()
      .selectFrom("api_tokens")
      .selectAll()
      .where("user_id", "=", boot.user_id)
      .execute();
    const stored = JSON.stringify(rows);
    for (const token of [boot.token, created.token]) {
      expect(stored).not.toContain(token);
      expect(rows.map((row) => row.token_hash)).toContain(createHash("sha256").update(token).digest("hex"));
    }
  });

  it("prints the usage of each action for --help without touching the database", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "kasboek-help-"));
    const file = path.join(directory, "never.sqlite");
    try {
      const actions = [
        ["tokens", "create"],
        ["tokens", "list"],
        ["tokens", "revoke"],
        ["companies", "update"],
        ["bootstrap"],
        ["books", "backfill"],
      ];
      const results = await Promise.all(actions.map((action) => kasboekOn(`sqlite:${file}`, ...action, "--help")));
      for (const [index, result] of results.entries()) {
        const action = actions[index]?.join(" ") ?? "";
        expect(result.code, action).toBe(0);
        expect(result.stdout, action).toContain("Usage:");
        expect(result.stdout, action).toContain(`kasboek ${action} `);
        expect(result.stderr, action).toBe("");
        if (action === "companies update" || action === "bootstrap") {
          for (const option of DETAIL_OPTIONS) expect(result.stdout, action).toContain(`${option} `);
        }
      }
      expect(existsSync(file)).toBe(false);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("creates, lists and revokes tokens with the given scopes", async () => {
    const address = email();
    const boot = await bootstrap(address);
    const created = await kasboek("tokens", "create", "--email", address, "--scopes", "public,manage:rides", "--json");
    const issued = JSON.parse(created.stdout) as { token_id: number; token: string };
    expect(Object.keys(issued)).toEqual(["token_id", "token"]);

    const rides = await request(harness.app, "GET", `/api/v1/companies/${boot.company_id}/rides`, issued.token);
    expect(rides.statusCode).toBe(200);
    const me = await request(harness.app, "GET", "/api/v1/me", issued.token);
    expect(json(me)).toMatchObject({ error: { type: "client.authorization.invalid_scope" } });

    const listed = await kasboek("tokens", "list", "--email", address);
    expect(listed.stdout).toContain(`${issued.token_id}\tpersonal\tactive`);
    expect(listed.stdout).not.toContain(issued.token);

    expect((await kasboek("tokens", "revoke", String(issued.token_id))).code).toBe(0);
    await heldEverywhere();
    const after = await request(harness.app, "GET", `/api/v1/companies/${boot.company_id}/rides`, issued.token);
    expect(after.statusCode).toBe(401);
    expect((await kasboek("tokens", "revoke", "99999999")).code).toBe(1);
  });

  it("updates a company's access control", async () => {
    const boot = await bootstrap(email());
    const url = `/api/v1/companies/${boot.company_id}/rides`;
    const narrowed = await kasboek(
      "companies",
      "update",
      String(boot.company_id),
      "--allowed-scopes",
      "public,read:me",
    );
    expect(narrowed.code).toBe(0);
    await heldEverywhere();
    expect(json(await request(harness.app, "GET", url, boot.token))).toMatchObject({
      error: { type: "client.authorization.invalid_scope" },
    });
    await kasboek(
      "companies",
      "update",
      String(boot.company_id),
      "--allowed-scopes",
      "public,manage:rides",
      "--api-accessible",
      "false",
    );
    await heldEverywhere();
    expect(json(await request(harness.app, "GET", url, boot.token))).toMatchObject({
      error: { type: "client.authorization.access_denied" },
    });
    await kasboek("companies", "update", String(boot.company_id), "--api-accessible", "true");
    expect((await request(harness.app, "GET", url, boot.token)).statusCode).toBe(200);
  });

  it("bootstrap makes a complete company from the detail options, stored as the API stores them", async () => {
    const complete = await kasboek(
      "bootstrap",
      "--email",
      email(),
      "--company",
      "Voorbeeld BV",
      "--kvk",
      "12345678",
      "--vat-number",
      "nl 1234.56.782.b01",
      "--address",
      "Voorbeeldstraat 1",
      "--zipcode",
      "1234 AB",
      "--city",
      "Utrecht",
      "--iban",
      "nl91 abna 0417 1643 00",
      "--bic",
      "abnanl2a",
      "--email-address",
      "facturen@voorbeeld.example",
      "--website",
      "https://voorbeeld.example",
      "--json",
    );
    expect(complete.code, complete.stderr).toBe(0);
    const boot = JSON.parse(complete.stdout) as { company_id: number; token: string };
    expect(await shownCompany(boot.company_id, boot.token)).toMatchObject({
      name: "Voorbeeld BV",
      address: "Voorbeeldstraat 1",
      zipcode: "1234 AB",
      city: "Utrecht",
      country_code: "NL",
      kvk_number: "12345678",
      email: "facturen@voorbeeld.example",
      website: "https://voorbeeld.example",
      vat_liable: true,
      vat_number: "NL123456782B01",
      iban: "NL91ABNA0417164300",
      bic: "ABNANL2A",
    });

    const kor = await kasboek("bootstrap", "--email", email(), "--company", "KOR", "--vat-liable", "false", "--json");
    expect(kor.code, kor.stderr).toBe(0);
    const small = JSON.parse(kor.stdout) as { company_id: number; token: string };
    const shown = await shownCompany(small.company_id, small.token);
    expect(shown).toMatchObject({ vat_liable: false, vat_number: null, country_code: "NL" });
    expect(shown).not.toHaveProperty("iban");
  });

  it("bootstrap refuses missing or invalid details, naming the option, and stores nothing", async () => {
    const address = email();
    const base = ["bootstrap", "--email", address, "--company", "C"];
    const [noVatNumber, badIban, badBic, badLiable, badCountry, badKvk, badVatNumber] = await Promise.all([
      kasboek(...base),
      kasboek(...base, "--vat-number", VAT_NUMBER, "--iban", "NL92 ABNA 0417 1643 00"),
      kasboek(...base, "--vat-number", VAT_NUMBER, "--bic", "ABN"),
      kasboek(...base, "--vat-liable", "maybe"),
      kasboek(...base, "--vat-number", VAT_NUMBER, "--country", "Nederland"),
      kasboek(...base, "--vat-number", VAT_NUMBER, "--kvk", "1234567"),
      kasboek(...base, "--vat-number", "NL123456789B01", "--kvk", "12345678"),
    ]);
    for (const result of [noVatNumber, badIban, badBic, badLiable, badCountry, badKvk, badVatNumber]) {
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain("Usage: kasboek bootstrap");
    }
    expect(noVatNumber.stderr).toContain("--vat-number can't be blank when the company is VAT liable");
    expect(noVatNumber.stderr).toContain("--vat-liable false");
    expect(badIban.stderr).toContain("--iban is not a valid IBAN (its check digits do not match)");
    expect(badBic.stderr).toContain("--bic is not a valid BIC");
    expect(badLiable.stderr).toContain("--vat-liable must be true or false");
    expect(badCountry.stderr).toContain("--country is too long");
    expect(badKvk.stderr).toContain("Company is invalid: --kvk must be 8 digits\n");
    expect(badVatNumber.stderr).toContain(
      "Company is invalid: --vat-number is not a valid Dutch VAT number (its check digits do not match)\n",
    );
    const user = await kasboek("tokens", "list", "--email", address);
    expect(user.code).toBe(1);
    expect(user.stderr).toContain("No user with e-mail");
  });

  it("companies update changes the details given, keeps the rest, and refuses invalid ones", async () => {
    const boot = await bootstrap(email());
    const id = String(boot.company_id);
    const updated = await kasboek(
      "companies",
      "update",
      id,
      "--iban",
      "DE89 3704 0044 0532 0130 00",
      "--bic",
      "deutdeff500",
      "--city",
      "Amsterdam",
      "--json",
    );
    expect(updated.code, updated.stderr).toBe(0);
    const printed = JSON.parse(updated.stdout) as { company_id: number; access_control: unknown; company: unknown };
    expect(printed).toMatchObject({
      company_id: boot.company_id,
      access_control: { api_accessible: true },
      company: { iban: "DE89370400440532013000", bic: "DEUTDEFF500", city: "Amsterdam" },
    });
    const after = await shownCompany(boot.company_id, boot.token);
    expect(after).toMatchObject({
      name: "C",
      city: "Amsterdam",
      vat_liable: true,
      vat_number: VAT_NUMBER,
      iban: "DE89370400440532013000",
      bic: "DEUTDEFF500",
    });

    const [badIban, clearedVatNumber, nothing, badNumbers] = await Promise.all([
      kasboek("companies", "update", id, "--iban", "NL91ABNA041716430", "--api-accessible", "false"),
      kasboek("companies", "update", id, "--vat-number", ""),
      kasboek("companies", "update", id),
      kasboek("companies", "update", id, "--kvk", "1234 567A", "--vat-number", "NL12345678B01", "--city", "Zwolle"),
    ]);
    expect(badIban.code).toBe(1);
    expect(badIban.stderr).toContain("--iban is not a valid IBAN for NL (expected 18 characters, got 17)");
    expect(badNumbers.code).toBe(1);
    expect(badNumbers.stdout).toBe("");
    expect(badNumbers.stderr).toContain(
      "Company is invalid: --kvk must be 8 digits; " +
        "--vat-number is not a valid VAT number for NL (expected NL + 9 digits + B + 2 digits)\n",
    );
    expect(clearedVatNumber.code).toBe(1);
    expect(clearedVatNumber.stderr).toContain("--vat-number can't be blank when the company is VAT liable");
    expect(nothing.code).toBe(1);
    for (const option of ["--api-accessible", "--allowed-scopes", ...DETAIL_OPTIONS]) {
      expect(nothing.stderr).toContain(option);
    }
    // refused as a whole: neither the details nor the access control changed
    expect(await shownCompany(boot.company_id, boot.token)).toEqual(after);

    const kor = await kasboek("companies", "update", id, "--vat-liable", "false", "--vat-number", "", "--bic", "");
    expect(kor.code, kor.stderr).toBe(0);
    expect(kor.stdout).toContain("Details: vat_liable=false, vat_number=null, bic=null");
    const small = await shownCompany(boot.company_id, boot.token);
    expect(small).toMatchObject({ vat_liable: false, vat_number: null, iban: "DE89370400440532013000" });
    expect(small).not.toHaveProperty("bic");
  });

  it("prints help for every command and fails clearly on bad input", async () => {
    const commands = [[], ["serve"], ["migrate"], ["bootstrap"], ["tokens"], ["companies"], ["plans"]];
    const results = await Promise.all(commands.map((command) => kasboek(...command, "--help")));
    for (const [index, result] of results.entries()) {
      expect(result.code, commands[index]?.join(" ")).toBe(0);
      expect(result.stdout).toContain("Usage:");
    }
    const unknown = await kasboek("frobnicate");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown command");
    const missing = await kasboek("bootstrap", "--email", email());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--company is required");
    const badScope = await kasboek("tokens", "create", "--email", "x@example.test", "--scopes", "manage:everything");
    expect(badScope.stderr).toContain("Unknown scope");
    expect((await kasboek("migrate")).stdout).toContain("up to date");
  });
});

/** Runs the CLI with `input` on its standard input (a pipe, not a terminal). */
async function kasboekWithInput(
  input: string,
  ...args: string[]
): Promise<{ stdout: string; stderr: string; code: number }> {
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

describe("kasboek users set-password", () => {
  it("sets the password from the first line of standard input, which then signs in", async () => {
    const address = email();
    await bootstrap(address);
    const result = await kasboekWithInput(
      "  a password with spaces \r\nsecond line\n",
      "users",
      "set-password",
      "--email",
      address,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`Password set for ${address}.\n`);
    expect(result.stdout + result.stderr).not.toContain("a password with spaces");
    expect(await verifyPassword(harness.deps, address, "  a password with spaces ")).toMatchObject({ email: address });
    expect(await verifyPassword(harness.deps, address, "a password with spaces")).toBeNull();

    const browser = new PageBrowser(harness.app, { remoteAddress: "10.250.0.1" });
    const login = await browser.submit("/login", "/login", { email: address, password: "  a password with spaces " });
    expect(login.statusCode).toBe(303);
    expect((await browser.get("/account")).statusCode).toBe(200);
  });

  it("refuses a short password, an unknown user, empty input and a missing --email", async () => {
    const address = email();
    await bootstrap(address);
    const short = await kasboekWithInput("eleven char\n", "users", "set-password", "--email", address);
    expect([short.code, short.stderr]).toEqual([1, "kasboek: The password must be at least 12 characters long\n"]);
    const unknown = await kasboekWithInput("long enough password\n", "users", "set-password", "--email", email());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No user with e-mail");
    const empty = await kasboekWithInput("", "users", "set-password", "--email", address);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("No password on standard input");
    const missing = await kasboekWithInput("long enough password\n", "users", "set-password");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--email is required");
    expect(await verifyPassword(harness.deps, address, "long enough password")).toBeNull();
  });

  it("prints its usage for --help without touching the database", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "kasboek-help-"));
    const file = path.join(directory, "never.sqlite");
    try {
      for (const args of [
        ["users", "set-password", "--help"],
        ["users", "--help"],
      ]) {
        const result = await kasboekOn(`sqlite:${file}`, ...args);
        expect(result.code).toBe(0);
        expect(result.stdout).toContain("kasboek users set-password --email EMAIL");
      }
      expect(existsSync(file)).toBe(false);
      expect((await kasboek("--help")).stdout).toContain("users        set a user's password");
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
