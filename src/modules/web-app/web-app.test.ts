/**
 * The web app's serving, on a stand-in build (an index.html and one hashed script), so the test
 * needs no Vite: the cache headers of the page and of the hashed files, the page's CSP and CSRF
 * token, deep links, `GET /` for browsers and for everyone else, and an installation without a
 * build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../app.js";
import { openDatabase } from "../../db/connection.js";

const SCRIPT = "index-Ab12Cd34.js";
const INDEX = `<!doctype html><html lang="nl"><head><meta name="kasboek-csrf" content="">
<script type="module" crossorigin src="/app/assets/${SCRIPT}"></script></head><body><div id="root"></div></body></html>`;

describe("the web app at /app/", () => {
  let directory: string;
  let built: FastifyInstance;
  let unbuilt: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "kasboek-web-"));
    mkdirSync(path.join(directory, "assets"));
    writeFileSync(path.join(directory, "index.html"), INDEX);
    writeFileSync(path.join(directory, "assets", SCRIPT), "console.log('kasboek');\n");
    const handle = openDatabase(inject("databaseUrl"));
    const deps = { db: handle.db, now: () => new Date() };
    built = buildApp(deps, { logger: false }, { webAppDirectory: directory });
    unbuilt = buildApp(deps, { logger: false }, { webAppDirectory: path.join(directory, "missing") });
    await Promise.all([built.ready(), unbuilt.ready()]);
    close = async () => {
      await Promise.all([built.close(), unbuilt.close()]);
      await handle.close();
    };
  });
  afterAll(async () => {
    await close?.();
    rmSync(directory, { recursive: true, force: true });
  });

  it.each(["/app/", "/app/7/sales_invoices/12", "/app/callback?code=x&state=y"])(
    "answers the app's page at %s: asked for again each time, only its own scripts",
    async (url) => {
      const response = await built.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache, private");
      const policy = String(response.headers["content-security-policy"]);
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("connect-src 'self';");
      // a receipt's photo is fetched with the token and shown from a blob: URL the page made
      expect(policy).toContain("img-src 'self' blob:;");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain("unsafe");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.body).toContain(`src="/app/assets/${SCRIPT}"`);
    },
  );

  it("puts a CSRF token in the page that the sign-out form accepts with the browser's cookie", async () => {
    const first = await built.inject({ url: "/app/" });
    const cookie = /kasboek_csrf=[^;]+/.exec(String(first.headers["set-cookie"]))?.[0];
    const token = /<meta name="kasboek-csrf" content="([^"]+)">/.exec(first.body)?.[1];
    expect(cookie).toBeDefined();
    expect(token).toBeDefined();
    const again = await built.inject({ url: "/app/1/contacts", headers: { cookie: String(cookie) } });
    expect(again.headers["set-cookie"]).toBeUndefined();
    const form = { "content-type": "application/x-www-form-urlencoded", cookie: String(cookie) };
    const signOut = await built.inject({
      method: "POST",
      url: "/logout",
      headers: form,
      payload: `csrf_token=${encodeURIComponent(String(token))}`,
    });
    expect(signOut.statusCode).toBe(303);
    const forged = await built.inject({ method: "POST", url: "/logout", headers: form, payload: "csrf_token=forged" });
    expect(forged.statusCode).toBe(403);
  });

  it("serves a hashed file for a year, as immutable, with its type", async () => {
    const response = await built.inject({ url: `/app/assets/${SCRIPT}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.body).toBe("console.log('kasboek');\n");
  });

  it("answers a file that is not there with the 404 of an unknown path, never the page", async () => {
    for (const url of ["/app/assets/index-Old00000.js", "/app/assets/fonts/missing.woff2"]) {
      const response = await built.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toBe("application/json; charset=utf-8");
    }
  });

  it("sends a browser from / to the app, and anyone else the 404 it always got", async () => {
    const browser = await built.inject({ url: "/", headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe("/app/");
    expect(browser.headers.vary).toBe("Accept");
    for (const accept of [undefined, "*/*", "application/json"]) {
      const response = await built.inject({ url: "/", headers: accept === undefined ? {} : { accept } });
      expect(response.statusCode, accept).toBe(404);
      expect(JSON.parse(response.body), accept).toEqual({
        error: { type: "client.not_found.endpoint", message: "No endpoint GET /" },
      });
    }
    const bare = await built.inject({ url: "/app" });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain(`src="/app/assets/${SCRIPT}"`);
  });

  it("says in a page, in the reader's language, when the app is not built", async () => {
    const dutch = await unbuilt.inject({ url: "/app/", headers: { "accept-language": "nl" } });
    expect(dutch.statusCode).toBe(404);
    expect(dutch.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(dutch.body).toContain("De webapp is niet gebouwd");
    const english = await unbuilt.inject({ url: "/app/1/contacts", headers: { "accept-language": "en" } });
    expect(english.body).toContain("npm run build");
    expect((await unbuilt.inject({ url: `/app/assets/${SCRIPT}` })).statusCode).toBe(404);
  });
});
