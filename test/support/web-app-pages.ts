/**
 * What the web app's settings and first-run browser tests do again and again: call the public
 * API beside the browser (to prepare a company and to check what was stored), open a section of
 * the navigation, and read the problem shown at a field. Not used by the service.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { WebAppHarness } from "./web-app.js";

export type Json = Record<string, unknown>;

/** A product the invoice and product pages pick or list: advice at € 95.00 without VAT. */
export const ADVICE_PRODUCT = {
  product: { invoice_line: { description: "Advies", price_per_unit: "95.00", product_code: "ADV" } },
};

/** One call of the public API with the company's token, its answer's body. */
export async function callApi(
  harness: WebAppHarness,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${harness.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? {} : (JSON.parse(text) as Json) };
}

export async function created(harness: WebAppHarness, token: string, path: string, body: Json): Promise<Json> {
  const answer = await callApi(harness, token, "POST", path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** Opens a section of the app's navigation, through the menu button on a phone. */
export async function openSection(page: Page, label: string, phone: boolean): Promise<void> {
  if (phone) await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation").getByRole("link", { name: label }).click();
}

/** The text of the problem a field is described by, once the field is marked invalid. */
export async function problemOf(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  await field.and(page.locator('[aria-invalid="true"]')).waitFor();
  const described = ((await field.getAttribute("aria-describedby")) ?? "").split(" ");
  const problemId = described.find((id) => id.endsWith("-problem"));
  return page.locator(`[id="${problemId}"]`).innerText();
}
