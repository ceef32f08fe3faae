import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp } from "../../../test/support/app.js";
import { setPassword, verifyPassword } from "./service.js";

let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

it("shows the token owner's details under `me`", async () => {
  const owner = await newCompany(harness.deps);
  const response = await request(harness.app, "GET", "/api/v1/me", owner.token);
  expect(response.statusCode).toBe(200);
  expect(json(response)).toEqual({ me: { first_name: null, last_name: null, email: owner.email } });
});

describe("passwords", () => {
  it("sets a password as a scrypt hash and verifies it by e-mail address, in any case", async () => {
    const owner = await newCompany(harness.deps);
    await setPassword(harness.deps, owner.email.toUpperCase(), "a long enough password");
    const stored = await harness.deps.db
      .withTables<{ users: { id: number; password_hash: string | null } }>()
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", owner.userId)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(stored.password_hash).not.toContain("a long enough password");

    expect(await verifyPassword(harness.deps, ` ${owner.email.toUpperCase()} `, "a long enough password")).toEqual({
      userId: owner.userId,
      email: owner.email,
    });
    expect(await verifyPassword(harness.deps, owner.email, "a long enough passwort")).toBeNull();
  });

  it("refuses passwords under 12 or over 1024 characters, counting characters, not bytes", async () => {
    const owner = await newCompany(harness.deps);
    await expect(setPassword(harness.deps, owner.email, "elevenchars")).rejects.toThrow(
      "The password must be at least 12 characters long",
    );
    await expect(setPassword(harness.deps, owner.email, "x".repeat(1025))).rejects.toMatchObject({
      status: 422,
      message: "The password must be at most 1024 characters long",
    });
    await setPassword(harness.deps, owner.email, "€".repeat(12));
    await setPassword(harness.deps, owner.email, "x".repeat(1024));
    expect(await verifyPassword(harness.deps, owner.email, "x".repeat(1024))).not.toBeNull();
  });

  it("needs an existing user, and never verifies a user without a password or an unknown address", async () => {
    await expect(setPassword(harness.deps, "nobody@example.test", "a long enough password")).rejects.toThrow(
      "No user with e-mail address nobody@example.test",
    );
    const owner = await newCompany(harness.deps);
    expect(await verifyPassword(harness.deps, owner.email, "")).toBeNull();
    expect(await verifyPassword(harness.deps, "nobody@example.test", "a long enough password")).toBeNull();
  });
});
