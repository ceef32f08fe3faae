/**
 * `kasboek oauth-clients`, run as a real process against the test run's database: the JSON it
 * prints, the secret stored only as a hash, public clients without a secret, and redirect URIs
 * refused at registration.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/support/app.js";
import { postForm } from "../../../test/support/oauth.js";

const run = promisify(execFile);
let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

async function kasboek(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [inject("cliEntry"), ...args], {
      env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout: string; stderr: string; code: number };
    return { stdout: failure.stdout, stderr: failure.stderr, code: failure.code };
  }
}

type ClientsTable = { oauth_clients: { client_id: string; secret_hash: string | null; redirect_uris: string } };

async function storedClient(clientId: string) {
  return harness.deps.db
    .withTables<ClientsTable>()
    .selectFrom("oauth_clients")
    .selectAll()
    .where("client_id", "=", clientId)
    .executeTakeFirstOrThrow();
}

describe("kasboek oauth-clients create", () => {
  it("--json prints one object; the secret is stored only as its SHA-256 and authenticates", async () => {
    const result = await kasboek(
      "oauth-clients",
      "create",
      "--name",
      "Webshop",
      "--redirect-uri",
      "https://shop.example.test/cb",
      "--redirect-uri",
      "http://localhost:8080/cb",
      "--json",
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
    const created = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(created)).toEqual(["client_id", "client_secret", "name", "redirect_uris"]);
    expect(created).toMatchObject({
      name: "Webshop",
      redirect_uris: ["https://shop.example.test/cb", "http://localhost:8080/cb"],
    });
    const clientId = String(created.client_id);
    const secret = String(created.client_secret);
    expect(secret).toMatch(/^kbs_[\w-]{43}$/);
    const row = await storedClient(clientId);
    expect(row.secret_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret);

    // the secret authenticates: a made-up token is revoked with 200, a wrong secret is 401
    const revoke = (clientSecret: string) =>
      postForm(harness.app, "/oauth/revoke", { token: "x", client_id: clientId, client_secret: clientSecret });
    expect((await revoke(secret)).statusCode).toBe(200);
    expect((await revoke(`${secret}x`)).statusCode).toBe(401);
  });

  it("--public registers a client without a secret", async () => {
    const result = await kasboek(
      "oauth-clients",
      "create",
      "--public",
      "--name",
      "Desktop app",
      "--redirect-uri",
      "http://127.0.0.1/cb",
      "--json",
    );
    expect(result.code, result.stderr).toBe(0);
    const created = JSON.parse(result.stdout) as { client_id: string; client_secret: string | null };
    expect(created.client_secret).toBeNull();
    expect((await storedClient(created.client_id)).secret_hash).toBeNull();
  });

  it("refuses a redirect URI it cannot accept (the rules themselves: rules.test.ts), and none at all", async () => {
    const uri = "http://shop.example.test/cb";
    const result = await kasboek("oauth-clients", "create", "--name", "Bad", "--redirect-uri", uri, "--json");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`redirect URI ${uri} must use https`);
    expect(result.stdout).toBe("");
    const missing = await kasboek("oauth-clients", "create", "--name", "No URI");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--redirect-uri is required");
  });
});
