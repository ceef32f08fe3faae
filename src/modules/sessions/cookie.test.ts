/** The session cookie value alone: its shape, its signature, its lifetime. */
import { describe, expect, it } from "vitest";
import { isFresh, isSignedBy, readClaims, SESSION_LIFETIME_SECONDS, signSession } from "./cookie.js";

const KEY = Buffer.alloc(32, 1);
const STAMP = "stamp-of-the-password-hash";
const CLAIMS = { userId: 42, issuedAtSeconds: 1_700_000_000 };

describe("session cookie values", () => {
  it("are base64url(userId.issuedAt).HMAC-SHA256", () => {
    const value = signSession(KEY, CLAIMS, STAMP);
    const [payload, mac, ...rest] = value.split(".");
    expect(rest).toEqual([]);
    expect(Buffer.from(payload ?? "", "base64url").toString()).toBe("42.1700000000");
    expect(mac).toMatch(/^[\w-]{43}$/);
    expect(readClaims(value)).toEqual(CLAIMS);
    expect(isSignedBy(KEY, value, STAMP)).toBe(true);
  });

  it("are not signed by another key, for another password, or once changed", () => {
    const value = signSession(KEY, CLAIMS, STAMP);
    expect(isSignedBy(Buffer.alloc(32, 2), value, STAMP)).toBe(false);
    expect(isSignedBy(KEY, value, "another stamp")).toBe(false);
    const otherUser = Buffer.from("43.1700000000").toString("base64url");
    const forged = `${otherUser}.${value.split(".")[1]}`;
    expect(readClaims(forged)).toEqual({ userId: 43, issuedAtSeconds: 1_700_000_000 });
    expect(isSignedBy(KEY, forged, STAMP)).toBe(false);
    const lastCharacter = value.at(-1) === "A" ? "B" : "A";
    expect(isSignedBy(KEY, `${value.slice(0, -1)}${lastCharacter}`, STAMP)).toBe(false);
    expect(isSignedBy(KEY, value.slice(0, -1), STAMP)).toBe(false);
  });

  it.each([
    "",
    "abc",
    "a.b.c",
    `${Buffer.from("42").toString("base64url")}.${"A".repeat(43)}`,
    `${Buffer.from("x.1").toString("base64url")}.${"A".repeat(43)}`,
    `${Buffer.from("0.1").toString("base64url")}.${"A".repeat(43)}`,
    `${Buffer.from("42.1 ").toString("base64url")}.${"A".repeat(43)}`,
  ])("make no claims when malformed: %j", (value) => {
    expect(readClaims(value)).toBeNull();
  });

  it("last 12 hours, and are not accepted from the future", () => {
    const issued = CLAIMS.issuedAtSeconds;
    expect(isFresh(CLAIMS, issued)).toBe(true);
    expect(isFresh(CLAIMS, issued + SESSION_LIFETIME_SECONDS - 1)).toBe(true);
    expect(isFresh(CLAIMS, issued + SESSION_LIFETIME_SECONDS)).toBe(false);
    expect(isFresh(CLAIMS, issued - 30)).toBe(true);
    expect(isFresh(CLAIMS, issued - 3600)).toBe(false);
  });
});
