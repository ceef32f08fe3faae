/**
 * Login, sessions and logout over HTTP on the real database: the login form, success and failure,
 * the open-redirect guard, the session
 * cookie (flags, tampering, lifetime, a new password), logout, CSRF on every form, and the
 * page's language (Dutch unless the browser asks for English).
 */
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/support/app.js";
import { address, PASSWORD, setCookies, signIn, useLoginTests } from "../../../test/support/logins.js";
import { cookieAttributes, csrfFieldOf, PageBrowser } from "../../../test/support/pages.js";
import { loadConfig } from "../../config.js";
import { setPassword } from "../users/service.js";
import { loginUrl, resolveSessionKey, safeReturnTo } from "./service.js";

const logins = useLoginTests();
const { userWithPassword, browser } = logins;

function expectPageHeaders(response: { headers: Record<string, unknown> }): void {
  expect(response.headers["content-security-policy"]).toBe(
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  expect(response.headers["x-frame-options"]).toBe("DENY");
  expect(response.headers["referrer-policy"]).toBe("no-referrer");
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["cache-control"]).toBe("no-store");
}

describe("the login page", () => {
  it("is an accessible form with the CSRF field, return_to and the security headers", async () => {
    const page = browser();
    const response = await page.get(loginUrl("/account?tab=tokens"));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expectPageHeaders(response);
    const body = response.body;
    expect(body).toContain("<h1>Sign in to Kasboek</h1>");
    expect(body).toContain('<form method="post" action="/login">');
    expect(body).toContain('<label for="email">E-mail address</label>');
    expect(body).toMatch(/<input type="email" id="email" name="email" required/);
    expect(body).toContain('<label for="password">Password</label>');
    expect(body).toMatch(/<input type="password" id="password" name="password" required/);
    expect(body).toContain('<input type="hidden" name="return_to" value="/account?tab=tokens">');
    expect(body).toContain('<button type="submit">Sign in</button>');
    // a token made from the secret in the signed cookie, not the cookie itself
    expect(csrfFieldOf(body)).toMatch(/^[\w-]{20,}$/);
    expect(page.cookies.get("kasboek_csrf")).not.toContain(csrfFieldOf(body));
  });

  it("signs in and goes to return_to with a session cookie: HttpOnly, SameSite=Lax, Path=/, 12 hours", async () => {
    const user = await userWithPassword();
    const page = browser();
    const response = await signIn(page, user.email.toUpperCase(), PASSWORD, "/account?x=1");
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe("/account?x=1");
    expectPageHeaders(response);
    const session = setCookies(response).find((cookie) => cookie.startsWith("kasboek_session="));
    expect(session).toMatch(/^kasboek_session=[^;]+;/);
    expect(cookieAttributes(session ?? "")).toEqual(["HttpOnly", "Max-Age=43200", "Path=/", "SameSite=Lax"]);
    const account = await page.get("/account");
    expect(account.statusCode).toBe(200);
    expect(account.body).toContain(user.email);
    // Signed in already: the login page sends the browser on.
    const again = await page.get(loginUrl("/account"));
    expect([again.statusCode, again.headers.location]).toEqual([303, "/account"]);
  });

  it("marks the session cookie Secure over https", async () => {
    const user = await userWithPassword();
    const response = await signIn(browser({ "x-forwarded-proto": "https" }), user.email);
    const session = setCookies(response).find((cookie) => cookie.startsWith("kasboek_session="));
    expect(cookieAttributes(session ?? "")).toEqual(["HttpOnly", "Max-Age=43200", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("answers a wrong password and an unknown address alike, keeping the address typed", async () => {
    const user = await userWithPassword();
    const wrong = await signIn(browser(), user.email, "not the password!");
    const unknown = await signIn(browser(), "nobody-here@example.test", PASSWORD);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(422);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain('role="alert">E-mail address or password is wrong</p>');
      expect(setCookies(response).some((cookie) => cookie.startsWith("kasboek_session="))).toBe(false);
    }
    expect(wrong.body).toContain(`value="${user.email}"`);
    expect(wrong.body).not.toContain("not the password!");
  });

  it.each([
    ["//evil.example/x", "/account"],
    ["/\\evil.example", "/account"],
    ["https://evil.example/", "/account"],
    ["/\t/evil.example", "/account"],
    ["/ spaced", "/account"],
    ["javascript:alert(1)", "/account"],
    ["account", "/account"],
    ["", "/account"],
    ["/oauth/authorize?client_id=a&state=%2F%2Fx", "/oauth/authorize?client_id=a&state=%2F%2Fx"],
  ])("follows return_to %j only to a path on this site", async (returnTo, location) => {
    expect(safeReturnTo(returnTo)).toBe(location);
    const user = await userWithPassword();
    const response = await signIn(browser(), user.email, PASSWORD, returnTo);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(location);
  });

  it.each([
    ["application/json", "{not json"],
    ["text/plain", "email=x"],
  ])("answers a %s body with a 400 page, not a failure", async (contentType, payload) => {
    const response = await logins.harness.app.inject({
      method: "POST",
      url: "/login",
      headers: { "content-type": contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("builds login URLs that come back to where they were asked from", () => {
    expect(loginUrl("/oauth/authorize?client_id=a&scope=public read:me")).toBe(
      "/login?return_to=%2Foauth%2Fauthorize%3Fclient_id%3Da%26scope%3Dpublic%20read%3Ame",
    );
  });
});

describe("sessions", () => {
  it("are no session when the cookie is changed in any way", async () => {
    const user = await userWithPassword();
    const other = await userWithPassword();
    const page = browser();
    await signIn(page, user.email);
    // userId.issuedAt.passwordStamp.signature, as the browser holds it (percent-encoded)
    const genuine = decodeURIComponent(page.cookies.get("kasboek_session") ?? "");
    const [userId = "", issuedAt = "", stamp = "", signature = ""] = genuine.split(".");
    expect(userId).toBe(String(user.userId));
    // The first character: the last one of a base64 MAC carries unused bits, so changing it can
    // leave the decoded MAC as it was and the test flaky.
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    const later = String(Number(issuedAt) + 3600);
    for (const value of [
      `${other.userId}.${issuedAt}.${stamp}.${signature}`,
      `${userId}.${later}.${stamp}.${signature}`,
      `${userId}.${issuedAt}.${stamp}.${flipped}`,
      `${userId}.${issuedAt}.${stamp}`,
      `${genuine}x`,
      "",
    ]) {
      const response = await logins.harness.app.inject({
        method: "GET",
        url: "/account",
        headers: { cookie: `kasboek_session=${encodeURIComponent(value)}` },
      });
      expect(response.statusCode, value).toBe(303);
      expect(response.headers.location).toBe(loginUrl("/account"));
    }
    expect((await page.get("/account")).statusCode).toBe(200);
  });

  it("end after 12 hours", async () => {
    const user = await userWithPassword();
    const page = browser();
    await signIn(page, user.email);
    logins.advance(12 * 60 * 60 * 1000 - 1000);
    expect((await page.get("/account")).statusCode).toBe(200);
    logins.advance(1000);
    expect((await page.get("/account")).statusCode).toBe(303);
  });

  it("end when the user's password changes", async () => {
    const user = await userWithPassword();
    const page = browser();
    await signIn(page, user.email);
    expect((await page.get("/account")).statusCode).toBe(200);
    await setPassword(logins.harness.deps, user.email, "a brand new password");
    expect((await page.get("/account")).statusCode).toBe(303);
  });

  it("hold across processes on one database, which agree on the stored secret", async () => {
    const user = await userWithPassword();
    const page = browser();
    await signIn(page, user.email);
    const second = await buildTestApp(logins.now);
    try {
      const response = await second.app.inject({
        method: "GET",
        url: "/account",
        headers: { cookie: page.cookieHeader() },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await second.close();
    }
    const stored = await resolveSessionKey(logins.harness.deps, undefined);
    expect(stored).toHaveLength(32);
    expect(await resolveSessionKey(logins.harness.deps, undefined)).toEqual(stored);
    expect(await resolveSessionKey(logins.harness.deps, "s".repeat(32))).toEqual(Buffer.from("s".repeat(32)));
  });

  it("take SESSION_SECRET from the configuration only when it is at least 32 characters", () => {
    expect(loadConfig({ SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toBe("x".repeat(32));
    expect(loadConfig({}).SESSION_SECRET).toBeUndefined();
    expect(() => loadConfig({ SESSION_SECRET: "too short" })).toThrow(/SESSION_SECRET/);
  });
});

describe("logout and CSRF", () => {
  it("logs out with the form's CSRF field, forgetting the session cookie", async () => {
    const user = await userWithPassword();
    const page = browser();
    await signIn(page, user.email);
    const forged = await page.post("/logout", { csrf_token: "x".repeat(43) });
    expect(forged.statusCode).toBe(403);
    expectPageHeaders(forged);
    expect((await page.get("/account")).statusCode).toBe(200);

    const response = await page.submit("/account", "/logout", {});
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/login");
    const cleared = setCookies(response).find((cookie) => cookie.startsWith("kasboek_session=;"));
    expect(cookieAttributes(cleared ?? "")).toEqual(["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax"]);
    expect(page.cookies.has("kasboek_session")).toBe(false);
    expect((await page.get("/account")).statusCode).toBe(303);
  });

  it("refuses a login without a matching CSRF pair with 403, signing nobody in", async () => {
    const user = await userWithPassword();
    const page = browser();
    const opened = await page.get("/login");
    const field = csrfFieldOf(opened.body);
    const attempts = [
      page.post("/login", { email: user.email, password: PASSWORD }),
      page.post("/login", { email: user.email, password: PASSWORD, csrf_token: "y".repeat(43) }),
      new PageBrowser(logins.harness.app, { headers: { "accept-language": "en" } }).post("/login", {
        email: user.email,
        password: PASSWORD,
        csrf_token: field,
      }),
      page.post(
        "/login",
        { email: user.email, password: PASSWORD, csrf_token: field },
        { "sec-fetch-site": "cross-site" },
      ),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain("The form had expired");
      expect(setCookies(response).some((cookie) => cookie.startsWith("kasboek_session="))).toBe(false);
    }
  });
});

describe("the login page's language", () => {
  const DUTCH = [
    "<title>Inloggen · Kasboek</title>",
    "<h1>Inloggen bij Kasboek</h1>",
    '<label for="email">E-mailadres</label>',
    '<label for="password">Wachtwoord</label>',
    '<button type="submit">Inloggen</button>',
    "Nog geen wachtwoord?",
  ];
  const ENGLISH = ["<h1>Sign in to Kasboek</h1>", '<label for="email">E-mail address</label>', "No password yet?"];

  it.each([
    ["no Accept-Language", {}, "nl", DUTCH, ENGLISH],
    ["en-GB,en;q=0.9", { "accept-language": "en-GB,en;q=0.9" }, "en", ENGLISH, DUTCH],
    ["fr", { "accept-language": "fr" }, "nl", DUTCH, ENGLISH],
  ])("with %s is in %s", async (_name, headers, language, present, absent) => {
    const response = await logins.harness.app.inject({ method: "GET", url: "/login", headers });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(new RegExp(`^<!doctype html>\n<html lang="${language}">`));
    expect(response.headers["content-language"]).toBe(language);
    expect(response.headers.vary).toBe("Accept-Language");
    for (const text of present) expect(response.body).toContain(text);
    for (const text of absent) expect(response.body).not.toContain(text);
  });

  it("refuses in Dutch by default: a wrong password, a forged form, too many attempts, a forged logout", async () => {
    const user = await userWithPassword();
    const dutch = () => new PageBrowser(logins.harness.app, { remoteAddress: address() });
    const wrong = await signIn(dutch(), user.email, "not the password!");
    expect(wrong.statusCode).toBe(422);
    expect(wrong.headers["content-language"]).toBe("nl");
    expect(wrong.body).toContain('role="alert">E-mailadres of wachtwoord is onjuist</p>');
    const forged = await dutch().post("/login", { email: user.email, password: PASSWORD });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain("Het formulier was verlopen of kwam niet van deze pagina.");
    const guesser = dutch();
    for (let attempt = 1; attempt <= 5; attempt++) await signIn(guesser, user.email, `wrong password ${attempt}`);
    const blocked = await signIn(guesser, user.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain("Te veel pogingen, probeer het later opnieuw");
    const logout = await dutch().post("/logout", { csrf_token: "x".repeat(43) });
    expect(logout.statusCode).toBe(403);
    expect(logout.headers["content-language"]).toBe("nl");
    expect(logout.body).toContain("<h1>Het formulier kon niet worden geaccepteerd</h1>");
  });
});
