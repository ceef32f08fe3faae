/**
 * Debian's Chromium for the browser tests, driven by playwright-core (which downloads nothing).
 * Where Chromium is not installed the tests are skipped with the reason printed; CI installs it.
 * Every page a test opens names its locale: the service's pages follow the browser's
 * Accept-Language, so a test never depends on the machine's language settings.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Why the browser tests cannot run here, or null when they can. */
export function browserUnavailable(): string | null {
  if (existsSync(CHROMIUM_PATH)) return null;
  const reason = `${CHROMIUM_PATH} is missing (apt-get install chromium); the browser tests are skipped`;
  console.warn(reason);
  return reason;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic"],
  });
}

/** A new page, in a context of its own, whose browser prefers `locale` (e.g. "nl-NL", "en-GB"). */
export function newPageIn(browser: Browser, locale: string): Promise<Page> {
  return browser.newPage({ locale });
}
