/**
 * The bank page's search and booking against the server, in Chromium: a payment to a supplier
 * found through the expenses' search[q] by what a line of the expense says (which only the
 * server's search looks at) and linked; a payment of bank costs booked to a cost account in one
 * request — first refused by the server for its blank description, shown in the reader's words
 * with nothing booked, then booked; a receipt offers no booking. The API then says every payment
 * is booked, the supplier's expense is paid and the costs are one expense. In Dutch on a laptop
 * and in English on a phone, axe on every state, a screenshot of each when WEB_SHOTS_DIR is set.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserUnavailable } from "../support/browser.js";
import {
  AFTER_A_WRITE,
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
import { callApi, created } from "../support/web-app-pages.js";

const unavailable = browserUnavailable();
const BANK = "activa.current_assets.liquid_assets.bank";

/** A queue item by what the payment says about itself (its description, typed in by hand). */
const item = (page: Page, said: string): Locator => page.locator("article.queue-item").filter({ hasText: said });

describe.skipIf(unavailable !== null)("searching and booking on the bank page in Chromium", () => {
  const harness = useWebApp();

  it.each(SCREENS)(
    "finds an expense by its line, books costs after the server's refusal, offers a receipt no booking ($name, $language)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const company = await owner(harness.deps, `Zoeken ${name} BV`);
      const token = company.token;
      const base = `/companies/${company.companyId}`;
      const costs = await callApi(harness, token, "GET", `${base}/accounts?selection=costs&per_page=100`);
      const accounts = costs.body.accounts as Array<{ id: number; name: string }>;
      const general = accounts.find((account) => account.name !== "Rente en bankkosten");
      const expense = async (supplier: string, description: string, price: string) =>
        (
          await created(harness, token, `${base}/expenses`, {
            expense: {
              date: "2026-10-01",
              type_account_id: general?.id,
              state: "published",
              contact: { company_name: supplier },
              invoice_lines: [{ description, quantity: "1", price_per_unit: price }],
            },
          })
        ).expense as { id: number; invoice_number: string };
      // 50.00 and 40.00 + 21 % VAT: 60.50 and 48.40
      const cards = await expense("Drukkerij Jansen", "Visitekaartjes", "50");
      await expense("Kantoorhandel Smit", "Papier", "40");
      const payment = (amount: string, description: string) =>
        created(harness, token, `${base}/payments`, {
          payment: { amount, description, account_path: BANK, paid_at: "2026-10-15" },
        });
      await payment("-60.50", "Overboeking drukwerk");
      const subscribed = (await payment("-9.95", "Abonnement")).payment as { id: number };
      await payment("25.00", "Ontvangen bedrag");

      const page = await newAppPage(harness.browser, locale, viewport);
      const failures: string[] = [];
      page.on("pageerror", (error) => failures.push(error.message));
      await page.goto(`${harness.baseUrl}/app/${company.companyId}/bank`);
      await signInOnLoginPage(page, company.email, language, /\/app\/\d+\/bank$/);
      const queue = page.locator("article.queue-item");
      await expect.poll(() => queue.count()).toBe(3);

      // a receipt: no suggestion, and no booking to a cost account offered
      const receipt = item(page, "Ontvangen bedrag");
      await receipt.getByText(t("bank.item.noSuggestionsIn")).waitFor();
      expect(await receipt.getByRole("button", { name: t("bank.item.book") }).count()).toBe(0);
      await receipt.getByRole("button", { name: t("bank.item.search") }).waitFor();

      // the transfer to the printer: found by what the expense's line says, which only the server's search reads
      const transfer = item(page, "Overboeking drukwerk");
      await transfer.getByRole("button", { name: t("bank.item.search") }).click();
      const search = transfer.getByLabel(t("bank.search.text"));
      await expect.poll(() => isFocused(search)).toBe(true);
      await expect(transfer.getByLabel(t("bank.search.expenses")).isChecked()).resolves.toBe(true);
      await search.fill("visitekaart");
      await page.keyboard.press("Enter");
      const found = transfer.getByRole("list", { name: t("bank.search.results") });
      await found.getByText("Drukkerij Jansen").waitFor();
      await expect.poll(() => found.getByRole("listitem").count()).toBe(1);
      await expectAccessible(page, "an expense found by its line");
      await screenshot(page, `${name}-bank-search-expense`);
      await search.fill("geen zulke uitgave");
      await page.keyboard.press("Enter");
      await transfer.getByText(t("bank.search.none")).waitFor();
      await search.fill("Visitekaartjes");
      await page.keyboard.press("Enter");
      await found.getByRole("button", { name: t("bank.item.linkOther") }).click();
      await expect.poll(() => queue.count(), AFTER_A_WRITE).toBe(2);

      // the subscription: booked to a cost account; a blank description is the server's refusal first
      const subscription = item(page, "Abonnement");
      await subscription.getByRole("button", { name: t("bank.item.book") }).click();
      const description = subscription.getByLabel(t("bank.book.description"));
      await description.fill("");
      await subscription.getByRole("button", { name: t("bank.book.submit"), exact: true }).click();
      // what the server says, in the reader's language, to the same booking (refused, it changes nothing)
      const refusal = await fetch(`${harness.baseUrl}/api/v1${base}/payments/${subscribed.id}/book`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "accept-language": language },
        body: JSON.stringify({ booking: { account_id: general?.id, description: "" } }),
      });
      expect(refusal.status).toBe(422);
      const said = ((await refusal.json()) as { error: { message: string } }).error.message;
      expect(said).toContain("description");
      await expect.poll(() => subscription.getByTestId("refusal").innerText(), AFTER_A_WRITE).toBe(said);
      const unbookedMeanwhile = await callApi(harness, token, "GET", `${base}/payments?selection=unbooked`);
      expect(unbookedMeanwhile.body.payments).toHaveLength(2);
      await expectAccessible(page, "a booking the server refused");
      await screenshot(page, `${name}-bank-book-refused`);
      await description.fill("Abonnement boekhoudpakket");
      await subscription.getByRole("button", { name: t("bank.book.submit"), exact: true }).click();
      await expect.poll(() => queue.count(), AFTER_A_WRITE).toBe(1);
      await page
        .getByTestId("queue-done")
        .getByText(general?.name ?? "?", { exact: false })
        .waitFor();

      // the API agrees: the receipt alone waits, the printer's expense is paid, the costs are an expense
      const unbooked = await callApi(harness, token, "GET", `${base}/payments?selection=unbooked`);
      expect((unbooked.body.payments as Array<{ amount: string }>).map((shownPayment) => shownPayment.amount)).toEqual([
        "25.0",
      ]);
      const unpaid = await callApi(harness, token, "GET", `${base}/expenses?selection=unpaid&per_page=100`);
      const stillOpen = (unpaid.body.expenses as Array<{ id: number }>).map((shownExpense) => shownExpense.id);
      expect(stillOpen).not.toContain(cards.id);
      const all = await callApi(harness, token, "GET", `${base}/expenses?search[q]=boekhoudpakket`);
      expect(all.body.expenses).toEqual([
        expect.objectContaining({
          state: "published",
          date: "2026-10-15",
          type_account_id: general?.id,
          invoice_lines: [
            expect.objectContaining({ description: "Abonnement boekhoudpakket", price_with_vat: "9.95" }),
          ],
        }),
      ]);
      expect(failures).toEqual([]);
      await page.close();
    },
    180_000,
  );
});
