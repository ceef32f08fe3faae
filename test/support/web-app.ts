/**
 * For the web app's browser tests: the run's build of the app (test/support/global-setup.ts),
 * served by a real Kasboek on the run's database, a user with a password and a complete company,
 * Chromium, and the checks every page gets — axe (no serious or critical violation) and, when
 * WEB_SHOTS_DIR is set, a full-page screenshot to look at. Not used by the service.
 */
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { buildApp } from "../../src/app.js";
import { openDatabase } from "../../src/db/connection.js";
import { setPassword } from "../../src/modules/users/service.js";
import type { ServiceDeps } from "../../src/platform/deps.js";
import { type Catalogue, en } from "../../web/src/i18n/en.js";
import { nl } from "../../web/src/i18n/nl.js";
import { newCompany, type TestCompany } from "./app.js";
import { launchChromium } from "./browser.js";

export const WEB_PASSWORD = "correct horse battery staple";

/**
 * How long a page may take to show what a write changed (expect.poll's option): with four browser
 * tests sharing two cores, a write on the bank page took 0.2–1.0 s on PostgreSQL and the focus
 * reached the next payment up to 1.9 s after Enter (measured), past expect.poll's default of 1 s.
 */
export const AFTER_A_WRITE = { timeout: 10_000 };

/** Where every page is looked at: in Dutch on a laptop, and in English on a phone. */
export const SCREENS = [
  { name: "laptop", language: "nl", locale: "nl-NL", viewport: { width: 1280, height: 800 } },
  { name: "phone", language: "en", locale: "en-GB", viewport: { width: 390, height: 844 } },
] as const;

export interface WebAppHarness {
  baseUrl: string;
  deps: ServiceDeps;
  browser: Browser;
  close: () => Promise<void>;
}

export async function startWebApp(): Promise<WebAppHarness> {
  const handle = openDatabase(inject("databaseUrl"));
  const deps: ServiceDeps = { db: handle.db, now: () => new Date() };
  const app = buildApp(deps, { logger: false }, { webAppDirectory: inject("webAppDirectory") });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  deps.publicUrl = baseUrl;
  const browser = await launchChromium();
  return {
    baseUrl,
    deps,
    browser,
    close: async () => {
      await browser.close();
      await app.close();
      await handle.close();
    },
  };
}

/**
 * The web app for the tests of the describe block this is called in: started before them and
 * closed after (so a skipped block starts nothing). Its fields are there once the tests run.
 */
export function useWebApp(): WebAppHarness {
  const harness = {} as WebAppHarness;
  beforeAll(async () => {
    Object.assign(harness, await startWebApp());
  }, 120_000);
  afterAll(() => harness.close?.());
  return harness;
}

/** A page in a browser context of its own (axe needs one), preferring `locale`, at `viewport`. */
export async function newAppPage(
  browser: Browser,
  locale: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ locale, viewport, acceptDownloads: true });
  const page = await context.newPage();
  // the context goes with its page; a browser closing meanwhile has closed it already
  page.on("close", () => context.close().catch(() => {}));
  return page;
}

/** A user with a password and a company complete enough to publish invoices. */
export async function owner(deps: ServiceDeps, name: string): Promise<TestCompany> {
  const company = await newCompany(deps, name);
  await setPassword(deps, company.email, WEB_PASSWORD);
  return company;
}

export const WORDS: Record<"nl" | "en", Catalogue> = { nl, en };

/** `t` of the app's catalogue, for finding what a reader of `language` sees. */
export function wordsOf(language: "nl" | "en") {
  const words = WORDS[language];
  return (key: keyof Catalogue, values: Record<string, string | number> = {}) =>
    words[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The login page's own words (server-rendered, modules/sessions/pages.ts). */
export const LOGIN_LABELS = {
  nl: { email: "E-mailadres", password: "Wachtwoord", signIn: "Inloggen" },
  en: { email: "E-mail address", password: "Password", signIn: "Sign in" },
} as const;

/** Signs in on Kasboek's login page, where the app sent the browser, and waits to be back in the app. */
export async function signInOnLoginPage(
  page: Page,
  email: string,
  language: "nl" | "en",
  landing: RegExp = /\/app\/\d+\//,
): Promise<void> {
  const labels = LOGIN_LABELS[language];
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password).fill(WEB_PASSWORD);
  await Promise.all([page.waitForURL(landing), page.getByRole("button", { name: labels.signIn, exact: true }).click()]);
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious, where).toEqual([]);
}

/** A full-page screenshot into WEB_SHOTS_DIR, when that is set, to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const directory = process.env.WEB_SHOTS_DIR;
  if (directory === undefined || directory === "") return;
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: path.join(directory, `${name}.png`), fullPage: true });
}

/** Whether `target` has the focus. */
export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === element.ownerDocument.activeElement);
}

/** Whether the focused element shows an outline a keyboard user can see. */
export function focusVisible(page: Page): Promise<boolean> {
  return page.locator(":focus").evaluate((element) => {
    const view = element.ownerDocument.defaultView;
    return view !== null && view.getComputedStyle(element).outlineStyle !== "none";
  });
}
