/**
 * What the login and session tests share: an app on the run's database whose clock a test moves
 * forward, users with a password, and a browser of its own client address per call (throttling
 * counts per address) that asks for English. Filled in by `beforeAll`: read its fields in tests.
 */
import { randomInt } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { loginUrl } from "../../src/modules/sessions/service.js";
import { setPassword } from "../../src/modules/users/service.js";
import { buildTestApp, newCompany, type TestApp } from "./app.js";
import { PageBrowser } from "./pages.js";

export const PASSWORD = "a perfectly long password";

/**
 * The tests that make some twenty wrong logins: each checks a password at the hashing's full cost,
 * about a second apiece on a loaded two-core machine, which alone came near the 30 s default.
 */
export const PASSWORD_CHECKS_TIMEOUT_MS = 90_000;

export interface LoginTests {
  harness: TestApp;
  /** the app's clock, which `advance` moves */
  now: () => Date;
  advance: (milliseconds: number) => void;
  userWithPassword: () => Promise<{ userId: number; email: string }>;
  browser: (headers?: Record<string, string>) => PageBrowser;
}

/** A client address of its own: throttling counts per address. */
export const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export function useLoginTests(): LoginTests {
  let clock = new Date();
  const tests = {
    now: () => clock,
    advance: (milliseconds: number) => {
      clock = new Date(clock.getTime() + milliseconds);
    },
  } as LoginTests;
  beforeAll(async () => {
    tests.harness = await buildTestApp(tests.now);
  });
  afterAll(() => tests.harness.close());
  tests.userWithPassword = async () => {
    const owner = await newCompany(tests.harness.deps);
    await setPassword(tests.harness.deps, owner.email, PASSWORD);
    return owner;
  };
  tests.browser = (headers = {}) =>
    new PageBrowser(tests.harness.app, { remoteAddress: address(), headers: { "accept-language": "en", ...headers } });
  return tests;
}

export async function signIn(page: PageBrowser, email: string, password = PASSWORD, returnTo = "/account") {
  return page.submit(loginUrl(returnTo), "/login", { email, password, return_to: returnTo });
}

export const setCookies = (response: { headers: Record<string, unknown> }): string[] => {
  const header = response.headers["set-cookie"];
  return header === undefined ? [] : Array.isArray(header) ? header.map(String) : [String(header)];
};
