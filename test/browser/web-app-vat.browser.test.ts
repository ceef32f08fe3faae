import { describe, expect, it } from "vitest";
import { formatAmount, formatDate } from "../../web/src/format.js";
import { formatWholeEuros } from "../../web/src/vat/amounts.js";
import { browserUnavailable } from "../support/browser.js";
import {
  expectAccessible,
  newAppPage,
  owner,
  SCREENS,
  screenshot,
  signInOnLoginPage,
  useWebApp,
  type WebAppHarness,
  wordsOf,
} from "../support/web-app.js";
import { type Json, openSection, problemOf } from "../support/web-app-pages.js";
import { call, lastQuarter, made, rowOf } from "../support/web-app-vat.js";

const unavailable = browserUnavailable();

type Box = { base: string | null; vat: string | null; base_filed: string | null; vat_filed: string | null };
type VatReturn = { period: string; from: string; till: string; state: string; boxes: Record<string, Box> };

/** The company's last quarter, booked through the API; the ids of what the test follows. */
async function bookLastQuarter(harness: WebAppHarness, companyId: number, token: string) {
  const quarter = lastQuarter();
  const base = `/companies/${companyId}`;
  const types = await call(harness, token, "GET", `${base}/vat_types?selection=all`);
  const vatType = (name: string) =>
    (types.body.vat_types as Array<{ id: number; name: string }>).find((type) => type.name === name)?.id;
  const contact = (fields: Json) => made(harness, token, `${base}/contacts`, { contact: fields });
  const bakery = await contact({ company_name: "Bakkerij Jansen", country_code: "NL" });
  const german = await contact({ company_name: "Kunde GmbH", country_code: "DE", vat_number: "DE123456789" });
  // no country, and a VAT number no member state issued: counted as Dutch (a DE… number would place it in Germany)
  const countryless = await contact({ company_name: "Firma Ohne Land", vat_number: "CHE123456789MWST" });
  const invoice = (contactId: number, date: string, lines: Json[], extra: Json = {}) =>
    made(harness, token, `${base}/sales_invoices`, {
      sales_invoice: { contact_id: contactId, date, invoice_lines: lines, ...extra },
    });
  const domestic = await invoice(
    bakery,
    quarter.date(0, 10),
    [
      { description: "Advies", price_per_unit: "1000", vat_type_id: vatType("vat_high") },
      { description: "Boeken", price_per_unit: "100.55", vat_type_id: vatType("vat_low_new") },
    ],
    { _publish: true },
  );
  await invoice(
    german,
    quarter.date(1, 5),
    [{ description: "Beratung", price_per_unit: "300.75", vat_type_id: vatType("vat_reverse_charged") }],
    { sale_type: "service", _publish: true },
  );
  await invoice(
    countryless,
    quarter.date(1, 6),
    [{ description: "Beratung", price_per_unit: "80", vat_type_id: vatType("vat_reverse_charged") }],
    { sale_type: "service", _publish: true },
  );
  await invoice(bakery, quarter.date(2, 1), [{ description: "Nog te sturen", price_per_unit: "50" }]);
  const costs = await call(harness, token, "GET", `${base}/accounts?selection=costs`);
  const [costAccount] = costs.body.accounts as Array<{ id: number }>;
  await made(harness, token, `${base}/expenses`, {
    expense: {
      type_account_id: costAccount?.id,
      date: quarter.date(2, 20),
      state: "published",
      invoice_lines: [{ description: "Laptop", price_per_unit: "2000", vat_type_id: vatType("vat_high") }],
    },
  });
  await made(harness, token, `${base}/payments`, {
    payment: {
      amount: "-45.00",
      description: "Pin Kantoorboekhandel",
      account_path: "activa.current_assets.liquid_assets.bank",
      paid_at: quarter.date(2, 21),
    },
  });
  return { quarter, domestic };
}

