/**
 * The `kasboek` command line, run as a real process against the test run's database.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildTestApp, json, request, type TestApp } from "./support/app.js";

const run = promisify(execFile);
let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

async function kasboek(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/main.ts", ...args], {
      env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout: string; stderr: string; code: number };
    return { stdout: failure.stdout, stderr: failure.stderr, code: failure.code };
  }
}

const email = () => `cli-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;

describe("kasboek CLI", () => {
  it("bootstrap --json prints exactly one JSON object whose token works, and reuses the user", async () => {
    const address = email();
    const first = await kasboek("bootstrap", "--email", address, "--company", "Kaasboer", "--json");
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

    const second = JSON.parse((await kasboek("bootstrap", "--email", address, "--company", "Tweede", "--json")).stdout);
    expect(second.user_id).toBe(created.user_id);
    expect(second.company_id).not.toBe(created.company_id);
  });

  it("creates, lists and revokes tokens with the given scopes", async () => {
    const address = email();
    const boot = JSON.parse((await kasboek("bootstrap", "--email", address, "--company", "C", "--json")).stdout);
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
    const after = await request(harness.app, "GET", `/api/v1/companies/${boot.company_id}/rides`, issued.token);
    expect(after.statusCode).toBe(401);
    expect((await kasboek("tokens", "revoke", "99999999")).code).toBe(1);
  });

  it("updates a company's access control", async () => {
    const boot = JSON.parse((await kasboek("bootstrap", "--email", email(), "--company", "C", "--json")).stdout);
    const url = `/api/v1/companies/${boot.company_id}/rides`;
    const narrowed = await kasboek(
      "companies",
      "update",
      String(boot.company_id),
      "--allowed-scopes",
      "public,read:me",
    );
    expect(narrowed.code).toBe(0);
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
    expect(json(await request(harness.app, "GET", url, boot.token))).toMatchObject({
      error: { type: "client.authorization.access_denied" },
    });
    await kasboek("companies", "update", String(boot.company_id), "--api-accessible", "true");
    expect((await request(harness.app, "GET", url, boot.token)).statusCode).toBe(200);
  });

  it("prints help for every command and fails clearly on bad input", async () => {
    const commands = [[], ["serve"], ["migrate"], ["bootstrap"], ["tokens"], ["companies"]];
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
