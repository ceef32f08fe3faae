/**
 * Quotations and credit invoices in the web app, in Chromium against a real server, as an owner
 * uses them: a quotation with two lines written, saved and published with a signing link; the
 * link copied (the clipboard holds the API's sign_url) and opened, where the customer approves
 * it on the public signing page; the approved quotation turned into an invoice, which gets a
 * revenue account on a line and "send by e-mail", and is published; then a credit invoice of it,
 * its lines in minus, published too — in Dutch on a 1280×800 laptop and in English on a 390×844
 * phone, with axe on every page and a screenshot of each when WEB_SHOTS_DIR is set.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserUnavailable } from "../support/browser.js";
import {
  expectAccessible,
  isFocused,
  newAppPage,
  owner,
  SCREENS,
  screenshot,
  signInOnLoginPage,
  useWebApp,
  wordsOf,
} from "../support/web-app.js";

const unavailable = browserUnavailable();

/** The public signing page's own words (server-rendered, modules/quotation-signing/texts.ts). */
const SIGNING = {
  nl: { name: "Uw naam", approve: "Offerte goedkeuren", approved: /Goedgekeurd door Jan Jansen/ },
  en: { name: "Your name", approve: "Approve", approved: /Approved by Jan Jansen/ },
} as const;

const NBSP = "\u00a0";

