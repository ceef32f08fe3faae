/**
 * The shared page infrastructure: escaping templates, the document shell, the headers of every
 * page (language included), form bodies (and that the API still refuses them), signed CSRF
 * cookies and the check of every form post, HTML errors in Dutch by default and English on request.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, errorOf, newCompany, type TestApp } from "../../../test/support/app.js";
import { cookieAttributes } from "../../../test/support/pages.js";
import { createHttpServer } from "../http.js";
import { registerPageCookies } from "./cookies.js";
import { csrfToken, registerCsrfProtection } from "./csrf.js";
import { acceptForms, FORM_BODY_LIMIT_BYTES, formField } from "./forms.js";
import { html, page } from "./html.js";
import { errorPage, pageLanguage, registerPageAssets, sendPage, usePageErrors } from "./respond.js";
import { usePages } from "./scope.js";

describe("html templates", () => {
  it("escapes every interpolated value and keeps composed markup", () => {
    const evil = `"><script>alert('x')</script>&`;
    const inner = html`<b>${evil}</b>`;
    const result = html`<p title="${evil}">${inner}${[html`<i>1</i>`, html`<i>2</i>`]}${null}${undefined}${3}</p>`;
    expect(result.html).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">' +
        "<b>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</b><i>1</i><i>2</i>3</p>",
    );
  });

  it("wraps a body in a full document with the local stylesheet and a main landmark", () => {
    const shell = page({ title: "A <title>", body: html`<h1>Hi</h1>`, language: "nl" });
    expect(shell.language).toBe("nl");
    const document = shell.markup;
    expect(document).toMatch(/^<!doctype html>\n<html lang="nl">\n<head>\n<meta charset="utf-8">/);
    expect(document).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(document).toContain("<title>A &lt;title&gt;</title>");
    expect(document).toContain('<link rel="stylesheet" href="/assets/kasboek.css">');
    expect(document).toContain("<main>\n<h1>Hi</h1>\n</main>");
    expect(page({ title: "t", body: html``, language: "en" }).markup).toContain('<html lang="en">');
  });
});

/** A bare server with the API's conventions, the page plugins, a page scope and an API route. */
async function formServer(): Promise<FastifyInstance> {
  const app = createHttpServer({ logger: false });
  registerPageCookies(app, async () => Buffer.alloc(32, 7));
  registerCsrfProtection(app);
  registerPageAssets(app);
  app.post("/api/v1/echo", async (request) => ({ body: request.body ?? null }));
  // forms and HTML errors without the CSRF check, to see the parser alone
  app.register(async (scope) => {
    usePageErrors(scope);
    acceptForms(scope);
    scope.post("/echo", async (request) => ({
      name: formField(request.body, "name"),
      missing: formField(request.body, "missing"),
      proto: formField(request.body, "__proto__"),
      keys: Object.keys(request.body as object),
    }));
  });
  app.register(async (scope) => {
    usePages(scope);
    scope.get("/page", async (request, reply) => {
      const first = csrfToken(request, reply);
      expect(csrfToken(request, reply)).toBe(first);
      if (request.headers["x-vary"] !== undefined) reply.header("vary", request.headers["x-vary"]);
      const language = pageLanguage(request);
      return sendPage(reply, 200, page({ title: "P", body: html`<p>${first}</p>`, language }), {
        formActions: ["https://client.example/callback?x=1", "com.example.app:/cb"],
      });
    });
    scope.route({ method: ["POST", "PUT", "DELETE"], url: "/check", handler: async () => ({ valid: true }) });
    scope.get("/fail", async () => {
      throw new Error("database down");
    });
    scope.get("/gone", async (_request, reply) =>
      errorPage(reply, 410, "en", { title: "Gone <now>", message: "It went & stayed away." }),
    );
  });
  await app.ready();
  return app;
}

const ENGLISH = { "accept-language": "en" };

