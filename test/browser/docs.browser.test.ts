/**
 * The API reference page /docs in a real browser, as a newcomer meets it: Swagger UI loads from
 * this server alone under the page's strict Content-Security-Policy (no violation, no console
 * error, no request to another origin), shows the getting-started guide and the sections, and
 * "Try it out" calls this same server: 401 without a token, the token's own company with one.
 *
 * Swagger UI takes seconds to read the document (an OpenAPI 3.1 one goes through its ApiDOM
 * resolver, about twice as slow as a 3.0 one), so the page is loaded once and the tests go
 * through it in order, as a reader would: read, look for an operation, then try it.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newCompany, type TestApp, type TestCompany } from "../support/app.js";
import { browserUnavailable, launchChromium, newPageIn } from "../support/browser.js";

const unavailable = browserUnavailable();

/**
 * Hands every CSP violation to the test through a binding. Injected by the devtools protocol, so
 * the page's own policy (no inline script) does not stop it; watching the console alone would
 * miss a violation whose message a browser words differently.
 */
const REPORT_VIOLATIONS = `document.addEventListener("securitypolicyviolation", function (event) {
  window.reportViolation(event.effectiveDirective + " blocked " + (event.blockedURI || "inline") +
    " at " + event.sourceFile + ":" + event.lineNumber + " " + event.sample);
});`;

/** Reading the document takes Swagger UI 5 to 15 seconds when the machine's cores are busy. */
const RENDERED_WITHIN_MS = 45_000;

interface DocsPage {
  page: Page;
  /** the Content-Security-Policy the page came with */
  policy: string;
  /** console errors and uncaught exceptions, with the URL they came from */
  consoleErrors: string[];
  violations: string[];
  /** every URL the page asked for outside this server, `data:` URLs aside */
  foreignRequests: string[];
}

describe.skipIf(unavailable !== null)("the API reference page /docs in Chromium", () => {
  let harness: TestApp;
  let company: TestCompany;
  let companyName: string;
  let browser: Browser;
  let baseUrl: string;
  let docs: DocsPage;

  async function openDocs(): Promise<DocsPage> {
    const page = await newPageIn(browser, "en-GB");
    const opened: DocsPage = { page, policy: "", consoleErrors: [], violations: [], foreignRequests: [] };
    page.on("console", (message) => {
      if (message.type() === "error") opened.consoleErrors.push(`${message.text()} (${message.location().url})`);
      if (message.text().includes("Content Security Policy")) opened.violations.push(message.text());
    });
    page.on("pageerror", (error) => opened.consoleErrors.push(`uncaught: ${error.message}`));
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(`${baseUrl}/`) && !url.startsWith("data:")) opened.foreignRequests.push(url);
    });
    await page.exposeFunction("reportViolation", (text: string) => opened.violations.push(text));
    await page.addInitScript(REPORT_VIOLATIONS);
    const response = await page.goto(`${baseUrl}/docs`);
    opened.policy = (await response?.headerValue("content-security-policy")) ?? "";
    // the title comes from the fetched document: once it shows, Swagger UI has rendered it
    await page
      .locator(".swagger-ui .info .title")
      .filter({ hasText: "Kasboek API" })
      .waitFor({ timeout: RENDERED_WITHIN_MS });
    return opened;
  }

  beforeAll(async () => {
    harness = await buildTestApp();
    await harness.app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    harness.deps.publicUrl = baseUrl;
    // a name no other test's company has, so finding it proves the answer is this token's
    companyName = `Docs Proef ${randomUUID().slice(0, 8)} BV`;
    company = await newCompany(harness.deps, companyName);
    browser = await launchChromium();
    docs = await openDocs();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  /** The operation's block in the list, found by method and path as the page shows them. */
  function operation(page: Page, method: "get", path: string): Locator {
    return page
      .locator(`.opblock.opblock-${method}`)
      .filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
  }

  /** Presses "Execute" on an operation in try-it-out mode; the status and body it then shows. */
  async function execute(block: Locator): Promise<{ status: string; shown: string }> {
    await block.getByRole("button", { name: "Execute" }).click();
    const live = block.locator(".live-responses-table .response");
    await live.locator(".response-col_status").waitFor();
    const shown = { status: await live.locator(".response-col_status").innerText(), shown: await live.innerText() };
    // "Clear" removes the answer, so the next Execute's answer is not mistaken for this one
    await block.getByRole("button", { name: "Clear" }).click();
    await live.waitFor({ state: "detached" });
    return { status: shown.status.trim(), shown: shown.shown };
  }

  it("renders Swagger UI with the getting-started guide, under its CSP, from this server alone", async () => {
    const { page } = docs;
    expect(await page.title()).toContain("Kasboek API");
    const info = page.locator(".swagger-ui .info");
    expect(await info.locator(".title").innerText()).toContain("Kasboek API");
    expect(await info.getByRole("heading", { name: "1. Get a token" }).isVisible()).toBe(true);
    expect(await info.getByText("Authorization: Bearer <token>").isVisible()).toBe(true);
    expect(await page.locator(".auth-wrapper .btn.authorize").isVisible()).toBe(true);
    // no violation proves something only under the strict policy: no inline code, no eval, no CDN
    expect(docs.policy).toContain("script-src 'self';");
    expect(docs.policy).toContain("connect-src 'self';");
    expect(docs.policy).not.toMatch(/unsafe-|https?:|\*/);
    expect(docs.violations).toEqual([]);
    expect(docs.consoleErrors).toEqual([]);
    expect(docs.foreignRequests).toEqual([]);
  });

  it("lists the sections and their operations", async () => {
    const { page } = docs;
    for (const tag of ["Companies", "Contacts", "Sales invoices", "Expenses", "VAT returns", "Reports"]) {
      expect(await page.locator(`.opblock-tag[data-tag="${tag}"]`).isVisible(), tag).toBe(true);
    }
    const companies = operation(page, "get", "/api/v1/companies");
    expect(await companies.count()).toBe(1);
    expect(await companies.isVisible()).toBe(true);
    expect(await operation(page, "get", "/api/v1/companies/{company_id}/contacts").isVisible()).toBe(true);
  });

  it("tries GET /api/v1/companies: 401 without a token, 200 with the company once a token is authorized", async () => {
    const { page } = docs;
    const companies = operation(page, "get", "/api/v1/companies");
    await companies.locator(".opblock-summary-control").click();
    await companies.getByRole("button", { name: "Try it out" }).click();

    const anonymous = await execute(companies);
    expect(anonymous.status).toBe("401");
    expect(anonymous.shown).toContain("client.authentication.invalid_token");
    expect(anonymous.shown).not.toContain(companyName);

    await page.locator(".auth-wrapper .btn.authorize").click();
    const dialog = page.locator(".modal-ux");
    // the personal-token scheme; the OAuth one beside it would send the browser to /oauth/authorize
    const apiToken = dialog.locator(".auth-container").filter({ hasText: "apiToken" });
    await apiToken.locator("input").fill(company.token);
    await apiToken.locator("button.authorize").click();
    // once authorized the form offers to log out instead ("Logout", labelled for screen readers)
    await apiToken.getByRole("button", { name: "Remove authorization" }).waitFor();
    await apiToken.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    const authorized = await execute(companies);
    expect(authorized.status).toBe("200");
    expect(authorized.shown).toContain(companyName);

    expect(docs.violations).toEqual([]);
    // Chromium logs a script's request that was answered 4xx as an error: the 401 above, only
    expect(docs.consoleErrors).toEqual([expect.stringMatching(/status of 401 .*\/api\/v1\/companies/)]);
    expect(docs.foreignRequests).toEqual([]);
  });
});
