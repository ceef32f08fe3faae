/**
 * The OAuth 2.0 authorization-code flow in a real browser, as a person and a third-party
 * application go through it: the application sends the browser to /oauth/authorize, the user
 * signs in and allows access on the consent page, the browser lands on the application's
 * redirect URI with a code, the application exchanges it (with its PKCE verifier and secret)
 * for a token, and calls the API with that token. Done once by a browser set to Dutch and once
 * by one set to English, each clicking the labels of its own language.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerClient } from "../../src/modules/oauth/client-service.js";
import { setPassword } from "../../src/modules/users/service.js";
import { buildTestApp, newCompany, type TestApp, type TestCompany } from "../support/app.js";
import { browserUnavailable, launchChromium, newPageIn } from "../support/browser.js";

const unavailable = browserUnavailable();
const PASSWORD = "correct horse battery staple";

describe.skipIf(unavailable !== null)("an application obtains a token through Chromium", () => {
  let harness: TestApp;
  let company: TestCompany;
  let browser: Browser;
  let callback: Server;
  let baseUrl: string;
  let redirectUri: string;

  beforeAll(async () => {
    harness = await buildTestApp();
    await harness.app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    harness.deps.publicUrl = baseUrl;
    // the third-party application's own web server: it only has to answer the redirect
    callback = createServer((_request, response) => response.end("application callback"));
    await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
    redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    company = await newCompany(harness.deps, "Browser OAuth BV");
    await setPassword(harness.deps, company.email, PASSWORD);
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (callback ? callback.close(() => resolve()) : resolve()));
    await harness?.close();
  });

  it.each([
    ["nl-NL", "nl", { email: "E-mailadres", password: "Wachtwoord", signIn: "Inloggen", allow: "Toegang toestaan" }],
    ["en-GB", "en", { email: "E-mail address", password: "Password", signIn: "Sign in", allow: "Allow access" }],
  ])(
    "signs in, allows access, exchanges the code and calls the API (%s)",
    async (locale, language, labels) => {
      const client = await registerClient(harness.deps, {
        name: "Webshop Koppeling",
        redirectUris: [redirectUri],
        confidential: true,
      });
      const verifier = randomBytes(32).toString("base64url");
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      const state = randomBytes(16).toString("base64url");
      const authorize = new URL("/oauth/authorize", baseUrl);
      for (const [name, value] of Object.entries({
        client_id: client.client_id,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "read:me manage:contacts",
        state,
        code_challenge: challenge,
        code_challenge_method: "S256",
      })) {
        authorize.searchParams.set(name, value);
      }

      const page = await newPageIn(browser, locale);
      await page.goto(authorize.toString());
      expect(await page.locator("html").getAttribute("lang")).toBe(language);
      await page.getByLabel(labels.email).fill(company.email);
      await page.getByLabel(labels.password).fill(PASSWORD);
      await Promise.all([
        page.waitForURL(/\/oauth\/authorize/),
        page.getByRole("button", { name: labels.signIn, exact: true }).click(),
      ]);
      expect(await page.locator("html").getAttribute("lang")).toBe(language);
      expect(await page.locator("h1").innerText()).toContain("Webshop Koppeling");
      await Promise.all([
        page.waitForURL((url) => url.toString().startsWith(redirectUri)),
        page.getByRole("button", { name: labels.allow }).click(),
      ]);
      const landed = new URL(page.url());
      await page.close();
      expect(landed.searchParams.get("state")).toBe(state);
      const code = landed.searchParams.get("code");
      expect(code).toEqual(expect.any(String));

      const exchanged = await fetch(`${baseUrl}/oauth/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64")}`,
        },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: code ?? "",
          redirect_uri: redirectUri,
          code_verifier: verifier,
        }),
      });
      expect(exchanged.status).toBe(200);
      const tokens = (await exchanged.json()) as { access_token: string; token_type: string; scope: string };
      expect(tokens).toMatchObject({ token_type: "Bearer", scope: "manage:contacts read:me" });

      const me = await fetch(`${baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { me: { email: string } }).me.email).toBe(company.email);
      const contacts = await fetch(`${baseUrl}/api/v1/companies/${company.companyId}/contacts`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(contacts.status).toBe(200);
    },
    60_000,
  );
});