const form = (payload: string, extra: Record<string, string> = {}) => ({
  headers: { "content-type": "application/x-www-form-urlencoded", ...extra },
  payload,
});

describe("form bodies", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await formServer();
  });
  afterAll(() => app.close());

  it("parses a form on a page route: first value wins, names never reach the prototype", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/echo",
      ...form("name=Jan+%26+Piet&name=second&__proto__=x&constructor=y"),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: "Jan & Piet",
      missing: "",
      proto: "x",
      keys: ["name", "__proto__", "constructor"],
    });
    expect(formField(undefined, "name")).toBe("");
    expect(formField({ name: "json, not a form" }, "name")).toBe("");
    const json = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "Jan" }),
    });
    expect(json.json()).toMatchObject({ name: "" });
  });

  it("refuses a form over 16 KiB with an HTML page, in Dutch unless English is asked for", async () => {
    const payload = `name=${"x".repeat(FORM_BODY_LIMIT_BYTES)}`;
    const response = await app.inject({ method: "POST", url: "/echo", ...form(payload, ENGLISH) });
    expect(response.statusCode).toBe(413);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain("The form is too large");
    const dutch = await app.inject({ method: "POST", url: "/echo", ...form(payload) });
    expect(dutch.statusCode).toBe(413);
    expect(dutch.body).toContain("<h1>Het formulier is te groot</h1>");
    expect(dutch.headers["content-language"]).toBe("nl");
  });

  it("refuses a form with a NUL character in a name or value with a 400 page", async () => {
    for (const payload of ["email=a%00b%40example.test", "na%00me=x"]) {
      const response = await app.inject({ method: "POST", url: "/echo", ...form(payload, ENGLISH) });
      expect(response.statusCode, payload).toBe(400);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
  });

  it("answers an unreadable body on a page with a 400 page", async () => {
    const headers = { "content-type": "application/json" };
    const english = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { ...headers, ...ENGLISH },
      payload: "{",
    });
    expect(english.statusCode).toBe(400);
    expect(english.body).toContain("<h1>The request could not be read</h1>");
    const dutch = await app.inject({ method: "POST", url: "/echo", headers, payload: "{" });
    expect(dutch.statusCode).toBe(400);
    expect(dutch.body).toContain("<h1>Het verzoek kon niet worden gelezen</h1>");
  });

  it("leaves the API refusing form bodies with 400, whatever their size, and unknown paths as they were", async () => {
    for (const payload of ["a=1", `a=${"x".repeat(2 * FORM_BODY_LIMIT_BYTES)}`]) {
      const response = await app.inject({ method: "POST", url: "/api/v1/echo", ...form(payload) });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        type: "client.parameters.invalid_parameter_value",
        message: "Request bodies must be JSON (Content-Type: application/json)",
      });
    }
    const empty = await app.inject({ method: "POST", url: "/api/v1/echo", ...form("") });
    expect(empty.json()).toEqual({ body: null });
    const unknown = await app.inject({ method: "POST", url: "/nowhere", ...form("a=1") });
    const plain = await app.inject({
      method: "POST",
      url: "/nowhere",
      headers: { "content-type": "text/plain" },
      payload: "a=1",
    });
    expect([unknown.statusCode, unknown.body]).toEqual([plain.statusCode, plain.body]);
  });

  it("answers an unexpected failure on a page with an HTML page that hides the details", async () => {
    const response = await app.inject({ method: "GET", url: "/fail", headers: ENGLISH });
    expect(response.statusCode).toBe(500);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain("Something went wrong");
    expect(response.body).not.toContain("database down");
    const gone = await app.inject({ method: "GET", url: "/gone" });
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain("<h1>Gone &lt;now&gt;</h1>");
    expect(gone.body).toContain("It went &amp; stayed away.");
    // the page is in the language its words are in, whatever the browser asked for
    expect(gone.body).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(gone.headers["content-language"]).toBe("en");
  });

  it.each([
    ["no Accept-Language", {}, "nl", "<h1>Er ging iets mis</h1>", "Er ging aan onze kant iets mis."],
    ["en-GB,en;q=0.9", { "accept-language": "en-GB,en;q=0.9" }, "en", "<h1>Something went wrong</h1>", "on our side"],
    ["fr", { "accept-language": "fr" }, "nl", "<h1>Er ging iets mis</h1>", "Er ging aan onze kant iets mis."],
  ])("words the error page for %s in the reader's language", async (_name, headers, language, heading, message) => {
    const response = await app.inject({ method: "GET", url: "/fail", headers });
    expect(response.statusCode).toBe(500);
    expect(response.body).toMatch(new RegExp(`^<!doctype html>\n<html lang="${language}">`));
    expect(response.body).toContain(heading);
    expect(response.body).toContain(message);
    expect(response.headers["content-language"]).toBe(language);
    expect(response.headers.vary).toBe("Accept-Language");
  });
});