describe.skipIf(unavailable !== null)("quotations and credit invoices in the web app", () => {
  const harness = useWebApp();

  async function api<Body>(token: string, method: string, path: string, body?: unknown): Promise<Body> {
    const response = await fetch(`${harness.baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.ok, `${method} ${path}`).toBe(true);
    return (await response.json()) as Body;
  }

  /** Waits for the page's banner that confirms `text`. */
  async function confirmed(page: Page, text: string): Promise<void> {
    await page.getByRole("status").filter({ hasText: text }).waitFor();
  }

  it.each(SCREENS)(
    "writes, publishes, has signed and invoices a quotation, then credits the invoice ($name, $language)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const company = await owner(harness.deps, `Offertes ${name} BV`);
      const base = `/companies/${company.companyId}`;
      await api(company.token, "POST", `${base}/contacts`, {
        contact: { company_name: "Bouwbedrijf Smit", contact_person_email_address: "inkoop@smit.example" },
      });
      const page = await newAppPage(harness.browser, locale, viewport);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: harness.baseUrl });
      const failures: string[] = [];
      page.on("pageerror", (error) => failures.push(error.message));

      await page.goto(`${harness.baseUrl}/app/${company.companyId}/quotations`);
      await signInOnLoginPage(page, company.email, language, /\/app\/\d+\/quotations$/);
      await page.getByRole("heading", { level: 1, name: t("quotations.title") }).waitFor();
      await page.getByText(t("quotations.empty")).waitFor();
      await expectAccessible(page, "quotation list, empty");
      await screenshot(page, `${name}-quotations-empty`);

      // a quotation with two lines: the customer must exist already (the API takes no new one with it)
      await page.getByRole("link", { name: t("quotations.new") }).click();
      await page.getByRole("heading", { name: t("quotation.newTitle") }).waitFor();
      const customer = page.getByLabel(t("invoice.chooseContact"), { exact: true });
      await expect(customer.locator("option", { hasText: t("invoice.newContact") }).count()).resolves.toBe(0);
      await customer.selectOption({ label: "Bouwbedrijf Smit" });
      await expect(page.getByLabel(t("quotation.signingLink")).isChecked()).resolves.toBe(true);
      const first = page.getByRole("group", { name: t("invoice.line", { number: 1 }) });
      await first.getByLabel(t("invoice.lineDescription")).fill("Ontwerp huisstijl");
      await first.getByLabel(t("invoice.price")).fill("1.200");
      await page.getByRole("button", { name: t("invoice.addLine") }).click();
      const second = page.getByRole("group", { name: t("invoice.line", { number: 2 }) });
      await second.getByLabel(t("invoice.lineDescription")).fill("Drukwerk");
      await second.getByLabel(t("invoice.quantity")).fill("2");
      await second.getByLabel(t("invoice.price")).fill("75");
      await expectAccessible(page, "new quotation");
      await screenshot(page, `${name}-quotation-new`);

      // saved: each line's total is the server's (1.200,00 and 2 × 75,00, with 21 % VAT)
      await page.getByRole("button", { name: t("invoice.saveConcept") }).click();
      await page.waitForURL(/\/quotations\/\d+$/);
      await confirmed(page, t("saved"));
      await first.getByText(`€${NBSP}1.452,00`).waitFor();
      await second.getByText(`€${NBSP}181,50`).waitFor();
      await expectAccessible(page, "concept quotation");
      await screenshot(page, `${name}-quotation-concept`);

      await page.getByRole("button", { name: t("invoice.publish"), exact: true }).click();
      await page.getByRole("heading", { level: 1, name: /\d{4}-\d{4}/ }).waitFor();
      await expect(page.getByTestId("quotation-status").innerText()).resolves.toBe(t("quotationStatus.published"));
      const quotationId = Number(new URL(page.url()).pathname.split("/").pop());
      const { quotation } = await api<{ quotation: { sign_url: string } }>(
        company.token,
        "GET",
        `${base}/quotations/${quotationId}`,
      );
      await expect(page.getByLabel(t("quotation.signingUrl")).inputValue()).resolves.toBe(quotation.sign_url);
      await page.getByRole("button", { name: t("quotation.copyLink") }).click();
      await confirmed(page, t("quotation.copied"));
      await expect(page.evaluate<string>("navigator.clipboard.readText()")).resolves.toBe(quotation.sign_url);
      await expectAccessible(page, "published quotation");
      await screenshot(page, `${name}-quotation-published`);

      // the customer opens the link and approves
      const [signing] = await Promise.all([
        page.waitForEvent("popup"),
        page.getByRole("link", { name: t("quotation.openLink") }).click(),
      ]);
      await signing.waitForURL(quotation.sign_url);
      await signing.getByLabel(SIGNING[language].name).fill("Jan Jansen");
      await Promise.all([
        signing.waitForURL(quotation.sign_url),
        signing.getByRole("button", { name: SIGNING[language].approve }).click(),
      ]);
      expect(await signing.locator("main").innerText()).toMatch(SIGNING[language].approved);
      await signing.close();

      // back in the app the quotation reads approved, and becomes an invoice
      await page.reload();
      await expect
        .poll(() => page.getByTestId("quotation-status").innerText(), { timeout: 15_000 })
        .toBe(t("quotationStatus.approved"));
      await expectAccessible(page, "approved quotation");
      await screenshot(page, `${name}-quotation-approved`);
      await page.getByRole("button", { name: t("quotation.invoice") }).click();
      await page.waitForURL(/\/invoices\/\d+$/);
      await confirmed(page, t("quotation.fromQuotation"));
      const invoiceLine = page.getByRole("group", { name: t("invoice.line", { number: 1 }) });
      await expect(invoiceLine.getByLabel(t("invoice.lineDescription")).inputValue()).resolves.toBe(
        "Ontwerp huisstijl",
      );
      const totals = page.getByRole("region", { name: t("invoice.totals") });
      await expect.poll(() => totals.innerText()).toMatch(/€\s1\.350,00[\s\S]*€\s283,50[\s\S]*€\s1\.633,50/);

      // a revenue account on the first line, and the invoice mailed at publication
      await invoiceLine.getByLabel(t("invoice.account")).selectOption({ label: "P2.1 · Omzet algemeen" });
      await page.getByLabel(t("invoice.sendByEmail")).check();
      await expectAccessible(page, "invoice from the quotation");
      await screenshot(page, `${name}-invoice-from-quotation`);
      await page.getByRole("button", { name: t("invoice.saveConcept") }).click();
      await confirmed(page, t("saved"));
      const invoiceId = Number(new URL(page.url()).pathname.split("/").pop());
      const saved = await api<{
        sales_invoice: { sends_copy_by_email_on_publish?: boolean; invoice_lines: { account_path: string | null }[] };
      }>(company.token, "GET", `${base}/sales_invoices/${invoiceId}`);
      expect(saved.sales_invoice.sends_copy_by_email_on_publish).toBe(true);
      expect(saved.sales_invoice.invoice_lines.map((line) => line.account_path)).toEqual([
        "profit.revenue.other",
        null,
      ]);
      await page.getByRole("button", { name: t("invoice.publish"), exact: true }).click();
      const invoiceHeading = page.getByRole("heading", { level: 1, name: /\d{4}-\d{4}/ });
      await invoiceHeading.waitFor();
      const invoiceNumber = (await invoiceHeading.innerText()).match(/\d{4}-\d{4}/)?.[0] ?? "";
      expect(invoiceNumber).not.toBe("");
      await page.getByRole("region", { name: t("credit.heading") }).waitFor();
      await expectAccessible(page, "published invoice, to credit");
      await screenshot(page, `${name}-invoice-to-credit`);

      // the quotation says it is invoiced, and links to its invoice
      const { quotation: invoiced } = await api<{ quotation: { status: string; sales_invoice_id: number } }>(
        company.token,
        "GET",
        `${base}/quotations/${quotationId}`,
      );
      expect(invoiced).toMatchObject({ status: "invoiced", sales_invoice_id: invoiceId });

      // a credit invoice of the published invoice: its lines in minus, a concept to publish
      await page.getByRole("button", { name: t("credit.make") }).click();
      await confirmed(page, t("credit.made"));
      await page.getByRole("heading", { level: 1, name: t("credit.conceptTitle") }).waitFor();
      await page.getByRole("link", { name: invoiceNumber }).waitFor();
      const creditLine = page.getByRole("group", { name: t("invoice.line", { number: 2 }) });
      await expect(creditLine.getByLabel(t("invoice.quantity")).inputValue()).resolves.toBe("-2");
      await expect
        .poll(() => page.getByRole("region", { name: t("invoice.totals") }).innerText())
        .toMatch(/€\s-1\.350,00[\s\S]*€\s-283,50[\s\S]*€\s-1\.633,50/);
      await expectAccessible(page, "concept credit invoice");
      await screenshot(page, `${name}-credit-concept`);
      const creditId = Number(new URL(page.url()).pathname.split("/").pop());
      await page.getByRole("button", { name: t("invoice.publish"), exact: true }).click();
      await page.getByRole("heading", { level: 1, name: /\d{4}-\d{4}/ }).waitFor();
      await expect(page.getByTestId("open-amount").innerText()).resolves.toBe(`€${NBSP}-1.633,50`);
      await page
        .getByRole("heading", { level: 1, name: new RegExp(t("credit.title", { number: "\\d{4}-\\d{4}" })) })
        .waitFor();
      await page.getByRole("link", { name: invoiceNumber }).waitFor();
      // a credit invoice is not credited again
      await expect(page.getByRole("button", { name: t("credit.make") }).count()).resolves.toBe(0);
      await expectAccessible(page, "published credit invoice");
      await screenshot(page, `${name}-credit-published`);
      const { sales_invoice: credit } = await api<{ sales_invoice: { credited_invoice_id: number; status: string } }>(
        company.token,
        "GET",
        `${base}/sales_invoices/${creditId}`,
      );
      expect(credit).toMatchObject({ credited_invoice_id: invoiceId, status: "published" });

      // the quotation list shows it invoiced
      await page.goto(`${harness.baseUrl}/app/${company.companyId}/quotations`);
      await page.getByRole("cell", { name: "Bouwbedrijf Smit" }).waitFor();
      await expect(page.locator("tbody tr").first().innerText()).resolves.toContain(t("quotationStatus.invoiced"));
      await expectAccessible(page, "quotation list");
      await screenshot(page, `${name}-quotations`);
      expect(failures).toEqual([]);
      await page.close();
    },
    180_000,
  );

  it.each(SCREENS)(
    "shows the server's refusal at its field, and records a customer's no ($name)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const company = await owner(harness.deps, `Afwijzing ${name} BV`);
      const base = `/companies/${company.companyId}`;
      await api(company.token, "POST", `${base}/contacts`, { contact: { company_name: "Twijfelaar BV" } });
      const page = await newAppPage(harness.browser, locale, viewport);
      await page.goto(`${harness.baseUrl}/app/${company.companyId}/quotations/new`);
      await signInOnLoginPage(page, company.email, language, /\/quotations\/new$/);
      await page.getByRole("heading", { name: t("quotation.newTitle") }).waitFor();
      const line = page.getByRole("group", { name: t("invoice.line", { number: 1 }) });
      await line.getByLabel(t("invoice.lineDescription")).fill("Advies");
      await line.getByLabel(t("invoice.price")).fill("veel");
      await page.getByRole("button", { name: t("invoice.publish"), exact: true }).click();

      // no customer and an unreadable price: each named at its field, what was typed kept
      await page.getByRole("alert").getByText(t("error.fieldsBelow")).waitFor();
      const customer = page.getByLabel(t("invoice.chooseContact"), { exact: true });
      await expect(customer.getAttribute("aria-invalid")).resolves.toBe("true");
      const price = line.getByLabel(t("invoice.price"));
      await expect(price.getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(price.inputValue()).resolves.toBe("veel");
      expect(await isFocused(customer)).toBe(true);
      await expectAccessible(page, "refused quotation");
      await screenshot(page, `${name}-quotation-refused`);

      // without a signing link this time; the customer said no on the phone
      await customer.selectOption({ label: "Twijfelaar BV" });
      await price.fill("450");
      await page.getByLabel(t("quotation.signingLink")).uncheck();
      await page.getByRole("button", { name: t("invoice.publish"), exact: true }).click();
      await page.getByRole("heading", { level: 1, name: /\d{4}-\d{4}/ }).waitFor();
      await expect(page.getByRole("region", { name: t("quotation.signing") }).count()).resolves.toBe(0);
      await page.getByRole("button", { name: t("quotation.deny") }).click();
      await confirmed(page, t("quotation.denied"));
      await expect(page.getByTestId("quotation-status").innerText()).resolves.toBe(t("quotationStatus.denied"));
      // a denied quotation may still be approved, never invoiced straight away
      await page.getByRole("button", { name: t("quotation.approve") }).waitFor();
      await expect(page.getByRole("button", { name: t("quotation.invoice") }).count()).resolves.toBe(0);
      await expectAccessible(page, "denied quotation");
      await screenshot(page, `${name}-quotation-denied`);

      await page.goto(`${harness.baseUrl}/app/${company.companyId}/quotations?selection=stopped`);
      await page.getByRole("cell", { name: "Twijfelaar BV" }).waitFor();
      await expect(page.getByLabel(t("invoices.filter")).inputValue()).resolves.toBe("stopped");
      await page.close();
    },
    120_000,
  );
});
