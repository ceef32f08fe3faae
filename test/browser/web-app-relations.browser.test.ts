/**
 * The web app's contact and product pages in Chromium, as an owner uses them: an empty contact
 * list, a new contact with an IBAN in the server's form, the search kept in the address, the
 * product list and a new product whose price with VAT the server worked out — in Dutch on a
 * laptop and in English on a phone, with axe on every page.
 */
import { describe, expect, it } from "vitest";
import { browserUnavailable } from "../support/browser.js";
import {
  expectAccessible,
  newAppPage,
  owner,
  SCREENS,
  screenshot,
  signInOnLoginPage,
  useWebApp,
  wordsOf,
} from "../support/web-app.js";
import { ADVICE_PRODUCT, created, openSection } from "../support/web-app-pages.js";

const unavailable = browserUnavailable();

describe.skipIf(unavailable !== null)("the contact and product pages in Chromium", () => {
  const harness = useWebApp();

  it.each(SCREENS)(
    "lists, creates and edits contacts and products ($name)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const phone = name === "phone";
      const company = await owner(harness.deps, `Relaties ${name} BV`);
      await created(harness, company.token, `/companies/${company.companyId}/products`, ADVICE_PRODUCT);
      const page = await newAppPage(harness.browser, locale, viewport);
      await page.goto(`${harness.baseUrl}/app/${company.companyId}/contacts`);
      await signInOnLoginPage(page, company.email, language);
      await page.getByRole("heading", { level: 1, name: t("contacts.title") }).waitFor();
      await page.getByText(t("contacts.empty")).waitFor();
      await expectAccessible(page, "contact list");
      await screenshot(page, `${name}-contacts-empty`);

      await page.getByRole("link", { name: t("contacts.new") }).click();
      await page.getByLabel(t("contact.companyName")).fill("Kaashandel de Vries BV");
      await page.getByLabel(t("contact.email")).fill("anna@example.org");
      await page.getByLabel(t("contact.city")).fill("Alkmaar");
      await page.getByLabel(t("contact.iban")).fill("nl91 abna 0417 1643 00");
      await page.getByRole("button", { name: t("action.save") }).click();
      await page.getByRole("heading", { name: t("contact.title", { name: "Kaashandel de Vries BV" }) }).waitFor();
      await page
        .getByRole("status")
        .filter({ hasText: t("saved") })
        .waitFor();
      // the server's form of the IBAN, which bank payments from it are matched by
      await expect(page.getByLabel(t("contact.iban")).inputValue()).resolves.toBe("NL91ABNA0417164300");
      await expectAccessible(page, "contact");
      await screenshot(page, `${name}-contact`);

      await openSection(page, t("nav.contacts"), phone);
      await page.getByLabel(t("contacts.search")).fill("kaas");
      await page.getByRole("link", { name: "Kaashandel de Vries BV" }).waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("kaas");
      await screenshot(page, `${name}-contacts`);

      await openSection(page, t("nav.products"), phone);
      await page.getByRole("link", { name: "Advies" }).waitFor();
      await expectAccessible(page, "product list");
      await screenshot(page, `${name}-products`);
      await page.getByRole("link", { name: t("products.new") }).click();
      await page.getByLabel(t("product.description")).fill("Reiskosten");
      await page.getByLabel(t("product.price")).fill("0,23");
      await page.getByRole("button", { name: t("action.save") }).click();
      await page.getByRole("heading", { name: t("product.title", { name: "Reiskosten" }) }).waitFor();
      await page.getByText("€\u00a00,28").waitFor();
      await expectAccessible(page, "product");
      await screenshot(page, `${name}-product`);
      await page.close();
    },
    120_000,
  );
});
