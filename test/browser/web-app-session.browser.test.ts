/**
 * The web app's session in Chromium: no token where page script can read it (only the app's
 * memory), a reload signing in again at once, a revoked token sending the reader through sign-in
 * and back to the same page, signing out ending both the login session and the grant, a user
 * with several companies choosing one (which opens on its dashboard) and switching (which keeps
 * the page), and the language switch being remembered.
 */
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createCompanyForOperator } from "../../src/modules/companies/service.js";
import { COMPLETE_COMPANY_DETAILS } from "../support/app.js";
import { browserUnavailable } from "../support/browser.js";
import {
  expectAccessible,
  newAppPage,
  owner,
  screenshot,
  signInOnLoginPage,
  useWebApp,
  wordsOf,
} from "../support/web-app.js";

const unavailable = browserUnavailable();
const LAPTOP = { width: 1280, height: 800 };

interface Issued {
  access_token: string;
  refresh_token: string;
}

/** Every token response the page receives, as it arrives. */
function recordTokens(page: Page): Issued[] {
  const issued: Issued[] = [];
  page.on("response", (response: Response) => {
    if (new URL(response.url()).pathname !== "/oauth/token" || response.status() !== 200) return;
    void response.json().then((body: Issued) => issued.push(body));
  });
  return issued;
}

