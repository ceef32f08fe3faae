/**
 * `kasboek users set-password`: the password a user signs in with on the login page, read from
 * standard input.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../src/modules/users/service.js";
import { buildTestApp, type TestApp } from "./support/app.js";
import { bootstrap, email, kasboek, kasboekOn, kasboekWithInput } from "./support/cli.js";
import { PageBrowser } from "./support/pages.js";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

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
