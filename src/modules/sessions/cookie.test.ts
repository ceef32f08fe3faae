/** The session cookie's value alone (its signature is @fastify/cookie's): its shape and its lifetime. */
import { describe, expect, it } from "vitest";
import { isFresh, readSessionValue, SESSION_LIFETIME_SECONDS, sessionValue } from "./cookie.js";

const STAMP = "s".repeat(43);
const CLAIMS = { userId: 42, issuedAtSeconds: 1_700_000_000, passwordStamp: STAMP };

describe("session cookie values", () => {
  it("are userId.issuedAt.passwordStamp, and read back as they were written", () => {
    const value = sessionValue(CLAIMS);
    expect(value).toBe(`42.1700000000.${STAMP}`);
    expect(readSessionValue(value)).toEqual(CLAIMS);
  });

  it.each([
    "",
    "abc",
    "42.1700000000",
    `42.1700000000.${STAMP}.x`,
    `x.1.${STAMP}`,
    `0.1.${STAMP}`,
    `042.1.${STAMP}`,
    `42.1 .${STAMP}`,
    `42.1.${STAMP.slice(1)}`,
    `42.1.${STAMP.slice(1)}+`,
  ])("make no claims when malformed: %j", (value) => {
    expect(readSessionValue(value)).toBeNull();
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
