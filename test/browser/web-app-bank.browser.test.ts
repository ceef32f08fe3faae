/**
 * The web app's bank page in Chromium against a real server, as an owner works it: open invoices
 * made through the API (one customer's IBAN known), an MT940 statement chosen in the file field
 * and a CAMT.053 one dropped on the zone (overlapping, so one transaction is a duplicate), the
 * server's counts on screen, a file the server refuses shown in its words with nothing stored,
 * then the queue worked to empty from the keyboard: suggestions confirmed with Enter, one payment
 * found by search and linked, one booked to a cost account, one split over two invoices — and
 * the API then says every payment is booked and the invoices are paid. In Dutch on a 1280×800
 * laptop and in English on a 390×844 phone, axe on every state, a screenshot of each when
 * WEB_SHOTS_DIR is set.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type BankTransaction, camt053, mt940 } from "../support/bank-files.js";
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
  type WebAppHarness,
  wordsOf,
} from "../support/web-app.js";
import { callApi, created, type Json } from "../support/web-app-pages.js";

const unavailable = browserUnavailable();

const ACCOUNT = "NL69INGB0123456789";
const KORF_IBAN = "NL39RABO0300065264";

type Invoice = { id: number; invoice_number: string; open_amount: string; payment_status: string };

/**
 * The transactions of October: two statements that overlap on T2. T1 and T6 come from De Korf's
 * known IBAN for exactly one open invoice each (linked at import); T2 and T3 fit an invoice by
 * amount and name (suggested); T4 is part of an invoice nothing points to (found by search); T5
 * is bank costs (booked to an account); T7 pays two of De Korf's invoices at once (split).
 */
const T1: BankTransaction = {
  amount: "121.00",
  bookingDate: "2026-10-05",
  name: "Bakkerij De Korf",
  iban: KORF_IBAN,
  remittance: "Brood september",
  bankReference: "OKT-1",
};
const T2: BankTransaction = {
  amount: "60.50",
  bookingDate: "2026-10-12",
  name: "Drukkerij Jansen",
  iban: "NL20INGB0001234567",
  remittance: "Betaling drukwerk",
  bankReference: "OKT-2",
};
const T3: BankTransaction = {
  amount: "242.00",
  bookingDate: "2026-10-29",
  name: "Garage Willems",
  remittance: "Onderhoud bus",
  bankReference: "OKT-3",
};
const T4: BankTransaction = {
  amount: "48.40",
  bookingDate: "2026-10-27",
  name: "R. de Vries",
  iban: "NL02ABNA0123456789",
  remittance: "Bloemen termijn 1",
  bankReference: "OKT-4",
};
const T5: BankTransaction = {
  amount: "-12.50",
  bookingDate: "2026-10-25",
  name: "ING Bank N.V.",
  remittance: "Kosten betaalpakket",
  bankReference: "OKT-5",
};
const T6: BankTransaction = {
  amount: "36.30",
  bookingDate: "2026-10-22",
  name: "Bakkerij De Korf",
  iban: KORF_IBAN,
  remittance: "Taart",
  bankReference: "OKT-6",
};
const T7: BankTransaction = {
  amount: "157.30",
  bookingDate: "2026-10-20",
  name: "Bakkerij De Korf",
  iban: KORF_IBAN,
  remittance: "Twee rekeningen",
  bankReference: "OKT-7",
};

const FIRST = mt940([
  { iban: ACCOUNT, from: "2026-10-01", till: "2026-10-12", opening: "0.00", transactions: [T1, T2] },
]);
const SECOND = camt053([
  { iban: ACCOUNT, from: "2026-10-10", till: "2026-10-31", opening: "121.00", transactions: [T2, T7, T6, T5, T4, T3] },
]);

