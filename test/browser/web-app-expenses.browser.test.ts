/**
 * The web app's expenses and payments in Chromium against a real server, as an owner uses them:
 * an expense for a supplier entered in place, with a photo of the receipt (the file field the
 * phone's camera fills) and two lines, saved with the server's line totals, booked, the receipt
 * still shown beside it; then a payment from the bank that no document accounts for, linked to
 * the open invoice it pays, which is then paid — in Dutch on a 1280×800 laptop and in English on
 * a 390×844 phone, with axe on every page and a screenshot of each when WEB_SHOTS_DIR is set.
 */
import { deflateSync } from "node:zlib";
import type { Page } from "playwright-core";
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
  type WebAppHarness,
  wordsOf,
} from "../support/web-app.js";
import { openSection } from "../support/web-app-pages.js";

const unavailable = browserUnavailable();

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small grey-on-white PNG that looks a little like a till receipt: printed lines on paper. */
function receiptPhoto(width = 120, height = 180): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0; // the row's filter: none
    const printed = y % 14 >= 9 && y % 14 <= 11 && y > 10 && y < height - 10;
    for (let x = 12; printed && x < width - 12 - ((y * 7) % 40); x++) row.fill(0x55, 1 + x * 3, 4 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function apiCall<Body = Record<string, Record<string, unknown>>>(
  harness: WebAppHarness,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Body> {
  const response = await fetch(`${harness.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as Body;
}

/**
 * Whether the receipt's photo was drawn: the CSP let its blob: URL through and the PNG decoded, so
 * a pixel of a printed line (x 20, y 23) reads dark on a canvas.
 */
function drawn(page: Page, alt: string): Promise<boolean> {
  return page.getByRole("img", { name: alt }).evaluate((image) => {
    if (image.tagName !== "IMG" || !image.complete || image.naturalWidth !== 120) return false;
    const canvas = image.ownerDocument.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    context?.drawImage(image, 0, 0);
    const [red = 255] = context?.getImageData(20, 23, 1, 1).data ?? [];
    return red < 128;
  });
}

describe.skipIf(unavailable !== null)("expenses and payments in Chromium", () => {
  const harness = useWebApp();

  it.each(SCREENS)(
    "books an expense with a receipt photo and two lines, and links a payment to the invoice it pays ($name, $language)",
    async ({ name, language, locale, viewport }) => {
      const t = wordsOf(language);
      const phone = name === "phone";
      const company = await owner(harness.deps, `Uitgaven ${name} BV`);
      const base = `/companies/${company.companyId}`;
      const made = await apiCall(harness, company.token, "POST", `${base}/sales_invoices`, {
        sales_invoice: {
          contact: { company_name: "Bakkerij Jansen" },
          invoice_lines: [{ description: "Advies", quantity: "1", price_per_unit: "100" }],
          _publish: true,
        },
      });
      const invoice = made.sales_invoice as { id: number; invoice_number: string; open_amount: string };
      expect(invoice.open_amount).toBe("121.0");
      await apiCall(harness, company.token, "POST", `${base}/payments`, {
        payment: {
          amount: "121.00",
          description: "Bijschrijving Bakkerij Jansen",
          account_path: "activa.current_assets.liquid_assets.bank",
          paid_at: "2026-11-20",
        },
      });

      const page = await newAppPage(harness.browser, locale, viewport);
      const failures: string[] = [];
      page.on("pageerror", (error) => failures.push(error.message));
      page.on("console", (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) failures.push(message.text());
      });
      await page.goto(`${harness.baseUrl}/app/${company.companyId}/expenses`);
      await signInOnLoginPage(page, company.email, language, /\/app\/\d+\/expenses$/);
      await page.getByRole("heading", { level: 1, name: t("expenses.title") }).waitFor();
      await page.getByText(t("expenses.empty")).waitFor();
      await expectAccessible(page, "expense list (empty)");
      await screenshot(page, `${name}-expenses-empty`);

      // a new expense: the receipt first, as a phone's camera gives it, then who and what
      await page.getByRole("link", { name: t("expenses.new") }).click();
      await page.getByRole("heading", { name: t("expense.newTitle") }).waitFor();
      const field = page.getByLabel(t("expense.receiptAdd"));
      await expect(field.getAttribute("accept")).resolves.toBe("image/*,application/pdf");
      await expect(field.getAttribute("capture")).resolves.toBe("environment");
      await field.setInputFiles({ name: "bon.png", mimeType: "image/png", buffer: receiptPhoto() });
      const alt = t("expense.receiptImage", { name: "bon.png" });
      await expect.poll(() => drawn(page, alt)).toBe(true);
      await page.getByLabel(t("expense.supplier"), { exact: true }).selectOption({ label: t("expense.newSupplier") });
      await page.getByLabel(t("expense.newSupplierName")).fill("Drukkerij De Vries");
      const first = page.getByRole("group", { name: t("invoice.line", { number: 1 }) });
      await first.getByLabel(t("invoice.lineDescription")).fill("Toner");
      await first.getByLabel(t("expense.amount")).fill("30,00");
      await page.getByRole("button", { name: t("invoice.addLine") }).click();
      const second = page.getByRole("group", { name: t("invoice.line", { number: 2 }) });
      await second.getByLabel(t("invoice.lineDescription")).fill("Papier");
      await second.getByLabel(t("expense.amount")).fill("12,50");
      await second.getByLabel(t("invoice.vatType"), { exact: true }).selectOption({ label: t("vat.vat_low_new") });
      await expectAccessible(page, "new expense");
      await screenshot(page, `${name}-expense-new`);

      // saved: the receipt went up with it, and the line totals are the server's
      // (30,00 + 21 % = 36,30; 12,50 + 9 % = 13,63, the VAT 1,125 rounded half away from zero)
      await page.getByRole("button", { name: t("invoice.saveConcept") }).click();
      await page.waitForURL(new RegExp(`/app/${company.companyId}/expenses/\\d+$`));
      await page
        .getByRole("status")
        .filter({ hasText: t("saved") })
        .waitFor();
      await first.getByText("€\u00a036,30").waitFor();
      await second.getByText("€\u00a013,63").waitFor();
      await expect.poll(() => drawn(page, alt)).toBe(true);
      const expenseId = Number(new URL(page.url()).pathname.split("/").at(-1));
      const receipts = await apiCall(harness, company.token, "GET", `${base}/expenses/${expenseId}/attachments`);
      expect(receipts.attachment_objects).toEqual([
        expect.objectContaining({ attachment_file_name: "bon.png", attachment_content_type: "image/png" }),
      ]);
      await expectAccessible(page, "concept expense");
      await screenshot(page, `${name}-expense-concept`);

      await page.getByRole("button", { name: t("expense.publish"), exact: true }).click();
      await page.getByRole("heading", { level: 1, name: /\d{10}/ }).waitFor();
      await expect(page.getByTestId("line-total").allInnerTexts()).resolves.toEqual(["€\u00a036,30", "€\u00a013,63"]);
      await expect.poll(() => drawn(page, alt)).toBe(true);
      const stored = await apiCall(harness, company.token, "GET", `${base}/expenses/${expenseId}`);
      expect(stored.expense).toMatchObject({ state: "published", cached_contact: { name: "Drukkerij De Vries" } });
      await expectAccessible(page, "published expense");
      await screenshot(page, `${name}-expense-published`);

      await openSection(page, t("nav.expenses"), phone);
      await page.getByRole("cell", { name: "Drukkerij De Vries" }).waitFor();
      await expect(page.locator("tbody tr").first().innerText()).resolves.toContain(t("expenses.published"));
      await expectAccessible(page, "expense list");
      await screenshot(page, `${name}-expenses`);

      // the bank's payment, linked to the open invoice whose amount it is
      await openSection(page, t("nav.payments"), phone);
      await page.getByRole("heading", { level: 1, name: t("payments.title") }).waitFor();
      await page.getByRole("row").filter({ hasText: "Bijschrijving Bakkerij Jansen" }).waitFor();
      await expectAccessible(page, "unbooked payments");
      await screenshot(page, `${name}-payments`);
      await page.getByRole("button", { name: t("payments.linkOne", { amount: "€\u00a0121,00" }) }).click();
      const chosen = page.getByLabel(t("payments.openInvoice"));
      await expect.poll(() => chosen.inputValue()).toBe(String(invoice.id));
      await page.getByText(t("payments.amountMatches")).waitFor();
      await expectAccessible(page, "linking a payment");
      await screenshot(page, `${name}-payment-link`);
      await page.getByRole("button", { name: t("payments.link"), exact: true }).click();
      await page.getByText(t("payments.empty")).waitFor();
      await expect
        .poll(() => page.getByTestId("linked-invoice").innerText())
        .toBe(t("payments.linkedInvoice", { open: "€\u00a00,00", status: t("status.paid") }));
      await expectAccessible(page, "payment linked");
      await screenshot(page, `${name}-payment-linked`);

      // the invoice itself says so
      await page.getByRole("link", { name: invoice.invoice_number }).click();
      await expect.poll(() => page.getByTestId("payment-status").innerText()).toBe(t("status.paid"));
      await expect(page.getByTestId("open-amount").innerText()).resolves.toBe("€\u00a00,00");
      expect(failures).toEqual([]);
      await page.close();
    },
    180_000,
  );

  it("deletes a concept expense in two steps, and says so on the list", async () => {
    const t = wordsOf("nl");
    const company = await owner(harness.deps, "Weggooien BV");
    const costs = await apiCall<{ accounts: Array<{ id: number }> }>(
      harness,
      company.token,
      "GET",
      `/companies/${company.companyId}/accounts?selection=costs`,
    );
    const [account] = costs.accounts;
    const made = await apiCall(harness, company.token, "POST", `/companies/${company.companyId}/expenses`, {
      expense: { type_account_id: account?.id, invoice_lines: [{ description: "Parkeren", price_per_unit: "4" }] },
    });
    const page = await newAppPage(harness.browser, "nl-NL", { width: 1280, height: 800 });
    await page.goto(`${harness.baseUrl}/app/${company.companyId}/expenses/${made.expense?.id}`);
    await signInOnLoginPage(page, company.email, "nl", /\/expenses\/\d+$/);
    await page.getByRole("heading", { name: t("expense.conceptTitle") }).waitFor();
    await page.getByRole("button", { name: t("invoice.deleteConcept") }).click();
    await expectAccessible(page, "deleting a concept expense");
    await page.getByRole("button", { name: t("action.confirmDelete") }).click();
    await page.waitForURL(/\/expenses$/);
    await page
      .getByRole("status")
      .filter({ hasText: t("invoice.deleted") })
      .waitFor();
    await page.getByText(t("expenses.empty")).waitFor();
    const gone = await fetch(`${harness.baseUrl}/api/v1/companies/${company.companyId}/expenses/${made.expense?.id}`, {
      headers: { authorization: `Bearer ${company.token}` },
    });
    expect(gone.status).toBe(404);
    await page.close();
  }, 120_000);
});
