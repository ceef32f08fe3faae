/**
 * The web app's first run, settings, and the contact and product pages' deleting, in Chromium
 * against a real server: a company as `kasboek bootstrap` leaves it (a name and a VAT number) is
 * asked for what an invoice needs on sign-in, sees the server's words at a bad KvK number and
 * IBAN with what was typed kept, and goes on to the page it asked for once complete; the settings
 * save the company details and the bookkeeping settings; a contact's page lists its invoices and
 * the server's open amount; a contact with a published invoice is not deleted (the server says
 * why), one without is, as is a product. In Dutch on a 1280×800 laptop and in English on a
 * 390×844 phone, with axe on every page and a screenshot of each when WEB_SHOTS_DIR is set.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCompanyForOperator } from "../../src/modules/companies/service.js";
import { findOrCreateUser, setPassword } from "../../src/modules/users/service.js";
import { ALL_SCOPES } from "../../src/platform/scopes.js";
import { tokenFor } from "../support/app.js";
import { browserUnavailable } from "../support/browser.js";
import {
  expectAccessible,
  isFocused,
  LOGIN_LABELS,
  newAppPage,
  owner,
  SCREENS,
  screenshot,
  signInOnLoginPage,
  useWebApp,
  WEB_PASSWORD,
  wordsOf,
} from "../support/web-app.js";
import { callApi, created, type Json, openSection, problemOf } from "../support/web-app-pages.js";

const unavailable = browserUnavailable();

/** The server's own words (src/platform/catalogue), as the reader's language gives them. */
const SERVER_WORDS = {
  nl: { kvk: "moet uit 8 cijfers bestaan", iban: "is geen geldige IBAN", inUse: "kan niet worden verwijderd" },
  en: { kvk: "must be 8 digits", iban: "is not a valid IBAN", inUse: "cannot be deleted" },
} as const;

