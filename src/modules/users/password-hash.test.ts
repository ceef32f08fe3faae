/** scrypt password hashes: the stored format, verification, and what never matches. */
import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashForUnknownUser, hashPassword, passwordMatches } from "./password-hash.js";

describe("password hashes", () => {
  it("stores scrypt$N$r$p$salt$hash with N=2^15, r=8, p=1, a 16-byte salt and a 64-byte key", async () => {
    const stored = await hashPassword("correct horse battery staple");
    const [scheme, cost, blockSize, parallelism, salt, key, ...rest] = stored.split("$");
    expect([scheme, cost, blockSize, parallelism, rest]).toEqual(["scrypt", "32768", "8", "1", []]);
    expect(Buffer.from(salt ?? "", "base64url")).toHaveLength(16);
    expect(Buffer.from(key ?? "", "base64url")).toHaveLength(64);
    // Independently recomputed: the format is plain scrypt, readable by any implementation.
    const expected = scryptSync("correct horse battery staple", Buffer.from(salt ?? "", "base64url"), 64, {
      N: 32768,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect(key).toBe(expected.toString("base64url"));
    expect(await hashPassword("correct horse battery staple")).not.toBe(stored);
  });

  it("matches the right password only, comparing NFC-normalised text", async () => {
    const stored = await hashPassword("Crème brûlée 2024!");
    expect(await passwordMatches("Crème brûlée 2024!", stored)).toBe(true);
    expect(await passwordMatches("Crème brûlée 2024!".normalize("NFD"), stored)).toBe(true);
    expect(await passwordMatches("Creme brulee 2024!", stored)).toBe(false);
    expect(await passwordMatches("", stored)).toBe(false);
  });

  it("reads the parameters from the stored hash and never matches a malformed or absurd one", async () => {
    const salt = Buffer.alloc(16, 7);
    const cheap = scryptSync("old password!", salt, 32, { N: 1024, r: 8, p: 1 });
    const old = `scrypt$1024$8$1$${salt.toString("base64url")}$${cheap.toString("base64url")}`;
    expect(await passwordMatches("old password!", old)).toBe(true);
    const key = cheap.toString("base64url");
    const saltText = salt.toString("base64url");
    for (const stored of [
      "",
      "plain text",
      `bcrypt$1024$8$1$${saltText}$${key}`,
      `scrypt$1000$8$1$${saltText}$${key}`,
      `scrypt$${2 ** 21}$8$1$${saltText}$${key}`,
      `scrypt$1024$0$1$${saltText}$${key}`,
      `scrypt$1024$8$1$${saltText}`,
      `scrypt$1024$8$1$${saltText}$${key}$extra`,
    ]) {
      expect(await passwordMatches("old password!", stored), stored).toBe(false);
    }
  });

  it("has one dummy hash per process for unknown users, which nothing typed matches", async () => {
    const dummy = await hashForUnknownUser();
    expect(await hashForUnknownUser()).toBe(dummy);
    expect(dummy).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await passwordMatches("", dummy)).toBe(false);
  });
});
