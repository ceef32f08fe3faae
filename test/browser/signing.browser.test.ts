/**
 * The quotation signing page in a real browser: the customer opens the sign_url, types a name
 * and approves or denies, exactly as a person would, and the quotation moves accordingly — in a
 * browser set to Dutch (Dutch labels and amounts) and in one set to English.
 */
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../support/app.js";
import { browserUnavailable, launchChromium, newPageIn } from "../support/browser.js";

const unavailable = browserUnavailable();

describe.skipIf(unavailable !== null)("signing a quotation in Chromium", () => {
  let harness: TestApp;
  let company: TestCompany;
  let browser: Browser;
  let contactId: number;

  beforeAll(async () => {
    harness = await buildTestApp();
    await harness.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = harness.app.server.address() as AddressInfo;
    harness.deps.publicUrl = `http://127.0.0.1:${port}`;
    company = await newCompany(harness.deps, "Browser Offertes BV");
    const contact = await request(
      harness.app,
      "POST",
      `/api/v1/companies/${company.companyId}/contacts`,
      company.token,
      {
        contact: { company_name: "Klant in de browser BV" },
      },
    );
    contactId = json<{ contact: { id: number } }>(contact).contact.id;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  async function publishedQuotation(): Promise<{ id: number; sign_url: string }> {
    const response = await request(
      harness.app,
      "POST",
      `/api/v1/companies/${company.companyId}/quotations`,
      company.token,
      {
        quotation: {
          contact_id: contactId,
          creates_sign_url_on_publish: true,
          _publish: true,
          invoice_lines: [{ description: "Nieuwe website", price_per_unit: "1500" }],
        },
      },
    );
    return json<{ quotation: { id: number; sign_url: string } }>(response).quotation;
  }

  async function statusOf(id: number): Promise<string> {
    const response = await request(
      harness.app,
      "GET",
      `/api/v1/companies/${company.companyId}/quotations/${id}`,
      company.token,
    );
    return json<{ quotation: { status: string } }>(response).quotation.status;
  }

  it.each([
    ["nl-NL", "Offerte goedkeuren", "Uw naam", "approved", /Goedgekeurd door Jan Jansen/, "€ 1.815,00"],
    ["nl-NL", "Offerte afwijzen", "Uw naam", "denied", /Afgewezen door Jan Jansen/, "€ 1.815,00"],
    ["en-GB", "Approve", "Your name", "approved", /Approved by Jan Jansen/, "€1,815.00"],
    ["en-GB", "Deny", "Your name", "denied", /Denied by Jan Jansen/, "€1,815.00"],
  ])(
    "lets a customer in %s type a name and click %s",
    async (locale, button, nameLabel, status, confirmation, total) => {
      const quotation = await publishedQuotation();
      const page = await newPageIn(browser, locale);
      await page.goto(quotation.sign_url);
      expect(await page.getByRole("cell", { name: "Nieuwe website" }).count()).toBe(1);
      expect(await page.content()).toContain(total);
      await page.getByLabel(nameLabel).fill("Jan Jansen");
      await Promise.all([page.waitForURL(quotation.sign_url), page.getByRole("button", { name: button }).click()]);
      expect(await page.locator("main").innerText()).toMatch(confirmation);
      expect(await statusOf(quotation.id)).toBe(status);
      await page.close();
    },
    30_000,
  );

  it("refuses a name left blank and keeps the quotation open", async () => {
    const quotation = await publishedQuotation();
    const page = await newPageIn(browser, "nl-NL");
    await page.goto(quotation.sign_url);
    // the browser itself refuses an empty required field, so type only spaces
    await page.getByLabel("Uw naam").fill("   ");
    await page.getByRole("button", { name: "Offerte goedkeuren" }).click();
    await page.waitForLoadState();
    expect(await page.getByRole("alert").innerText()).toContain("Vul uw naam in");
    expect(await statusOf(quotation.id)).toBe("published");
    await page.close();
  }, 30_000);
});
