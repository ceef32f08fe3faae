/**
 * The books in the web app, in Chromium against a real server, on the demo company (`kasboek
 * demo`'s year, written in process through the same services): the dashboard's figures equal the
 * API's reports, read beside it; its charts drawn, with their table view; the profit and loss
 * folded, unfolded, compared with the period before, exported as CSV and drilled into down to an
 * invoice; every other report and the reports page; and the empty states of a company with no
 * postings and of a period in the future — in Dutch on a 1280×800 laptop and in English on a
 * 390×844 phone, with axe and a screenshot (WEB_SHOTS_DIR) of every distinct page.
 * The reports page downloads the year's auditfile (XAF), whose contents the exports module's
 * own tests check against the schema; here, that the file the reader gets is that auditfile.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAmount, formatDate, todayIso } from "../../web/src/format.js";
import { csvAmount } from "../../web/src/reports/csv.js";
import { previousPeriod } from "../../web/src/reports/periods.js";
import { browserUnavailable } from "../support/browser.js";
import {
  newAppPage,
  SCREENS,
  screenshot,
  signInOnLoginPage,
  startWebApp,
  type WebAppHarness,
  wordsOf,
} from "../support/web-app.js";
import {
  type Books,
  checkPage,
  find,
  type Json,
  makeBooks,
  type Node,
  shown,
  textOf,
} from "../support/web-app-books.js";
import { callApi, openSection } from "../support/web-app-pages.js";

const unavailable = browserUnavailable();

const BUCKETS = ["not_due", "1_30", "31_60", "61_90", "over_90"] as const;

describe.skipIf(unavailable !== null)("the books in the web app", () => {
  let harness: WebAppHarness;
  let books: Books;

  beforeAll(async () => {
    harness = await startWebApp();
    books = await makeBooks(harness);
  }, 180_000);
  afterAll(() => harness?.close());

  const api = async (path: string): Promise<Json> => {
    const answer = await callApi(harness, books.token, "GET", `/companies/${books.demoId}${path}`);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };

  it.each(SCREENS)(
    "shows the dashboard with the API's figures, the reports folded, compared, exported and drilled into ($name, $language)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const phone = name === "phone";
      const today = todayIso();
      const year = Number(today.slice(0, 4));
      const page = await newAppPage(harness.browser, locale, viewport);
      const failures: string[] = [];
      page.on("pageerror", (error) => failures.push(error.message));
      page.on("console", (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) failures.push(message.text());
      });

      // the company's home page is its dashboard
      await page.goto(`${harness.baseUrl}/app/${books.demoId}/`);
      await signInOnLoginPage(page, books.email, language, /\/app\/\d+\/$/);
      await page.getByRole("heading", { level: 1, name: t("dashboard.title") }).waitFor();
      await page.locator('[data-testid="dashboard-figures"][aria-busy="false"]').waitFor();

      // every figure is the API's own
      const profit = (await api(`/reports/profit_and_loss?from=${year}-01-01&till=${today}`)).profit_and_loss as Json;
      await expect.poll(() => textOf(page, "figure-revenue")).toBe(shown(profit.total_revenue));
      expect(await textOf(page, "figure-costs")).toBe(shown(profit.total_costs));
      expect(await page.getByTestId("figure-result").getByRole("link").first().innerText()).toBe(shown(profit.result));
      const settings = (await api("/bookkeeping_settings")).bookkeeping_settings as { vat_period: string };
      expect(settings.vat_period).toBe("quarter");
      const quarter = `${year}Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
      const vat = (await api(`/vat_returns/${quarter}`)).vat_return as { boxes: Record<string, { vat: string }> };
      expect(await page.getByTestId("figure-vat").getByRole("link").innerText()).toBe(shown(vat.boxes["5g"]?.vat));
      const sheet = (await api(`/reports/balance_sheet?date=${today}`)).balance_sheet as { assets: Node };
      const bank = find(sheet.assets, (node) => node.path === "activa.current_assets.liquid_assets.bank");
      expect(await textOf(page, "cash-activa.current_assets.liquid_assets.bank")).toBe(shown(bank?.amount));
      const receivables = (await api(`/reports/receivables?date=${today}`)).receivables as Json;
      expect(await page.getByTestId("figure-receivables").getByRole("link").first().innerText()).toBe(
        shown(receivables.total),
      );
      for (const bucket of BUCKETS) expect(await textOf(page, `aging-${bucket}`)).toBe(shown(receivables[bucket]));
      const payables = (await api(`/reports/payables?date=${today}`)).payables as Json;
      expect(await page.getByTestId("figure-payables").getByRole("link").innerText()).toBe(shown(payables.total));
      const unbooked = await fetch(
        `${harness.baseUrl}/api/v1/companies/${books.demoId}/payments?selection=unbooked&per_page=1`,
        { headers: { authorization: `Bearer ${books.token}` } },
      );
      expect(await page.getByTestId("figure-unbooked").getByRole("link").innerText()).toBe(
        unbooked.headers.get("x-total"),
      );
      const overdue = await fetch(
        `${harness.baseUrl}/api/v1/companies/${books.demoId}/sales_invoices?selection=expired&per_page=5`,
        { headers: { authorization: `Bearer ${books.token}` } },
      );
      const [firstOverdue] = ((await overdue.json()) as { sales_invoices: Array<{ invoice_number: string }> })
        .sales_invoices;
      expect(firstOverdue).toBeDefined();
      await page.getByTestId("figure-overdue").getByRole("link", { name: firstOverdue?.invoice_number }).waitFor();

      // both charts drawn from the lazily loaded chunk, and their figures as a table on request
      await expect.poll(() => page.locator('[data-testid="month-chart"][data-chart="drawn"]').count()).toBe(2);
      const revenueChart = page.getByRole("region", { name: t("dashboard.revenuePerMonth") });
      await revenueChart.getByRole("button", { name: t("dashboard.showTable") }).click();
      const months = (
        (await api(`/reports/profit_and_loss?from=${year}-01-01&till=${today}&breakdown=month`)).profit_and_loss as {
          months: Array<{ month: string; total_revenue: string }>;
        }
      ).months;
      const thisMonth = months.at(-1);
      const monthName = t("dashboard.monthNames").split(",")[Number(today.slice(5, 7)) - 1] ?? "";
      const monthRow = revenueChart.getByRole("row", { name: new RegExp(`^${monthName}\\b`) });
      await expect.poll(() => monthRow.getByRole("cell").first().innerText()).toBe(shown(thisMonth?.total_revenue));
      await checkPage(page, "dashboard");
      await screenshot(page, `${name}-dashboard`);

      // the result leads to the profit and loss of this year so far
      await page.getByTestId("figure-result").getByRole("link").first().click();
      await page.getByRole("heading", { level: 1, name: t("reports.profitAndLoss") }).waitFor();
      await expect.poll(() => textOf(page, "report-result")).toBe(shown(profit.result));
      const costs = page.getByRole("table", { name: t("reports.costs") });
      const general = costs.getByRole("button", { name: /Algemene kosten/ });
      await expect(general.getAttribute("aria-expanded")).resolves.toBe("true");
      const office = costs.getByRole("row", { name: /Telefoon en internet/ });
      await office.waitFor();
      await general.click();
      await expect(general.getAttribute("aria-expanded")).resolves.toBe("false");
      await office.waitFor({ state: "detached" });
      await page.getByRole("button", { name: t("reports.unfoldAll") }).click();
      await office.waitFor();
      await checkPage(page, "profit and loss");
      await screenshot(page, `${name}-profit-and-loss`);

      // compared with the period before: a second column with that period's figures
      const period = { from: `${year}-01-01`, till: today };
      const before = previousPeriod(period);
      const earlier = (await api(`/reports/profit_and_loss?from=${before.from}&till=${before.till}`))
        .profit_and_loss as Json;
      await page.getByLabel(t("reports.comparePrevious")).check();
      const heading = `${formatDate(before.from)} – ${formatDate(before.till)}`;
      await costs.getByRole("columnheader", { name: heading }).waitFor();
      await expect
        .poll(() => page.getByRole("row", { name: new RegExp(`^${t("reports.result")}`) }).innerText())
        .toContain(shown(earlier.result));
      await checkPage(page, "profit and loss, compared");
      await screenshot(page, `${name}-profit-and-loss-compared`);

      // printed: the report alone, without the app's frame, controls or buttons
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("navigation").isVisible()).resolves.toBe(false);
      // (a group's name stays, printed as text, though it is the button that folds it on screen)
      await expect(page.locator("button:not(.fold)").filter({ visible: true }).count()).resolves.toBe(0);
      await costs.getByText("Algemene kosten").waitFor();
      await expect(page.getByRole("table", { name: t("reports.costs") }).isVisible()).resolves.toBe(true);
      await screenshot(page, `${name}-profit-and-loss-print`);
      await page.emulateMedia({ media: "screen" });

      // the CSV: the server's rows and totals, semicolons and decimal commas
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: t("reports.csv") }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${t("reports.file.profitAndLoss")}-${period.from}-${period.till}.csv`);
      const csv = readFileSync(await download.path(), "utf8");
      expect(csv.startsWith("\ufeff")).toBe(true);
      const lines = csv.slice(1).trimEnd().split("\r\n");
      expect(lines[0]).toBe(
        [t("reports.csv.section"), t("reports.csv.path"), t("reports.account"), t("reports.csv.depth")]
          .concat([`${formatDate(period.from)} – ${formatDate(period.till)}`, heading])
          .join(";"),
      );
      expect(lines).toContain(
        `;;${t("reports.totalRevenue")};;${csvAmount(String(profit.total_revenue))};${csvAmount(String(earlier.total_revenue))}`,
      );
      expect(lines.at(-1)).toBe(
        `;;${t("reports.result")};;${csvAmount(String(profit.result))};${csvAmount(String(earlier.result))}`,
      );
      const high = find((profit as { revenue: Node }).revenue, (node) => node.path === "profit.revenue.high");
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^${t("reports.revenue")};profit\\.revenue\\.high;Omzet hoog tarief;1;${csvAmount(high?.amount)};`,
          ),
        ),
      );

      // an account's general ledger, and from a line to the invoice behind it
      await page
        .getByRole("table", { name: t("reports.revenue") })
        .getByRole("link", { name: "Omzet hoog tarief" })
        .click();
      await page.getByRole("heading", { level: 1, name: `${t("reports.generalLedger")}: Omzet hoog tarief` }).waitFor();
      const ledger = (
        await api(`/reports/general_ledger?account_path=profit.revenue.high&from=${period.from}&till=${period.till}`)
      ).general_ledger as Json;
      await expect.poll(() => textOf(page, "closing-balance")).toBe(shown(ledger.closing_balance));
      await checkPage(page, "general ledger");
      await screenshot(page, `${name}-general-ledger`);
      const line = page
        .locator("table.ledger tbody tr")
        .filter({ has: page.getByRole("link") })
        .first();
      const description = await line.getByRole("link").innerText();
      await line.getByRole("link").click();
      await page.waitForURL(/\/invoices\/\d+$/);
      const number = /\d{4}-\d{4}/.exec(description)?.[0] ?? "";
      await page.getByRole("heading", { level: 1, name: new RegExp(number) }).waitFor();

      // the other reports, each from the reports page
      await openSection(page, t("reports.nav"), phone);
      await page.getByRole("heading", { level: 1, name: t("reports.title") }).waitFor();
      const [auditfile] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: t("reports.auditfileDownload") }).click(),
      ]);
      // the page offers last year, the last the accountant closes
      expect(auditfile.suggestedFilename()).toMatch(new RegExp(`^auditfile-\\d+-${year - 1}\\.xaf$`));
      const xaf = readFileSync(await auditfile.path(), "utf8");
      expect(xaf).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<auditfile /);
      expect(xaf).toContain(`<fiscalYear>${year - 1}</fiscalYear>`);
      await checkPage(page, "reports");
      await screenshot(page, `${name}-reports`);
      for (const [title, file, check] of [
        [
          "reports.balanceSheet",
          "balance-sheet",
          () => page.getByRole("table", { name: t("reports.assets") }).waitFor(),
        ],
        ["reports.trialBalance", "trial-balance", () => page.getByRole("row", { name: /Bank/ }).first().waitFor()],
        ["reports.receivables", "receivables", () => page.getByTestId("aging-total").waitFor()],
        ["reports.payables", "payables", () => page.getByTestId("aging-total").waitFor()],
        ["reports.mileage", "mileage", () => page.getByTestId("mileage-deductible").waitFor()],
      ] as const) {
        await page.getByRole("link", { name: t(title), exact: true }).click();
        await page.getByRole("heading", { level: 1, name: t(title) }).waitFor();
        await check();
        await checkPage(page, t(title));
        await screenshot(page, `${name}-${file}`);
        await page.getByRole("link", { name: t("reports.all") }).click();
      }
      const total = (await api(`/reports/receivables?date=${today}`)).receivables as Json;
      await page.getByRole("link", { name: t("reports.receivables"), exact: true }).click();
      await expect.poll(() => textOf(page, "aging-total")).toBe(shown(total.total));

      // a period in the future: nothing booked yet, said in the reader's language
      await page.getByRole("link", { name: t("reports.all") }).click();
      await page.getByRole("link", { name: t("reports.profitAndLoss"), exact: true }).click();
      await page.getByLabel(t("reports.from")).fill(`01-01-${year + 2}`);
      await page.getByLabel(t("reports.till")).fill(`31-12-${year + 2}`);
      await page.getByRole("button", { name: t("reports.show"), exact: true }).click();
      await page.getByText(t("reports.future")).waitFor();
      // and one before the first posting: nothing booked in it
      await page.getByLabel(t("reports.from")).fill("01-01-2020");
      await page.getByLabel(t("reports.till")).fill("31-12-2020");
      await page.getByRole("button", { name: t("reports.show"), exact: true }).click();
      await page.getByText(t("reports.nothingBooked")).waitFor();
      await page.getByLabel(t("reports.from")).fill("31-02-2026");
      await page.getByRole("button", { name: t("reports.show"), exact: true }).click();
      await page.getByText(t("reports.badDate")).waitFor();
      await screenshot(page, `${name}-profit-and-loss-future`);

      // a company with no postings at all: every figure at zero and sentences instead of bars
      if (phone) await page.getByRole("button", { name: "Menu" }).click();
      await page.getByLabel(t("nav.company"), { exact: true }).selectOption({ label: "Nog Leeg BV" });
      await page.waitForURL(new RegExp(`/app/${books.emptyId}/reports$`));
      await openSection(page, t("dashboard.nav"), phone);
      await page.locator('[data-testid="dashboard-figures"][aria-busy="false"]').waitFor();
      await expect.poll(() => textOf(page, "figure-revenue")).toBe(formatAmount("0"));
      await page
        .getByText(t("dashboard.chartEmpty", { year, earlier: year - 1 }))
        .first()
        .waitFor();
      await page.getByText(t("dashboard.noneOverdue")).waitFor();
      await checkPage(page, "empty dashboard");
      await screenshot(page, `${name}-dashboard-empty`);

      expect(failures).toEqual([]);
      await page.close();
    },
    240_000,
  );
});