describe.skipIf(unavailable !== null)("the VAT return in Chromium", () => {
  const harness = useWebApp();

  it.each(SCREENS)(
    "reviews, drills into and files last quarter's return, which then refuses a new invoice ($name, $language)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const phone = name === "phone";
      const company = await owner(harness.deps, `Btw ${name} BV`);
      const base = `/companies/${company.companyId}`;
      const { quarter, domestic } = await bookLastQuarter(harness, company.companyId, company.token);
      const label =
        language === "nl" ? `${quarter.quarter}e kwartaal ${quarter.year}` : `Q${quarter.quarter} ${quarter.year}`;

      const page = await newAppPage(harness.browser, locale, viewport);
      const failures: string[] = [];
      page.on("pageerror", (error) => failures.push(error.message));
      // without a period the page opens on the last quarter that is over
      await page.goto(`${harness.baseUrl}/app/${company.companyId}/vat`);
      await signInOnLoginPage(page, company.email, language, /\/app\/\d+\/vat/);
      await page.getByRole("heading", { level: 1, name: t("vat.heading", { period: label }) }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/app/${company.companyId}/vat/${quarter.period}`);

      // every box as the server answers it, exact and as filed
      const shown = (await call(harness, company.token, "GET", `${base}/vat_returns/${quarter.period}`)).body
        .vat_return as VatReturn;
      expect(shown.boxes["5g"]).toEqual({ base: null, vat: "-200.95", base_filed: null, vat_filed: "-201.0" });
      await page.locator('tr[data-box="1a"]').waitFor();
      for (const [box, figures] of Object.entries(shown.boxes)) {
        const expected = [
          ...(figures.base === null ? [] : [formatAmount(figures.base), formatWholeEuros(figures.base_filed)]),
          ...(figures.vat === null ? [] : [formatAmount(figures.vat), formatWholeEuros(figures.vat_filed)]),
        ];
        await expect(rowOf(page, box), box).resolves.toEqual(expected);
      }
      await expect(rowOf(page, "1b")).resolves.toEqual(["€\u00a0100,55", "€\u00a0100", "€\u00a09,05", "€\u00a09"]);
      const status = page.getByRole("region", { name: t("vat.status") });
      await expect(status.getByTestId("vat-total").innerText()).resolves.toBe("€\u00a0-201");
      await expect(status.innerText()).resolves.toContain(t("vat.toReclaim"));

      // what to check first: the concept invoice, the unbooked payment, the customer without a country
      const warnings = page.getByRole("region", { name: t("vat.warnings") });
      await warnings.getByText(t("vat.warning.concepts", { count: 1 })).waitFor();
      await warnings.getByText(t("vat.warning.unbooked", { count: 1 })).waitFor();
      await warnings.getByText(t("vat.warning.withoutCountry", { count: 1 })).waitFor();

      // the ICP return beside it: the German customer, adding up to 3b as filed
      const icp = page.getByRole("region", { name: t("vat.icp.title") });
      await icp.getByRole("cell", { name: "123456789", exact: true }).waitFor();
      await expect(icp.getByTestId("icp-total").innerText()).resolves.toBe(
        formatWholeEuros(shown.boxes["3b"]?.base_filed),
      );
      await expectAccessible(page, "VAT return to review");
      await screenshot(page, `${name}-vat-review`);

      // the lines the warning names: those of 1e whose customer has neither a country nor an EU VAT number
      await warnings.getByRole("link", { name: t("vat.warning.withoutCountryLink") }).click();
      const countryless = page.getByRole("region", {
        name: t("vat.linesTitle", { box: "1e", label: t("vat.box.1e") }),
      });
      await countryless.getByText(t("vat.linesWithoutCountry")).waitFor();
      await countryless.locator("tbody tr").first().waitFor();
      await expect(countryless.locator("tbody tr").count()).resolves.toBe(1);
      await expectAccessible(page, "the lines of 1e without a country");
      await screenshot(page, `${name}-vat-lines-without-country`);
      await page.goBack();
      await warnings.getByText(t("vat.warning.withoutCountry", { count: 1 })).waitFor();

      // box 1a → its lines → the invoice they came from
      await page.getByRole("link", { name: `1a ${t("vat.box.1a")}` }).click();
      const lines = page.getByRole("region", { name: t("vat.linesTitle", { box: "1a", label: t("vat.box.1a") }) });
      await lines.getByRole("row").nth(2).waitFor();
      const listed = await call(harness, company.token, "GET", `${base}/vat_returns/${quarter.period}/lines?box=1a`);
      expect(listed.total).toBe("2");
      await expect(lines.locator("tbody tr").count()).resolves.toBe(2);
      const invoiceShown = (await call(harness, company.token, "GET", `${base}/sales_invoices/${domestic}`)).body
        .sales_invoice as { invoice_number: string };
      await expectAccessible(page, "the lines of box 1a");
      await screenshot(page, `${name}-vat-lines`);
      await lines
        .getByRole("link", { name: `Factuur ${invoiceShown.invoice_number}` })
        .first()
        .click();
      await page.getByRole("heading", { level: 1, name: invoiceShown.invoice_number }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/app/${company.companyId}/invoices/${domestic}`);
      await page.goBack();
      await lines.waitFor();

      // filing, after the confirmation that says the period locks
      await page.getByRole("button", { name: t("vat.file") }).click();
      const dialog = page.getByRole("dialog", { name: t("vat.confirmTitle", { period: label }) });
      await dialog.waitFor();
      await dialog
        .getByText(t("vat.confirmLock", { from: formatDate(shown.from), till: formatDate(shown.till) }))
        .waitFor();
      await expectAccessible(page, "confirming the filing");
      await screenshot(page, `${name}-vat-confirm`);
      if (phone) {
        // someone else files it meanwhile: the server refuses, its words are shown, the period reads as filed
        const first = await call(harness, company.token, "POST", `${base}/vat_returns`, {
          vat_return: { period: quarter.period },
        });
        expect(first.status).toBe(201);
        const again = await call(
          harness,
          company.token,
          "POST",
          `${base}/vat_returns`,
          { vat_return: { period: quarter.period } },
          language,
        );
        expect(again.status).toBe(422);
        await dialog.getByRole("button", { name: t("vat.confirmFile") }).click();
        await page
          .getByRole("alert")
          .filter({ hasText: (again.body.error as { message: string }).message })
          .waitFor();
      } else {
        await dialog.getByRole("button", { name: t("vat.confirmFile") }).click();
        await page
          .getByRole("status")
          .filter({ hasText: t("vat.filed", { period: label }) })
          .waitFor();
      }
      await page.getByTestId("filed-at").waitFor();
      await expect(page.getByRole("button", { name: t("vat.file") }).count()).resolves.toBe(0);
      await expect(page.getByRole("region", { name: t("vat.warnings") }).count()).resolves.toBe(0);
      const filed = (await call(harness, company.token, "GET", `${base}/vat_returns/${quarter.period}`)).body
        .vat_return as VatReturn & { filed_at: string };
      expect(filed.state).toBe("filed");
      await expect(page.getByTestId("filed-at").innerText()).resolves.toContain(
        `${filed.filed_at.slice(8, 10)}-${filed.filed_at.slice(5, 7)}-${filed.filed_at.slice(0, 4)}`,
      );
      await expectAccessible(page, "a filed return");
      await screenshot(page, `${name}-vat-filed`);

      // the period is closed: a new invoice dated in it is refused, in the server's words
      const refusal = await call(
        harness,
        company.token,
        "POST",
        `${base}/sales_invoices`,
        {
          sales_invoice: {
            contact: { company_name: "Proef" },
            date: quarter.date(1, 15),
            invoice_lines: [{ price_per_unit: "10" }],
            _publish: true,
          },
        },
        language,
      );
      expect(refusal.status).toBe(422);
      const [, problem = ""] = /: date (.*)$/.exec((refusal.body.error as { message: string }).message) ?? [];
      expect(problem).not.toBe("");
      await openSection(page, t("nav.invoices"), phone);
      await page.getByRole("link", { name: t("invoices.new") }).click();
      await page.getByRole("heading", { name: t("invoice.newTitle") }).waitFor();
      await page.getByLabel(t("invoice.chooseContact"), { exact: true }).selectOption({ label: "Bakkerij Jansen" });
      await page
        .getByLabel(t("invoice.date"), { exact: true })
        .fill(quarter.date(1, 15).split("-").reverse().join("-"));
      const line = page.getByRole("group", { name: t("invoice.line", { number: 1 }) });
      await line.getByLabel(t("invoice.lineDescription")).fill("Advies");
      await line.getByLabel(t("invoice.price")).fill("95,00");
      await page.getByRole("button", { name: t("invoice.publish"), exact: true }).click();
      await expect(problemOf(page, t("invoice.date"))).resolves.toBe(problem);
      await expectAccessible(page, "an invoice refused in a filed period");
      await screenshot(page, `${name}-vat-invoice-refused`);
      expect(failures).toEqual([]);
      await page.close();
    },
    180_000,
  );
});
