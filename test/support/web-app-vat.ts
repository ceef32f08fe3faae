/**
 * For the VAT return's browser tests: the last quarter and dates in it, the public API called in
 * a language, and a box's figures as the page shows them. Not used by the service.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { WebAppHarness } from "./web-app.js";
import type { Json } from "./web-app-pages.js";

const pad = (value: number) => String(value).padStart(2, "0");

/** The quarter before today's in Amsterdam (the company's time zone), and dates in it. */
export function lastQuarter() {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const current = Math.ceil(month / 3);
  const [lastYear, last] = current === 1 ? [year - 1, 4] : [year, current - 1];
  const firstMonth = (last - 1) * 3 + 1;
  return {
    period: `${lastYear}Q${last}`,
    year: lastYear,
    quarter: last,
    /** a date in the quarter's first, second or third month */
    date: (monthOfQuarter: 0 | 1 | 2, day: number) => `${lastYear}-${pad(firstMonth + monthOfQuarter)}-${pad(day)}`,
  };
}

/** One call of the public API in a language, its status and body. */
export async function call(
  harness: WebAppHarness,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  language = "nl",
) {
  const response = await fetch(`${harness.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "accept-language": language },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Json, total: response.headers.get("x-total") };
}

export async function made(harness: WebAppHarness, token: string, path: string, body: Json): Promise<number> {
  const answer = await call(harness, token, "POST", path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (Object.values(answer.body)[0] as { id: number }).id;
}

/** The figures of a box's row: base and VAT, exact and as filed. */
export async function rowOf(page: Page, box: string): Promise<string[]> {
  return page.locator(`tr[data-box="${box}"] td .vat-amount`).allInnerTexts();
}
