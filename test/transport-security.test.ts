/**
 * HTTPS for browsers (issue 26): when PUBLIC_URL is https, or a request came over TLS through a
 * trusted proxy, every response carries Strict-Transport-Security and the session and CSRF
 * cookies carry Secure; an http site without TLS gets neither, as before.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { setPassword } from "../src/modules/users/service.js";
import type { HttpServerOptions } from "../src/platform/http.js";
import { buildTestApp, newCompany, type TestApp } from "./support/app.js";
import { TEST_PASSWORD } from "./support/oauth.js";
import { cookieAttributes, PageBrowser } from "./support/pages.js";

const HSTS = "max-age=31536000; includeSubDomains";

let harness: TestApp;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await harness.close();
});

async function appAt(publicUrl: string, options: HttpServerOptions = {}): Promise<FastifyInstance> {
  const app = buildApp({ ...harness.deps, publicUrl }, { logger: false, ...options });
  apps.push(app);
  await app.ready();
  return app;
}

function cookieLines(response: LightMyRequestResponse): string[] {
  const header = response.headers["set-cookie"];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
}

/** Signs a new user in through the login form; answers the login page and the login's answer. */
async function signIn(app: FastifyInstance, headers: Record<string, string> = {}) {
  const { email } = await newCompany(harness.deps);
  await setPassword(harness.deps, email, TEST_PASSWORD);
  const browser = new PageBrowser(app, { remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1`, headers });
  const page = await browser.get("/login");
  const login = await browser.submit("/login", "/login", { email, password: TEST_PASSWORD });
  expect(login.statusCode, login.body).toBe(303);
  const logout = await browser.submit("/account", "/logout", {});
  return { page, login, logout };
}

/** Responses of every kind: a page, the API (200, 401, 404), a probe and a URL Fastify refuses. */
async function responsesOf(app: FastifyInstance, headers: Record<string, string> = {}) {
  const company = await newCompany(harness.deps);
  const urls: Array<[string, Record<string, string>]> = [
    ["/login", {}],
    ["/api/v1/companies", { authorization: `Bearer ${company.token}` }],
    ["/api/v1/companies", {}],
    ["/no/such/path", {}],
    ["/health/live", {}],
    ["/api/v1/companies/%ED%A0%80", {}],
    ["/docs", {}],
  ];
  return Promise.all(
    urls.map(async ([url, extra]) => ({
      url,
      response: await app.inject({ method: "GET", url, headers: { ...headers, ...extra } }),
    })),
  );
}

describe("a site whose PUBLIC_URL is https", () => {
  it("sends Strict-Transport-Security on every response, errors included", async () => {
    const app = await appAt("https://kasboek.example.test");
    const statuses = new Set<number>();
    for (const { url, response } of await responsesOf(app)) {
      expect(response.headers["strict-transport-security"], url).toBe(HSTS);
      statuses.add(response.statusCode);
    }
    expect([...statuses].sort()).toEqual([200, 400, 401, 404]);
  });

  it("sets the session and CSRF cookies Secure, also when they are cleared", async () => {
    const { page, login, logout } = await signIn(await appAt("https://kasboek.example.test/"));
    const lines = [...cookieLines(page), ...cookieLines(login), ...cookieLines(logout)];
    expect(lines.some((line) => line.startsWith("kasboek_csrf="))).toBe(true);
    expect(lines.some((line) => line.startsWith("kasboek_session="))).toBe(true);
    expect(cookieLines(logout).some((line) => /^kasboek_session=;.*Max-Age=0/.test(line))).toBe(true);
    for (const line of lines) expect(cookieAttributes(line), line).toContain("Secure");
  });
});

describe("a site whose PUBLIC_URL is http", () => {
  it("sends no Strict-Transport-Security and plain cookies over plain http", async () => {
    const app = await appAt("http://127.0.0.1:3000");
    for (const { url, response } of await responsesOf(app)) {
      expect(response.headers["strict-transport-security"], url).toBeUndefined();
    }
    const { page, login } = await signIn(app);
    for (const line of [...cookieLines(page), ...cookieLines(login)]) expect(line).not.toContain("Secure");
  });

  it("sends Strict-Transport-Security for a request that came over TLS through a trusted proxy", async () => {
    const trusted = await appAt("http://127.0.0.1:3000", { trustProxy: true });
    for (const { url, response } of await responsesOf(trusted, { "x-forwarded-proto": "https" })) {
      // a URL the router refuses is answered before Fastify reads the proxy's headers
      if (response.statusCode === 400) continue;
      expect(response.headers["strict-transport-security"], url).toBe(HSTS);
    }
    const { login } = await signIn(trusted, { "x-forwarded-proto": "https" });
    for (const line of cookieLines(login)) expect(cookieAttributes(line), line).toContain("Secure");
    // a proxy that is not trusted cannot claim TLS for the header (it still gets Secure cookies)
    const untrusted = await appAt("http://127.0.0.1:3000");
    for (const { url, response } of await responsesOf(untrusted, { "x-forwarded-proto": "https" })) {
      expect(response.headers["strict-transport-security"], url).toBeUndefined();
    }
  });
});
