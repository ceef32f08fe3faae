/**
 * Kasboek's web app in Chromium against a real server, as an owner uses it: signing in through
 * Kasboek's own login page (the app is a first-party OAuth client: no consent page), landing on
 * the company's home page (its dashboard), going to the invoices, creating an invoice with two lines (one from a product, for a customer entered in
 * place), publishing it, opening its PDF and recording the payment until it shows as paid — in
 * Dutch on a 1280×800 laptop and in English on a 390×844 phone, with axe on every page. Also:
 * the invoice editor with the keyboard alone, and what a company that cannot publish yet is
 * told. The contact and product pages: web-app-relations.browser.test.ts.
 */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createCompanyForOperator } from "../../src/modules/companies/service.js";
import { COMPLETE_COMPANY_DETAILS } from "../support/app.js";
import { browserUnavailable } from "../support/browser.js";
import {
  expectAccessible,
  focusVisible,
  isFocused,
  newAppPage,
  owner,
  SCREENS,
  screenshot,
  signInOnLoginPage,
  useWebApp,
  WEB_PASSWORD,
  wordsOf,
} from "../support/web-app.js";
import { ADVICE_PRODUCT, created, openSection } from "../support/web-app-pages.js";

const unavailable = browserUnavailable();

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

describe.skipIf(unavailable !== null)("the web app in Chromium", () => {
  const harness = useWebApp();

  it.each(SCREENS)(
    "signs in, creates, publishes and gets paid an invoice with two lines ($name, $language)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const phone = name === "phone";
      const company = await owner(harness.deps, `Webwinkel ${name} BV`);
      await created(harness, company.token, `/companies/${company.companyId}/products`, ADVICE_PRODUCT);
      const page = await newAppPage(harness.browser, locale, viewport);
      const failures: string[] = [];
      page.on("pageerror", (error) => failures.push(error.message));
      // the CSP allows no inline script and nothing from elsewhere: the app must need neither
      page.on("console", (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) failures.push(message.text());
      });

      // a browser at / is sent to the app, which sends it to Kasboek's login page, and back to the
      // company's home page, its dashboard
      await page.goto(`${harness.baseUrl}/`);
      await signInOnLoginPage(page, company.email, language);
      expect(new URL(page.url()).pathname).toBe(`/app/${company.companyId}/`);
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(language);
      // waitFor waits until it is visible (isVisible answers at once, before the page has loaded)
      await page.getByRole("heading", { level: 1, name: t("dashboard.title") }).waitFor();
      await expect(page.getByRole("banner").innerText()).resolves.toContain(`Webwinkel ${name} BV`);
      // on a phone the navigation is folded behind the menu button, and still says where the reader is
      await expect(
        page
          .getByRole("navigation", { includeHidden: true })
          .getByRole("link", { name: t("dashboard.nav"), includeHidden: true })
          .getAttribute("aria-current"),
      ).resolves.toBe("page");
      await screenshot(page, `${name}-landing`);

      // the invoice list, through the navigation
      await openSection(page, t("nav.invoices"), phone);
      await page.getByRole("heading", { level: 1, name: t("invoices.title") }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/app/${company.companyId}/invoices`);
      await expectAccessible(page, "invoice list");
      await screenshot(page, `${name}-invoices`);

      await page.getByRole("link", { name: t("invoices.new") }).click();
      await page.getByRole("heading", { name: t("invoice.newTitle") }).waitFor();
      await page
        .getByLabel(t("invoice.chooseContact"), { exact: true })
        .selectOption({ label: t("invoice.newContact") });
      await page.getByLabel(t("invoice.newContactName")).fill("Bakkerij Jansen");
      const first = page.getByRole("group", { name: t("invoice.line", { number: 1 }) });
      await first.getByLabel(t("invoice.product")).selectOption({ label: "ADV · Advies" });
      await expect(first.getByLabel(t("invoice.lineDescription")).inputValue()).resolves.toBe("Advies");
      await expect(first.getByLabel(t("invoice.price")).inputValue()).resolves.toBe("95,00");
      await first.getByLabel(t("invoice.quantity")).fill("4");
      await page.getByRole("button", { name: t("invoice.addLine") }).click();
      const second = page.getByRole("group", { name: t("invoice.line", { number: 2 }) });
      await second.getByLabel(t("invoice.lineDescription")).fill("Hosting");
      await second.getByLabel(t("invoice.quantity")).fill("2");
      await second.getByLabel(t("invoice.price")).fill("12,50");
      await expectAccessible(page, "new invoice");
      await screenshot(page, `${name}-invoice-new`);

      // saved: the totals are the server's (4 × 95,00 + 2 × 12,50 = 405,00; 21 % VAT 85,05)
      await page.getByRole("button", { name: t("invoice.saveConcept") }).click();
      await page.waitForURL(new RegExp(`/app/${company.companyId}/invoices/\\d+$`));
      await page
        .getByRole("status")
        .filter({ hasText: t("saved") })
        .waitFor();
      const totals = page.getByRole("region", { name: t("invoice.totals") });
      await expect.poll(() => totals.innerText()).toMatch(/€\s405,00[\s\S]*€\s85,05[\s\S]*€\s490,05/);
      await first.getByText("€\u00a0459,80").waitFor();
      await expectAccessible(page, "concept invoice");
      await screenshot(page, `${name}-invoice-concept`);

      await page.getByRole("button", { name: t("invoice.publish"), exact: true }).click();
      const heading = page.getByRole("heading", { level: 1, name: /\d{4}-\d{4}/ });
      await heading.waitFor();
      await expect(page.getByTestId("open-amount").innerText()).resolves.toBe("€\u00a0490,05");
      await expectAccessible(page, "published invoice");
      await screenshot(page, `${name}-invoice-published`);

      await page.getByRole("button", { name: t("invoice.showPdf") }).click();
      const download = page.getByRole("link", { name: t("invoice.downloadPdf") });
      await download.waitFor();
      const [saved] = await Promise.all([page.waitForEvent("download"), download.click()]);
      const pdf = await readFile(await saved.path());
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(saved.suggestedFilename()).toMatch(/^factuur-\d{4}-\d{4}\.pdf$/);
      await expect(page.locator("iframe.pdf-frame").getAttribute("src")).resolves.toMatch(/^blob:/);

      await expect(page.getByLabel(t("payment.amount")).inputValue()).resolves.toBe("490,05");
      await page.getByRole("button", { name: t("payment.record") }).click();
      await page
        .getByRole("status")
        .filter({ hasText: t("payment.recorded") })
        .waitFor();
      await expect(page.getByTestId("open-amount").innerText()).resolves.toBe("€\u00a00,00");
      await expect(page.getByTestId("payment-status").innerText()).resolves.toBe(t("status.paid"));
      await page.waitForTimeout(500);
      await expectAccessible(page, "paid invoice");
      await screenshot(page, `${name}-invoice-paid`);

      // the list shows it paid, and the customer made in place is a contact now
      await openSection(page, t("nav.invoices"), phone);
      await page.getByRole("cell", { name: "Bakkerij Jansen" }).waitFor();
      await expect(page.locator("tbody tr").first().innerText()).resolves.toContain(t("status.paid"));
      await screenshot(page, `${name}-invoices-after`);
      await openSection(page, t("nav.contacts"), phone);
      await page.getByRole("link", { name: "Bakkerij Jansen" }).click();
      await page.getByRole("heading", { name: t("contact.title", { name: "Bakkerij Jansen" }) }).waitFor();
      expect(failures).toEqual([]);
      await page.close();
    },
    180_000,
  );

  it("lets the invoice editor be used with the keyboard alone", async () => {
    const t = wordsOf("nl");
    const company = await owner(harness.deps, "Toetsenbord BV");
    const page = await newAppPage(harness.browser, "nl-NL", { width: 1280, height: 800 });
    await page.goto(`${harness.baseUrl}/app/${company.companyId}/invoices/new`);
    // the login page, by keyboard too
    await page.getByLabel("E-mailadres").waitFor();
    await tabTo(page, page.getByLabel("E-mailadres"));
    await page.keyboard.type(company.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(WEB_PASSWORD);
    await Promise.all([page.waitForURL(/\/invoices\/new$/), page.keyboard.press("Enter")]);
    await page.getByRole("heading", { name: t("invoice.newTitle") }).waitFor();

    const customer = page.getByLabel(t("invoice.chooseContact"), { exact: true });
    await tabTo(page, customer);
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.press("ArrowDown"); // the company has no contacts yet: the next choice is a new one
    await expect(customer.inputValue()).resolves.toBe("new");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Drukkerij de Boer");

    const first = page.getByRole("group", { name: t("invoice.line", { number: 1 }) });
    await tabTo(page, first.getByLabel(t("invoice.lineDescription")));
    await page.keyboard.type("Ontwerp");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("3");
    await page.keyboard.press("Tab");
    await page.keyboard.type("80");
    await tabTo(page, page.getByRole("button", { name: t("invoice.addLine") }));
    await page.keyboard.press("Enter");
    // the new line takes the focus in its first field
    const second = page.getByRole("group", { name: t("invoice.line", { number: 2 }) });
    await expect.poll(() => isFocused(second.getByLabel(t("invoice.lineDescription")))).toBe(true);
    await page.keyboard.type("Drukwerk");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("45,50");
    // Enter in a field saves the concept (the form's first button)
    await Promise.all([page.waitForURL(/\/invoices\/\d+$/), page.keyboard.press("Enter")]);
    const totals = page.getByRole("region", { name: t("invoice.totals") });
    // 3 × 80,00 + 45,50 = 285,50; VAT 50,40 + 9,56
    await expect.poll(() => totals.innerText()).toMatch(/€\s285,50[\s\S]*€\s59,96[\s\S]*€\s345,46/);

    await tabTo(page, page.getByRole("button", { name: t("invoice.publish"), exact: true }));
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.press("Space");
    await page.getByRole("heading", { level: 1, name: /\d{4}-\d{4}/ }).waitFor();
    await tabTo(page, page.getByRole("button", { name: t("payment.record") }));
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("payment-status").innerText()).toBe(t("status.paid"));
    await page.close();
  }, 120_000);

  it.each(SCREENS)(
    "shows each legal requirement the server names at its field, keeping what was typed ($name)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const company = await owner(harness.deps, `Leeg ${name} BV`);
      // a second company of the same user, complete at sign-in (else the first-run form asks
      // for its details before any page), whose KvK number is then removed elsewhere: the
      // publication is what refuses it
      const lacking = await createCompanyForOperator(harness.deps, company.userId, {
        ...COMPLETE_COMPANY_DETAILS,
        name: "Zonder KvK BV",
      });
      const page = await newAppPage(harness.browser, locale, viewport);
      await page.goto(`${harness.baseUrl}/app/${lacking}/invoices/new`);
      await signInOnLoginPage(page, company.email, language);
      await page.getByRole("heading", { name: t("invoice.newTitle") }).waitFor();
      const removed = await fetch(`${harness.baseUrl}/api/v1/companies/${lacking}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${company.token}`, "content-type": "application/json" },
        body: JSON.stringify({ company: { kvk_number: null } }),
      });
      expect(removed.status).toBe(200);
      const line = page.getByRole("group", { name: t("invoice.line", { number: 1 }) });
      await line.getByLabel(t("invoice.lineDescription")).fill("Advies");
      await line.getByLabel(t("invoice.price")).fill("veel");
      await page.getByRole("button", { name: t("invoice.publish"), exact: true }).click();

      const banner = page.getByRole("alert");
      await banner.getByText(t("error.fieldsBelow")).waitFor();
      const price = line.getByLabel(t("invoice.price"));
      await expect(price.getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(price.inputValue()).resolves.toBe("veel");
      const priceProblem = page.locator(`[id="${await price.getAttribute("aria-describedby")}"]`);
      await expect(priceProblem.innerText()).resolves.toContain(
        language === "nl" ? "is geen getal" : "is not a number",
      );
      const contact = page.getByLabel(t("invoice.chooseContact"), { exact: true });
      await expect(contact.getAttribute("aria-invalid")).resolves.toBe("true");
      // the first refused field has the focus
      expect(await isFocused(contact)).toBe(true);
      await expectAccessible(page, "refused invoice");
      await screenshot(page, `${name}-invoice-refused`);

      // with the price readable, what is left is the company's KvK number and the customer
      await price.fill("95");
      await page.getByRole("button", { name: t("invoice.publish"), exact: true }).click();
      await expect.poll(() => banner.innerText()).toContain(t("field.company.kvk_number"));
      await expect(banner.innerText()).resolves.toContain(t("error.company"));
      await expect(price.getAttribute("aria-invalid")).resolves.toBeNull();
      await screenshot(page, `${name}-invoice-company-incomplete`);

      // kept as a concept after all, then deleted, in two steps
      await page.getByRole("button", { name: t("invoice.saveConcept") }).click();
      await page.waitForURL(/\/invoices\/\d+$/);
      await page.getByRole("button", { name: t("invoice.deleteConcept") }).click();
      await page.getByRole("button", { name: t("action.confirmDelete") }).click();
      await page
        .getByRole("status")
        .filter({ hasText: t("invoice.deleted") })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(`/app/${lacking}/invoices`);
      await page.getByText(t("invoices.empty")).waitFor();
      await page.close();
    },
    120_000,
  );
});