async function invoice(harness: WebAppHarness, token: string, base: string, contactId: number, price: string) {
  const made = await created(harness, token, `${base}/sales_invoices`, {
    sales_invoice: {
      date: "2026-10-01",
      contact_id: contactId,
      invoice_lines: [{ description: "Levering", quantity: "1", price_per_unit: price, vat_rate: "0.21" }],
      _publish: true,
    },
  });
  return made.sales_invoice as Invoice;
}

async function contact(harness: WebAppHarness, token: string, base: string, fields: Json): Promise<number> {
  const made = await created(harness, token, `${base}/contacts`, { contact: fields });
  return (made.contact as { id: number }).id;
}

/** The counts the import result shows, in the order of the page. */
async function counts(page: Page): Promise<string[]> {
  const result = page.getByTestId("import-result");
  return Promise.all(
    ["count-transactions", "count-new", "count-matched", "count-duplicates", "ledger-difference"].map((id) =>
      result.getByTestId(id).innerText(),
    ),
  );
}

/** A queue item by the counterparty its heading names. */
const item = (page: Page, party: string): Locator =>
  page.locator("article.queue-item").filter({ has: page.getByRole("heading", { name: party }) });

describe.skipIf(unavailable !== null)("the bank page in Chromium", () => {
  const harness = useWebApp();

  it.each(SCREENS)(
    "imports two statements, shows a refusal, and works the queue to empty with the keyboard ($name, $language)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const company = await owner(harness.deps, `Bank ${name} BV`);
      const token = company.token;
      const base = `/companies/${company.companyId}`;
      const korf = await contact(harness, token, base, { company_name: "Bakkerij De Korf", iban: KORF_IBAN });
      const jansen = await contact(harness, token, base, { company_name: "Drukkerij Jansen" });
      const willems = await contact(harness, token, base, { company_name: "Garage Willems" });
      const roos = await contact(harness, token, base, { company_name: "Bloemist Roos" });
      const paidAtImport = [
        await invoice(harness, token, base, korf, "100"),
        await invoice(harness, token, base, korf, "30"),
      ];
      const byJansen = await invoice(harness, token, base, jansen, "50");
      const byWillems = await invoice(harness, token, base, willems, "200");
      const byRoos = await invoice(harness, token, base, roos, "80");
      const splitOver = [
        await invoice(harness, token, base, korf, "50"),
        await invoice(harness, token, base, korf, "80"),
      ];

      const page = await newAppPage(harness.browser, locale, viewport);
      const failures: string[] = [];
      page.on("pageerror", (error) => failures.push(error.message));
      await page.goto(`${harness.baseUrl}/app/${company.companyId}/bank`);
      await signInOnLoginPage(page, company.email, language, /\/app\/\d+\/bank$/);
      await page.getByRole("heading", { level: 1, name: t("bank.title") }).waitFor();
      await page.getByText(t("bank.queue.empty")).waitFor();
      await page.getByText(t("bank.statements.none")).waitFor();
      await expectAccessible(page, "bank page, nothing imported");
      await screenshot(page, `${name}-bank-empty`);

      // the MT940 file chosen in the field: T1 linked at once, T2 waits
      await page
        .getByLabel(t("bank.upload.choose"))
        .setInputFiles({ name: "oktober-1.sta", mimeType: "text/plain", buffer: Buffer.from(FIRST) });
      await page.getByRole("heading", { name: t("bank.result.title", { name: "oktober-1.sta" }) }).waitFor();
      expect(await counts(page)).toEqual(["2", "2", "1", "0", "€\u00a00,00"]);
      await item(page, "Drukkerij Jansen").waitFor();

      // the CAMT.053 file dropped on the zone: T2 again is a duplicate, T6 is linked at once
      // made in the page (this file's TypeScript knows no DOM): the file as a drop carries it
      const dropped = await page.evaluateHandle(
        `(() => { const transfer = new DataTransfer(); transfer.items.add(new File([${JSON.stringify(SECOND)}], "oktober-2.xml", { type: "application/xml" })); return transfer; })()`,
      );
      await page.getByTestId("statement-drop").dispatchEvent("dragover", { dataTransfer: dropped });
      await page.getByTestId("statement-drop").dispatchEvent("drop", { dataTransfer: dropped });
      await page.getByRole("heading", { name: t("bank.result.title", { name: "oktober-2.xml" }) }).waitFor();
      expect(await counts(page)).toEqual(["6", "5", "1", "1", "€\u00a00,00"]);
      const queue = page.locator("article.queue-item");
      await expect.poll(() => queue.count()).toBe(5);
      await page.getByText(t("bank.queue.count", { count: 5 })).waitFor();
      // money out is shown negative, with its minus
      await item(page, "ING Bank N.V.").getByText("€\u00a0-12,50").waitFor();
      const best = item(page, "Garage Willems").getByRole("listitem").first();
      await best
        .getByText(
          `${t("bank.reasons", { reasons: `${t("bank.reason.amount")}, ${t("bank.reason.name")}, ${t("bank.reason.date")}` })}`,
          { exact: false },
        )
        .waitFor();
      await page.getByRole("cell", { name: "oktober-2.xml" }).waitFor();
      await expectAccessible(page, "two statements imported, the queue");
      await screenshot(page, `${name}-bank-queue`);

      // a file that is no statement: the server's words, in the reader's language, and nothing stored
      const refusal = await fetch(`${harness.baseUrl}/api/v1${base}/bank_statements`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "accept-language": language },
        body: JSON.stringify({ bank_statement: { attachment: Buffer.from("Geen afschrift").toString("base64") } }),
      });
      expect(refusal.status).toBe(422);
      const said = ((await refusal.json()) as { error: { message: string } }).error.message;
      await page
        .getByLabel(t("bank.upload.choose"))
        .setInputFiles({ name: "boodschappen.txt", mimeType: "text/plain", buffer: Buffer.from("Geen afschrift") });
      await expect.poll(() => page.getByTestId("refusal").innerText()).toBe(said);
      await page.getByText(t("bank.upload.refused", { name: "boodschappen.txt" })).waitFor();
      const statements = await callApi(harness, token, "GET", `${base}/bank_statements`);
      expect(statements.body.bank_statements).toHaveLength(2);
      await expectAccessible(page, "a refused statement");
      await screenshot(page, `${name}-bank-refused`);

      // T3: its best suggestion, confirmed with Enter on the item; the focus moves on to T4
      await item(page, "Garage Willems").focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => queue.count(), AFTER_A_WRITE).toBe(4);
      await expect.poll(() => isFocused(item(page, "R. de Vries")), AFTER_A_WRITE).toBe(true);
      await page.getByTestId("queue-done").getByText(byWillems.invoice_number).waitFor();

      // T4 has no suggestion: Enter opens the search, which finds the florist's invoice by name;
      // money coming in is not booked to a cost account, so its item offers no such form
      await item(page, "R. de Vries").getByText(t("bank.item.noSuggestionsIn")).waitFor();
      expect(
        await item(page, "R. de Vries")
          .getByRole("button", { name: t("bank.item.book") })
          .count(),
      ).toBe(0);
      await page.keyboard.press("Enter");
      const search = page.getByLabel(t("bank.search.text"));
      await expect.poll(() => isFocused(search)).toBe(true);
      await page.keyboard.type("Roos");
      await page.keyboard.press("Enter");
      const found = item(page, "R. de Vries").getByRole("list", { name: t("bank.search.results") });
      await found.getByText("Bloemist Roos").waitFor();
      await expect.poll(() => found.getByRole("listitem").count()).toBe(1);
      await expectAccessible(page, "searching a document");
      await screenshot(page, `${name}-bank-search`);
      const linkRoos = found.getByRole("button", {
        name: t("bank.item.confirm", { document: t("bank.doc.sales_invoice", { number: byRoos.invoice_number }) }),
      });
      await linkRoos.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => isFocused(item(page, "ING Bank N.V.")), AFTER_A_WRITE).toBe(true);

      // T5, bank costs: booked straight to a cost account, the form reached and sent by keyboard
      const costs = item(page, "ING Bank N.V.");
      await costs.getByRole("button", { name: t("bank.item.book") }).focus();
      await page.keyboard.press("Enter");
      const account = costs.getByLabel(t("bank.book.account"));
      await expect.poll(() => isFocused(account)).toBe(true);
      await account.selectOption({ label: "Rente en bankkosten" });
      await costs.getByLabel(t("bank.book.description")).focus();
      await expectAccessible(page, "booking to an account");
      await screenshot(page, `${name}-bank-book`);
      await page.keyboard.press("Enter");
      await expect.poll(() => isFocused(item(page, "Bakkerij De Korf")), AFTER_A_WRITE).toBe(true);

      // T7 pays two of De Korf's invoices: split as the suggestions fill it in
      const transfer = item(page, "Bakkerij De Korf");
      await transfer.getByRole("button", { name: t("bank.item.split") }).focus();
      await page.keyboard.press("Enter");
      const parts = transfer.getByRole("group", { name: /^(Deel|Part) \d$/ });
      await expect.poll(() => parts.count()).toBe(2);
      const amounts = transfer.getByLabel(t("bank.split.amount"));
      await expect(Promise.all([amounts.nth(0).inputValue(), amounts.nth(1).inputValue()])).resolves.toEqual([
        "60,50",
        "96,80",
      ]);
      await expectAccessible(page, "splitting a payment");
      await screenshot(page, `${name}-bank-split`);
      await transfer.getByRole("button", { name: t("bank.split.submit") }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => isFocused(item(page, "Drukkerij Jansen")), AFTER_A_WRITE).toBe(true);

      // T2, the last: Enter links its best suggestion, and the queue says it is empty
      await page.keyboard.press("Enter");
      await page.getByText(t("bank.queue.empty")).waitFor();
      await expect
        .poll(() => isFocused(page.getByRole("heading", { name: t("bank.queue.title") })), AFTER_A_WRITE)
        .toBe(true);
      await expectAccessible(page, "the queue worked to empty");
      await screenshot(page, `${name}-bank-done`);

      // the API agrees: nothing unbooked, the invoices paid (the florist's in part), the costs an expense
      const unbooked = await callApi(harness, token, "GET", `${base}/payments?selection=unbooked`);
      expect(unbooked.body.payments).toEqual([]);
      const booked = await callApi(harness, token, "GET", `${base}/payments?selection=booked&per_page=100`);
      expect((booked.body.payments as Array<{ amount: string }>).map((payment) => payment.amount).sort()).toEqual(
        ["-12.5", "121.0", "242.0", "36.3", "48.4", "60.5", "60.5", "96.8"].sort(),
      );
      for (const paid of [...paidAtImport, byJansen, byWillems, ...splitOver]) {
        const shown = await callApi(harness, token, "GET", `${base}/sales_invoices/${paid.id}`);
        expect(shown.body.sales_invoice).toMatchObject({ payment_status: "paid", open_amount: "0.0" });
      }
      const florist = await callApi(harness, token, "GET", `${base}/sales_invoices/${byRoos.id}`);
      expect(florist.body.sales_invoice).toMatchObject({ payment_status: "unpaid", open_amount: "48.4" });
      const expenses = await callApi(harness, token, "GET", `${base}/expenses`);
      expect(expenses.body.expenses).toEqual([
        expect.objectContaining({
          state: "published",
          type_account: expect.objectContaining({ name: "Rente en bankkosten" }),
          invoice_lines: [expect.objectContaining({ price_with_vat: "12.5", vat_rate: "0.0" })],
        }),
      ]);
      const learned = await callApi(harness, token, "GET", `${base}/contacts/${jansen}`);
      expect(learned.body.contact).toMatchObject({ iban: "NL20INGB0001234567" });
      expect(failures).toEqual([]);
      await page.close();
    },
    180_000,
  );
});
