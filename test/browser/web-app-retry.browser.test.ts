/**
 * A save whose answer is lost on the way back (the server did the work, the browser saw the
 * connection drop) shows "try again"; trying again sends the same request under the same
 * Idempotency-Key, so the server answers with what it did the first time and the company has
 * one invoice, not two. A 5xx likewise offers a retry that then succeeds.
 */
import { describe, expect, it } from "vitest";
import { browserUnavailable } from "../support/browser.js";
import { newAppPage, owner, signInOnLoginPage, useWebApp, wordsOf } from "../support/web-app.js";

const unavailable = browserUnavailable();

describe.skipIf(unavailable !== null)("a failed save in the web app", () => {
  const harness = useWebApp();

  async function invoiceCount(companyId: number, token: string): Promise<number> {
    const response = await fetch(`${harness.baseUrl}/api/v1/companies/${companyId}/sales_invoices`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return Number(response.headers.get("x-total"));
  }

  it.each(["lost answer", "server failure"] as const)("offers a retry that writes once (%s)", async (failure) => {
    const t = wordsOf("nl");
    const company = await owner(harness.deps, `Herkansing ${failure} BV`);
    const page = await newAppPage(harness.browser, "nl-NL", { width: 1280, height: 800 });
    const keys: string[] = [];
    await page.route("**/api/v1/companies/*/sales_invoices", async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      keys.push(request.headers()["idempotency-key"] ?? "");
      if (keys.length > 1) return route.continue();
      if (failure === "server failure") return route.fulfill({ status: 503, body: "" });
      await route.fetch(); // the server creates the invoice …
      return route.abort("connectionreset"); // … and its answer never arrives
    });

    await page.goto(`${harness.baseUrl}/app/${company.companyId}/invoices/new`);
    await signInOnLoginPage(page, company.email, "nl");
    await page.getByRole("heading", { name: t("invoice.newTitle") }).waitFor();
    await page.getByLabel(t("invoice.chooseContact"), { exact: true }).selectOption({ label: t("invoice.newContact") });
    await page.getByLabel(t("invoice.newContactName")).fill("Bakkerij Jansen");
    const line = page.getByRole("group", { name: t("invoice.line", { number: 1 }) });
    await line.getByLabel(t("invoice.lineDescription")).fill("Advies");
    await line.getByLabel(t("invoice.price")).fill("95,00");
    await page.getByRole("button", { name: t("invoice.saveConcept") }).click();

    const alert = page.getByRole("alert");
    await alert.getByText(t(failure === "lost answer" ? "error.offline" : "error.server")).waitFor();
    // what was typed is still there
    await expect(page.getByLabel(t("invoice.newContactName")).inputValue()).resolves.toBe("Bakkerij Jansen");
    await alert.getByRole("button", { name: t("error.retry") }).click();
    await page.waitForURL(new RegExp(`/app/${company.companyId}/invoices/\\d+$`));

    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await invoiceCount(company.companyId, company.token)).toBe(1);
    await page.close();
  });
});
