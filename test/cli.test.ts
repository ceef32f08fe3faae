/**
 * The `kasboek` command line, run as a real process against the test run's database: bootstrap,
 * tokens, access control and help. Company details: cli-company-details.test.ts; passwords:
 * cli-users.test.ts.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, request, type TestApp } from "./support/app.js";
import { bootstrap, DETAIL_OPTIONS, email, heldEverywhere, kasboek, kasboekOn, VAT_NUMBER } from "./support/cli.js";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

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