describe("page responses and CSRF", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await formServer();
  });
  afterAll(() => app.close());

  it("sends pages with the security headers, the form actions as origins", async () => {
    const response = await app.inject({ method: "GET", url: "/page" });
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; " +
        "form-action 'self' https://client.example com.example.app:; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-language"]).toBe("nl");
    expect(response.headers.vary).toBe("Accept-Language");
  });

  it("says the page's language and varies on Accept-Language, keeping what Vary already held", async () => {
    const english = await app.inject({ method: "GET", url: "/page", headers: { "accept-language": "en-GB,en;q=0.9" } });
    expect(english.headers["content-language"]).toBe("en");
    expect(english.body).toContain('<html lang="en">');
    const kept = await app.inject({ method: "GET", url: "/page", headers: { "x-vary": "Cookie" } });
    expect(kept.headers.vary).toBe("Cookie, Accept-Language");
    const once = await app.inject({ method: "GET", url: "/page", headers: { "x-vary": "accept-language" } });
    expect(once.headers.vary).toBe("accept-language");
    const everything = await app.inject({ method: "GET", url: "/page", headers: { "x-vary": "*" } });
    expect(everything.headers.vary).toBe("*");
  });

  it("serves a cacheable stylesheet", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/kasboek.css" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    expect(response.body).toContain(":focus-visible");
    expect(response.body).not.toMatch(/url\(|@import|https?:/);
  });

  /** A page's CSRF pair: the signed cookie as the browser sends it back, and the form's token. */
  async function openPage(headers: Record<string, string> = {}) {
    const response = await app.inject({ method: "GET", url: "/page", headers });
    const setCookie = String(response.headers["set-cookie"] ?? "");
    const cookie = /^(kasboek_csrf=[^;]+)/.exec(setCookie)?.[1] ?? "";
    const token = /<p>([^<]+)<\/p>/.exec(response.body)?.[1] ?? "";
    return { response, setCookie, cookie, token };
  }

  it("sets one signed CSRF cookie per page, keeps a signed one, and adds Secure over https", async () => {
    const first = await openPage();
    expect(first.setCookie).toMatch(/^kasboek_csrf=[^;]+;/);
    expect(cookieAttributes(first.setCookie)).toEqual(["HttpOnly", "Path=/", "SameSite=Strict"]);
    // the form carries a token made from the cookie's secret, not the cookie itself
    expect(first.token).toMatch(/^[\w-]{20,}$/);
    expect(first.cookie).not.toContain(first.token);

    const again = await openPage({ cookie: first.cookie });
    expect(again.response.headers["set-cookie"]).toBeUndefined();
    const withSecondToken = await check(first.cookie, again.token);
    expect(withSecondToken.statusCode).toBe(200);

    for (const cookie of ["kasboek_csrf=<x>", `${first.cookie}x`]) {
      const replaced = await openPage({ cookie });
      expect(replaced.setCookie).toMatch(/^kasboek_csrf=/);
      expect(replaced.cookie).not.toBe(cookie);
    }

    const secure = await openPage({ "x-forwarded-proto": "https" });
    expect(cookieAttributes(secure.setCookie)).toEqual(["HttpOnly", "Path=/", "SameSite=Strict", "Secure"]);
  });

  function check(cookie: string | undefined, token: string, headers: Record<string, string> = {}) {
    return app.inject({
      method: "POST",
      url: "/check",
      ...form(new URLSearchParams({ csrf_token: token }).toString(), {
        ...(cookie === undefined ? {} : { cookie }),
        ...headers,
      }),
    });
  }

  it("accepts a form post with its page's pair, same-origin or unmarked", async () => {
    const { cookie, token } = await openPage();
    for (const [cookies, headers] of [
      [cookie, {}],
      [`a=1; ${cookie}; b=2`, {}],
      [cookie, { "sec-fetch-site": "same-origin" }],
    ] as const) {
      const response = await check(cookies, token, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ valid: true });
    }
  });

  it("refuses a form post without a valid pair with a 403 page, in the reader's language", async () => {
    const { cookie, token } = await openPage();
    const other = await openPage();
    const secret = decodeURIComponent(cookie.slice("kasboek_csrf=".length)).replace(/\.[^.]*$/, "");
    const forgedAttempts: Array<[string, string | undefined, string, Record<string, string>]> = [
      ["no cookie", undefined, token, {}],
      ["no field", cookie, "", {}],
      ["another page's token", cookie, other.token, {}],
      ["another page's cookie", other.cookie, token, {}],
      ["the secret without its signature", `kasboek_csrf=${secret}`, token, {}],
      ["the secret signed by someone else", `kasboek_csrf=${secret}.${"A".repeat(43)}`, token, {}],
      ["the cookie as the token", cookie, cookie.slice("kasboek_csrf=".length), {}],
      ["empty on both sides", "kasboek_csrf=", "", {}],
      ["a cross-site post", cookie, token, { "sec-fetch-site": "cross-site" }],
      ["a post from a sibling site", cookie, token, { "sec-fetch-site": "same-site" }],
    ];
    for (const [name, cookies, field, headers] of forgedAttempts) {
      const response = await check(cookies, field, { ...headers, ...ENGLISH });
      expect(response.statusCode, name).toBe(403);
      expect(response.headers["content-type"], name).toBe("text/html; charset=utf-8");
      expect(response.body, name).toContain("<h1>The form could not be accepted</h1>");
    }
    const dutch = await check(undefined, token);
    expect(dutch.statusCode).toBe(403);
    expect(dutch.body).toContain("<h1>Het formulier kon niet worden geaccepteerd</h1>");
    // any method that may change something, not only POST
    for (const method of ["PUT", "DELETE"] as const) {
      const headers = { "content-type": "application/x-www-form-urlencoded" };
      const refused = await app.inject({ method, url: "/check", headers, payload: `csrf_token=${token}` });
      expect(refused.statusCode, method).toBe(403);
      const accepted = await app.inject({
        method,
        url: "/check",
        headers: { ...headers, cookie },
        payload: `csrf_token=${token}`,
      });
      expect(accepted.statusCode, method).toBe(200);
    }
  });
});

describe("pages in the real app", () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await buildTestApp();
  });
  afterAll(() => harness.close());

  it("keeps refusing form bodies on API routes with 400 and the JSON envelope", async () => {
    const owner = await newCompany(harness.deps);
    const url = `/api/v1/companies/${owner.companyId}/contacts`;
    const headers = { authorization: `Bearer ${owner.token}` };
    const asForm = await harness.app.inject({ method: "POST", url, ...form("contact[company_name]=X", headers) });
    expect(asForm.statusCode).toBe(400);
    expect(asForm.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(errorOf(asForm).message).toBe("Request bodies must be JSON (Content-Type: application/json)");
  });
});