describe.skipIf(unavailable !== null)("the web app's session", () => {
  const harness = useWebApp();

  it("keeps its tokens where no page script can read them, and signs in again at once on a reload", async () => {
    const t = wordsOf("nl");
    const company = await owner(harness.deps, "Geheim BV");
    const page = await newAppPage(harness.browser, "nl-NL", LAPTOP);
    const issued = recordTokens(page);
    await page.goto(`${harness.baseUrl}/app/`);
    await signInOnLoginPage(page, company.email, "nl");
    // the only company's home page: its dashboard
    await page.getByRole("heading", { level: 1, name: t("dashboard.title") }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/${company.companyId}/`);
    await expect.poll(() => issued.length).toBe(1);
    const [tokens] = issued;
    // what any script on the page can read: both storages and the cookies
    const readable = (await page.evaluate(
      "({ local: Object.entries(localStorage), session: Object.entries(sessionStorage), cookies: document.cookie })",
    )) as { local: unknown[]; session: unknown[]; cookies: string };
    const everything = JSON.stringify(readable);
    expect(everything).not.toContain(tokens?.access_token);
    expect(everything).not.toContain(tokens?.refresh_token);
    // the pending sign-in is gone once used; the session and CSRF cookies are HttpOnly
    expect(readable.session).toEqual([]);
    expect(readable.cookies).toBe("");
    // the token works: it is the app's, in memory
    const me = await fetch(`${harness.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens?.access_token}` },
    });
    expect(me.status).toBe(200);

    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${harness.baseUrl}/app/${company.companyId}/contacts?q=x`);
    await page.getByRole("heading", { level: 1, name: t("contacts.title") }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/app/${company.companyId}/contacts?q=x`);
    expect(requests).toContain("/oauth/authorize");
    expect(requests).not.toContain("/login");
    await expect.poll(() => issued.length).toBe(2);
    await page.close();
  }, 90_000);

  it("serves a page whose only scripts are files of the build", async () => {
    const page = await (await fetch(`${harness.baseUrl}/app/`, { headers: { accept: "text/html" } })).text();
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = "", body = ""] of scripts) {
      expect(attributes).toMatch(/src="\/app\/assets\/[\w-]+\.js"/);
      expect(body.trim()).toBe("");
    }
  });

  it("sends a reader whose token stopped working through sign-in, back to the same page", async () => {
    const t = wordsOf("nl");
    const company = await owner(harness.deps, "Verlopen BV");
    const page = await newAppPage(harness.browser, "nl-NL", LAPTOP);
    const issued = recordTokens(page);
    await page.goto(`${harness.baseUrl}/app/${company.companyId}/invoices`);
    await signInOnLoginPage(page, company.email, "nl");
    await page.getByRole("heading", { level: 1, name: t("invoices.title") }).waitFor();
    await expect.poll(() => issued.length).toBe(1);
    // the grant is revoked elsewhere (another tab signing out): token and refresh token both die
    const revoked = await fetch(`${harness.baseUrl}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "kasboek-web", token: issued[0]?.refresh_token ?? "" }),
    });
    expect(revoked.status).toBe(200);
    await page
      .getByRole("navigation")
      .getByRole("link", { name: t("nav.products") })
      .click();
    await page.getByRole("heading", { level: 1, name: t("products.title") }).waitFor();
    await expect.poll(() => issued.length).toBe(2);
    expect(new URL(page.url()).pathname).toBe(`/app/${company.companyId}/products`);
    await page.close();
  }, 90_000);

  it("signs out: the login session ends and the app's token no longer works", async () => {
    const t = wordsOf("nl");
    const company = await owner(harness.deps, "Uitgelogd BV");
    const page = await newAppPage(harness.browser, "nl-NL", LAPTOP);
    const issued = recordTokens(page);
    await page.goto(`${harness.baseUrl}/app/`);
    await signInOnLoginPage(page, company.email, "nl");
    await page.getByRole("heading", { level: 1, name: t("dashboard.title") }).waitFor();
    await expect.poll(() => issued.length).toBe(1);
    await Promise.all([
      page.waitForURL(/\/login\?return_to=%2Fapp%2F$/),
      page.getByRole("button", { name: t("nav.signOut") }).click(),
    ]);
    const me = await fetch(`${harness.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${issued[0]?.access_token}` },
    });
    expect(me.status).toBe(401);
    // the app cannot sign in again without the password: the login session is over
    await page.goto(`${harness.baseUrl}/app/${company.companyId}/invoices`);
    await page.getByLabel("Wachtwoord").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.close();
  }, 90_000);

  it.each([
    ["laptop", "nl", "nl-NL", LAPTOP],
    ["phone", "en", "en-GB", { width: 390, height: 844 }],
  ] as const)(
    "lets a user with several companies choose one and switch ($0)",
    async (name, language, locale, viewport) => {
      const t = wordsOf(language);
      const company = await owner(harness.deps, `Eerste ${name} BV`);
      const second = await createCompanyForOperator(harness.deps, company.userId, {
        ...COMPLETE_COMPANY_DETAILS,
        name: `Tweede ${name} BV`,
      });
      const page = await newAppPage(harness.browser, locale, viewport);
      await page.goto(`${harness.baseUrl}/`);
      await signInOnLoginPage(page, company.email, language, /\/app\/?$/);
      await page.getByRole("heading", { level: 1, name: t("companies.title") }).waitFor();
      await expectAccessible(page, "company choice");
      await screenshot(page, `${name}-companies`);
      // the company chosen opens on its home page, the dashboard
      await page.getByRole("link", { name: `Eerste ${name} BV` }).click();
      await page.getByRole("heading", { level: 1, name: t("dashboard.title") }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/app/${company.companyId}/`);
      // switched from the dashboard: the other company's dashboard
      const menu = async () => {
        if (name === "phone") await page.getByRole("button", { name: "Menu" }).click();
      };
      await menu();
      await page.getByLabel(t("nav.company"), { exact: true }).selectOption({ label: `Tweede ${name} BV` });
      await page.waitForURL(new RegExp(`/app/${second}/$`));
      await expect.poll(() => page.getByRole("banner").innerText()).toContain(`Tweede ${name} BV`);
      await page.getByRole("heading", { level: 1, name: t("dashboard.title") }).waitFor();
      // switched from the invoice list, reached through the navigation: the other company's invoice list
      await menu();
      await page
        .getByRole("navigation")
        .getByRole("link", { name: t("nav.invoices") })
        .click();
      await page.getByRole("heading", { level: 1, name: t("invoices.title") }).waitFor();
      await menu();
      await page.getByLabel(t("nav.company"), { exact: true }).selectOption({ label: `Eerste ${name} BV` });
      await page.waitForURL(new RegExp(`/app/${company.companyId}/invoices$`));
      await expect.poll(() => page.getByRole("banner").innerText()).toContain(`Eerste ${name} BV`);
      await screenshot(page, `${name}-company-switched`);
      await page.close();
    },
    90_000,
  );

  it("switches to English on request and remembers it", async () => {
    const nl = wordsOf("nl");
    const en = wordsOf("en");
    const company = await owner(harness.deps, "Taal BV");
    const page = await newAppPage(harness.browser, "nl-NL", LAPTOP);
    await page.goto(`${harness.baseUrl}/app/${company.companyId}/invoices`);
    await signInOnLoginPage(page, company.email, "nl");
    await page.getByRole("heading", { level: 1, name: nl("invoices.title") }).waitFor();
    await page.getByLabel(nl("nav.language"), { exact: true }).selectOption("en");
    await page.getByRole("heading", { level: 1, name: en("invoices.title") }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.reload();
    await page.getByRole("heading", { level: 1, name: en("invoices.title") }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    // the server's messages follow: an API error comes in English
    await page.goto(`${harness.baseUrl}/app/${company.companyId}/invoices/999999`);
    await page.getByRole("alert").getByText(en("error.notFound")).waitFor();
    await page.close();
  }, 90_000);
});
