/**
 * The VAT return page's edge states in Chromium against a real server (issue 30, part 2): a
 * company with no postings, a period before the first posting (an empty return can still be
 * filed), today's running period and one not yet begun, and a credit shown with minus signs. In
 * Dutch at 1280×800 and in English at 390×844, with axe on every state and a screenshot of each
 * when WEB_SHOTS_DIR is set.
 */
import { describe, expect, it } from "vitest";
import { formatDate } from "../../web/src/format.js";
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
import { call, lastQuarter, made, rowOf } from "../support/web-app-vat.js";

const unavailable = browserUnavailable();

describe.skipIf(unavailable !== null)("the VAT return's edge states in Chromium", () => {
  const harness = useWebApp();

  it.each(SCREENS)(
    "says so when nothing is booked, before the first posting, while a period runs and before it begins ($name, $language)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const empty = await owner(harness.deps, `Leeg ${name} BV`);
      const page = await newAppPage(harness.browser, locale, viewport);
      await page.goto(`${harness.baseUrl}/app/${empty.companyId}/vat`);
      await signInOnLoginPage(page, empty.email, language, /\/app\/\d+\/vat$/);
      await page.getByText(t("vat.noPostings")).waitFor();
      await expectAccessible(page, "no postings");
      await screenshot(page, `${name}-vat-no-postings`);
      await page.close();

      const booked = await owner(harness.deps, `Begin ${name} BV`);
      const quarter = lastQuarter();
      await made(harness, booked.token, `/companies/${booked.companyId}/sales_invoices`, {
        sales_invoice: {
          contact: { company_name: "Eerste klant" },
          date: quarter.date(0, 2),
          invoice_lines: [{ price_per_unit: "-20" }],
          _publish: true,
        },
      });
      const early = `${quarter.year - 2}Q1`;
      const second = await newAppPage(harness.browser, locale, viewport);
      await second.goto(`${harness.baseUrl}/app/${booked.companyId}/vat/${early}`);
      await signInOnLoginPage(second, booked.email, language, /\/vat\/\d{4}Q\d$/);
      await second.getByText(t("vat.beforeBooks")).waitFor();
      // an empty return can still be filed
      await second.getByRole("button", { name: t("vat.file") }).waitFor();
      await expectAccessible(second, "a period before the first posting");
      await screenshot(second, `${name}-vat-before-books`);

      // today's period, chosen from the list: running, not yet to be filed
      const periods = await call(harness, booked.token, "GET", `/companies/${booked.companyId}/vat_return_periods`);
      const running = (periods.body.vat_return_periods as Array<{ period: string; till: string; timing: string }>).find(
        (period) => period.timing === "current",
      );
      await second.getByLabel(t("vat.period")).selectOption(running?.period ?? "");
      await second.getByText(t("vat.running", { till: formatDate(running?.till) })).waitFor();
      await expect(second.getByRole("button", { name: t("vat.file") }).count()).resolves.toBe(0);
      // the credit of the first quarter shows minus signs
      await second.getByLabel(t("vat.period")).selectOption(quarter.period);
      await expect
        .poll(() => rowOf(second, "1a"))
        .toEqual(["€\u00a0-20,00", "€\u00a0-20", "€\u00a0-4,20", "€\u00a0-5"]);
      await expectAccessible(second, "a credit in the return");
      await screenshot(second, `${name}-vat-negative`);

      await second.goto(`${harness.baseUrl}/app/${booked.companyId}/vat/${quarter.year + 2}Q1`);
      await second.getByText(t("vat.notBegun", { from: `01-01-${quarter.year + 2}` })).waitFor();
      await expect(second.getByRole("button", { name: t("vat.file") }).count()).resolves.toBe(0);
      await expectAccessible(second, "a period not begun");
      await screenshot(second, `${name}-vat-future`);
      await second.close();
    },
    120_000,
  );
});
