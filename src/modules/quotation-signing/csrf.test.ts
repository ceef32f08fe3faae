/** The CSRF helpers alone: token shape, Cookie header parsing, the cookie written, the pair check. */
import { describe, expect, it } from "vitest";
import { cookieValues, csrfCookie, csrfTokenFor, isValidCsrfPair, newCsrfToken } from "./csrf.js";

const TOKEN = "a".repeat(43);

describe("CSRF helpers", () => {
  it("makes 43-character base64url tokens, different every time", () => {
    const first = newCsrfToken();
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(newCsrfToken()).not.toBe(first);
  });

  it.each([
    [undefined, []],
    ["", []],
    ["kasboek_csrf=abc", ["abc"]],
    ["a=1; kasboek_csrf=abc ;b=2", ["abc"]],
    ['kasboek_csrf="abc"', ["abc"]],
    ["kasboek_csrf=a=b", ["a=b"]],
    ["x_kasboek_csrf=abc; kasboek_csrfx=def; kasboek_csrf", []],
    ["kasboek_csrf=one; kasboek_csrf=two", ["one", "two"]],
  ])("reads the cookie values of %j", (header, expected) => {
    expect(cookieValues(header, "kasboek_csrf")).toEqual(expected);
  });

  it("reuses a well-formed cookie and makes a new token otherwise", () => {
    expect(csrfTokenFor(`kasboek_csrf=${TOKEN}`)).toEqual({ token: TOKEN, isNew: false });
    expect(csrfTokenFor(`kasboek_csrf=bad; kasboek_csrf=${TOKEN}`)).toEqual({ token: TOKEN, isNew: false });
    const fresh = csrfTokenFor("kasboek_csrf=<script>");
    expect(fresh.isNew).toBe(true);
    expect(fresh.token).toMatch(/^[\w-]{43}$/);
  });

  it("writes the cookie with Secure only when asked", () => {
    expect(csrfCookie(TOKEN, false)).toBe(`kasboek_csrf=${TOKEN}; Path=/sign/; HttpOnly; SameSite=Strict`);
    expect(csrfCookie(TOKEN, true)).toBe(`kasboek_csrf=${TOKEN}; Path=/sign/; HttpOnly; SameSite=Strict; Secure`);
  });

  it.each([
    [`kasboek_csrf=${TOKEN}`, TOKEN, true],
    [`other=1; kasboek_csrf=${"b".repeat(43)}; kasboek_csrf=${TOKEN}`, TOKEN, true],
    [undefined, TOKEN, false],
    [`kasboek_csrf=${TOKEN}`, undefined, false],
    [`kasboek_csrf=${TOKEN}`, "b".repeat(43), false],
    [`kasboek_csrf=${TOKEN}`, `${TOKEN}x`, false],
    ["kasboek_csrf=", "", false],
    ["kasboek_csrf=short", "short", false],
  ])("checks the pair cookie %j / field %j", (cookie, field, valid) => {
    expect(isValidCsrfPair(cookie, field)).toBe(valid);
  });
});