describe.skipIf(unavailable !== null)("the web app's first run and settings in Chromium", () => {
  const harness = useWebApp();

  it.each(SCREENS)(
    "asks a freshly bootstrapped company for what an invoice needs, then goes on ($name)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const server = SERVER_WORDS[language];
      // what `kasboek bootstrap --email … --company … --vat-number …` stores, and nothing more
      const email = `bootstrap-${randomUUID()}@example.test`;
      const user = await harness.deps.db.transaction().execute((tx) => findOrCreateUser(harness.deps, tx, email));
      const companyId = await createCompanyForOperator(harness.deps, user.id, {
        name: `Nieuw ${name} BV`,
        vat_number: "NL123456782B01",
      });
      await setPassword(harness.deps, email, WEB_PASSWORD);
      const page = await newAppPage(harness.browser, locale, viewport);
      await page.goto(`${harness.baseUrl}/app/${companyId}/contacts`);
      await signInOnLoginPage(page, email, language);

      await page.getByRole("heading", { level: 1, name: t("setup.title") }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/app/${companyId}/contacts`);
      // exactly what an invoice needs: the VAT number given at bootstrap is there already
      await expect(page.getByLabel(t("field.company.vat_number")).inputValue()).resolves.toBe("NL123456782B01");
      expect(await page.getByLabel(t("company.email")).count()).toBe(0);
      await expectAccessible(page, "first run");
      await screenshot(page, `${name}-setup`);

      await page.getByLabel(t("field.company.address")).fill("Stationsplein 4");
      await page.getByLabel(t("field.company.zipcode")).fill("3511 ED");
      await page.getByLabel(t("field.company.kvk_number")).fill("1234");
      await page.getByLabel(t("field.company.iban")).fill("NL91 ABNA 0417 1643 01");
      await page.getByRole("button", { name: t("setup.submit") }).click();

      await page.getByRole("alert").getByText(t("error.fieldsBelow")).waitFor();
      const kvk = page.getByLabel(t("field.company.kvk_number"));
      await expect(kvk.getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(problemOf(page, t("field.company.kvk_number"))).resolves.toContain(server.kvk);
      await expect(problemOf(page, t("field.company.iban"))).resolves.toContain(server.iban);
      await expect(kvk.inputValue()).resolves.toBe("1234");
      await expect(page.getByLabel(t("field.company.iban")).inputValue()).resolves.toBe("NL91 ABNA 0417 1643 01");
      await expect(page.getByLabel(t("field.company.address")).inputValue()).resolves.toBe("Stationsplein 4");
      // the city is left blank: the server takes that, an invoice does not
      await expect(problemOf(page, t("field.company.city"))).resolves.toBe(t("company.neededOnInvoice"));
      // the first refused field has the focus
      await expect.poll(() => isFocused(page.locator('[aria-invalid="true"]').first()), { timeout: 10_000 }).toBe(true);
      await expectAccessible(page, "first run refused");
      await screenshot(page, `${name}-setup-refused`);
      // nothing was stored
      const token = await tokenFor(harness.deps, user.id, ALL_SCOPES);
      const before = await callApi(harness, token, "GET", `/companies/${companyId}`);
      expect((before.body.company as Json).kvk_number).toBeNull();

      await kvk.fill("8765 4321");
      await page.getByLabel(t("field.company.iban")).fill("NL91 ABNA 0417 1643 00");
      await page.getByLabel(t("field.company.city")).fill("Utrecht");
      await page.getByRole("button", { name: t("setup.submit") }).click();
      // complete: the page the owner was going to
      await page.getByRole("heading", { level: 1, name: t("contacts.title") }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/app/${companyId}/contacts`);
      const after = await callApi(harness, token, "GET", `/companies/${companyId}`);
      expect(after.body.company).toMatchObject({
        address: "Stationsplein 4",
        zipcode: "3511 ED",
        city: "Utrecht",
        kvk_number: "87654321",
        iban: "NL91ABNA0417164300",
      });
      await expectAccessible(page, "after the first run");
      await screenshot(page, `${name}-setup-done`);
      await page.close();
    },
    120_000,
  );

  it.each(SCREENS)(
    "saves the company details and bookkeeping settings, and links to tokens and applications ($name)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const server = SERVER_WORDS[language];
      const company = await owner(harness.deps, `Instellingen ${name} BV`);
      const page = await newAppPage(harness.browser, locale, viewport);
      await page.goto(`${harness.baseUrl}/app/${company.companyId}/invoices`);
      await signInOnLoginPage(page, company.email, language);
      await page.getByRole("heading", { level: 1, name: t("invoices.title") }).waitFor();
      await openSection(page, t("nav.settings"), name === "phone");
      await page.getByRole("heading", { level: 1, name: t("settings.title") }).waitFor();
      const details = page.getByRole("region", { name: t("settings.company") });
      await expect(details.getByLabel(t("field.company.city")).inputValue()).resolves.toBe("Utrecht");
      await expectAccessible(page, "settings");
      await screenshot(page, `${name}-settings`);

      // a bad IBAN: the server's words at it, the other change kept and nothing stored
      await details.getByLabel(t("field.company.city")).fill("Amersfoort");
      await details.getByLabel(t("field.company.iban")).fill("NL91ABNA0417164301");
      await details.getByRole("button", { name: t("action.save") }).click();
      await expect(problemOf(page, t("field.company.iban"))).resolves.toContain(server.iban);
      await expect(details.getByLabel(t("field.company.city")).inputValue()).resolves.toBe("Amersfoort");
      const refused = await callApi(harness, company.token, "GET", `/companies/${company.companyId}`);
      expect((refused.body.company as Json).city).toBe("Utrecht");
      await screenshot(page, `${name}-settings-refused`);

      await details.getByLabel(t("field.company.iban")).fill("NL02ABNA0123456789");
      await details.getByLabel(t("company.website")).fill("https://instellingen.example");
      await details.getByLabel(t("company.vatLiable")).uncheck();
      await details.getByRole("button", { name: t("action.save") }).click();
      await details
        .getByRole("status")
        .filter({ hasText: t("saved") })
        .waitFor();
      const stored = await callApi(harness, company.token, "GET", `/companies/${company.companyId}`);
      expect(stored.body.company).toMatchObject({
        city: "Amersfoort",
        iban: "NL02ABNA0123456789",
        website: "https://instellingen.example",
        vat_liable: false,
      });

      // the bookkeeping settings, with the KOR as the company's VAT liability now says
      const bookkeeping = page.getByRole("region", { name: t("settings.bookkeeping") });
      await bookkeeping.getByText(t("bookkeeping.korOn")).waitFor();
      await bookkeeping.getByLabel(t("bookkeeping.vatPeriod")).selectOption("month");
      await bookkeeping.getByLabel(t("bookkeeping.rounding")).selectOption("arithmetic");
      await bookkeeping.getByRole("button", { name: t("action.save") }).click();
      await bookkeeping
        .getByRole("status")
        .filter({ hasText: t("saved") })
        .waitFor();
      const settings = await callApi(
        harness,
        company.token,
        "GET",
        `/companies/${company.companyId}/bookkeeping_settings`,
      );
      expect(settings.body.bookkeeping_settings).toEqual({
        vat_return_rounding: "arithmetic",
        vat_period: "month",
        kor: true,
      });
      await expectAccessible(page, "settings saved");
      await screenshot(page, `${name}-settings-saved`);

      const access = page.getByRole("region", { name: t("settings.access") });
      await expect(access.getByRole("link", { name: t("settings.tokens") }).getAttribute("href")).resolves.toBe(
        "/account",
      );
      await expect(access.getByRole("link", { name: t("settings.applications") }).getAttribute("href")).resolves.toBe(
        "/account/applications",
      );

      // the language, then signing out, from the settings themselves
      const other = language === "nl" ? "en" : "nl";
      const you = page.getByRole("region", { name: t("settings.reader") });
      await you.getByLabel(t("nav.language")).selectOption(other);
      await page.getByRole("heading", { level: 1, name: wordsOf(other)("settings.title") }).waitFor();
      await page
        .getByRole("region", { name: wordsOf(other)("settings.reader") })
        .getByRole("button", { name: wordsOf(other)("nav.signOut") })
        .click();
      await page.getByLabel(LOGIN_LABELS[language].password).waitFor();
      await page.close();
    },
    120_000,
  );

  it.each(SCREENS)(
    "shows a contact's invoices and open amount, and deletes contacts and products ($name)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const phone = name === "phone";
      const company = await owner(harness.deps, `Debiteuren ${name} BV`);
      const base = `/companies/${company.companyId}`;
      const customer = (
        await created(harness, company.token, `${base}/contacts`, { contact: { company_name: "Bakkerij Bol" } })
      ).contact as Json;
      const spare = (await created(harness, company.token, `${base}/contacts`, { contact: { company_name: "Weg BV" } }))
        .contact as Json;
      const product = (
        await created(harness, company.token, `${base}/products`, {
          product: { invoice_line: { description: "Advies", price_per_unit: "95.00" } },
        })
      ).product as Json;
      const today = new Date().toISOString().slice(0, 10);
      const invoice = (lines: Json[], publish: boolean) =>
        created(harness, company.token, `${base}/sales_invoices`, {
          sales_invoice: {
            contact_id: customer.id,
            date: today,
            invoice_lines: lines,
            ...(publish ? { _publish: true } : {}),
          },
        });
      // 2 × 100,00 + 21 % = 242,00, of which 100,00 paid; 60,50 open; a concept of 12,10 owes nothing yet
      const paidInPart = (await invoice([{ description: "Brood", quantity: "2", price_per_unit: "100" }], true))
        .sales_invoice as Json;
      await invoice([{ description: "Taart", quantity: "1", price_per_unit: "50" }], true);
      await invoice([{ description: "Koek", quantity: "1", price_per_unit: "10" }], false);
      const payment = await callApi(harness, company.token, "PATCH", `${base}/sales_invoices/${paidInPart.id}`, {
        sales_invoice: {
          payments: [{ amount: "100.00", paid_at: today, account_path: "activa.current_assets.liquid_assets.bank" }],
        },
      });
      expect(payment.status, JSON.stringify(payment.body)).toBe(200);

      const page = await newAppPage(harness.browser, locale, viewport);
      await page.goto(`${harness.baseUrl}/app/${company.companyId}/contacts/${customer.id}`);
      await signInOnLoginPage(page, company.email, language);
      await page.getByRole("heading", { level: 1, name: t("contact.title", { name: "Bakkerij Bol" }) }).waitFor();
      const invoices = page.getByRole("region", { name: t("contactPage.invoices") });
      await invoices.locator("tbody tr").nth(2).waitFor();
      expect(await invoices.locator("tbody tr").count()).toBe(3);
      await expect(page.getByTestId("contact-open-amount").innerText()).resolves.toBe("€\u00a0202,50");
      // the server's figure: the receivables report's for this contact
      const report = await callApi(harness, company.token, "GET", `${base}/reports/receivables`);
      const owed = (report.body.receivables as { contacts: Array<{ contact_id: number; total: string }> }).contacts;
      expect(owed.find((entry) => entry.contact_id === customer.id)?.total).toBe("202.5");
      await expect(invoices.innerText()).resolves.toMatch(/€\s242,00[\s\S]*€\s142,00/);
      await expectAccessible(page, "contact with invoices");
      await screenshot(page, `${name}-contact-invoices`);

      // a published invoice points to it: the server refuses, and says why
      await page.getByRole("button", { name: t("contactPage.delete") }).click();
      await page.getByRole("button", { name: t("action.confirmDelete") }).click();
      await page.getByRole("alert").getByText(SERVER_WORDS[language].inUse).waitFor();
      expect((await callApi(harness, company.token, "GET", `${base}/contacts/${customer.id}`)).status).toBe(200);
      await expectAccessible(page, "contact refused deletion");
      await screenshot(page, `${name}-contact-delete-refused`);

      await openSection(page, t("nav.contacts"), phone);
      await page.getByRole("link", { name: "Weg BV" }).click();
      await page.getByText(t("contactPage.noInvoices")).waitFor();
      await page.getByRole("button", { name: t("contactPage.delete") }).click();
      await page.getByText(t("contactPage.deleteConfirm", { name: "Weg BV" })).waitFor();
      await screenshot(page, `${name}-contact-delete-confirm`);
      await page.getByRole("button", { name: t("action.confirmDelete") }).click();
      await page
        .getByRole("status")
        .filter({ hasText: t("contactPage.deleted") })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(`/app/${company.companyId}/contacts`);
      await page.getByRole("link", { name: "Bakkerij Bol" }).waitFor();
      await expect.poll(() => page.getByRole("link", { name: "Weg BV" }).count(), { timeout: 10_000 }).toBe(0);
      expect((await callApi(harness, company.token, "GET", `${base}/contacts/${spare.id}`)).status).toBe(404);
      await expectAccessible(page, "contact deleted");

      await openSection(page, t("nav.products"), phone);
      await page.getByRole("link", { name: "Advies" }).click();
      await page.getByRole("button", { name: t("productPage.delete") }).click();
      await page.getByRole("button", { name: t("action.confirmDelete") }).click();
      await page
        .getByRole("status")
        .filter({ hasText: t("productPage.deleted") })
        .waitFor();
      await page.getByText(t("products.empty")).waitFor();
      expect((await callApi(harness, company.token, "GET", `${base}/products/${product.id}`)).status).toBe(404);
      await expectAccessible(page, "product deleted");
      await screenshot(page, `${name}-product-deleted`);
      await page.close();
    },
    120_000,
  );
});
