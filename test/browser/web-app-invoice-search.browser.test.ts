/**
 * The invoice list's search box asks the API's `search[q]` (number, customer, description) and
 * keeps the text in the address, so a search can be bookmarked.
 */
import { describe, expect, it } from "vitest";
import { browserUnavailable } from "../support/browser.js";
import { expectAccessible, newAppPage, owner, signInOnLoginPage, useWebApp, wordsOf } from "../support/web-app.js";

const unavailable = browserUnavailable();

describe.skipIf(unavailable !== null)("searching invoices in the web app", () => {
  const harness = useWebApp();

  it("shows only the invoices that match, in both languages", async () => {
    const company = await owner(harness.deps, "Zoekwerk BV");
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${harness.baseUrl}/api/v1/companies/${company.companyId}/${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${company.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as Record<string, { id: number }>;
    };
    for (const [name, description] of [
      ["Bakkerij Jansen", "Brood voor de kantine"],
      ["Slagerij De Vries", "Worst"],
      ["Jansen Installatie", "Cv-ketel"],
    ] as const) {
      const contact = await post("contacts", { contact: { company_name: name } });
      await post("sales_invoices", {
        sales_invoice: {
          contact_id: contact.contact?.id,
          description,
          invoice_lines: [{ description, quantity: "1", price_per_unit: "10" }],
        },
      });
    }

    for (const language of ["nl", "en"] as const) {
      const t = wordsOf(language);
      const page = await newAppPage(harness.browser, language === "nl" ? "nl-NL" : "en-GB", {
        width: 1280,
        height: 800,
      });
      await page.goto(`${harness.baseUrl}/app/${company.companyId}/invoices`);
      await signInOnLoginPage(page, company.email, language);
      const rows = page.locator("table.list tbody tr");
      await expect.poll(() => rows.count()).toBe(3);
      await page.getByLabel(t("invoices.search")).fill("jansen");
      await expect
        .poll(() => rows.allInnerTexts())
        .toEqual([expect.stringContaining("Jansen Installatie"), expect.stringContaining("Bakkerij Jansen")]);
      expect(new URL(page.url()).searchParams.get("q")).toBe("jansen");
      await page.getByLabel(t("invoices.search")).fill("worst");
      await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining("Slagerij De Vries")]);
      await expectAccessible(page, "invoice search");
      await page.close();
    }
  });
});
