/**
 * For the fuzz test: one resource of every kind for a company, made through the API (the
 * accounts, a contact and a supplier, a product, invoices, quotations, an expense, a payment, a
 * journal entry, a ride, an hour, attachments, a filed VAT period), and the ids of what was made.
 * Test code only.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { json, request } from "./app.js";
import { REFERENCE_CONTACT } from "./expenses.js";

export const BANK = "activa.current_assets.liquid_assets.bank";
export const MISC_COSTS = "profit.costs.other_costs.misc";
export const REVENUE = "profit.revenue.other";

/** The ids of one company's resources by collection (the path segment before the id). */
export type FixtureIds = Record<string, number[]>;

/** The resource an answer holds under `key`; fails the test unless the request succeeded. */
export async function created(response: LightMyRequestResponse, key: string): Promise<Record<string, unknown>> {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return json<Record<string, Record<string, unknown>>>(response)[key] ?? {};
}

/** Every item of a list, read 100 a page. */
export async function listAll(
  app: FastifyInstance,
  token: string,
  url: string,
  key: string,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let page = 1; page < 50; page++) {
    const response = await request(
      app,
      "GET",
      `${url}${url.includes("?") ? "&" : "?"}per_page=100&page=${page}`,
      token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const batch = json<Record<string, Record<string, unknown>[]>>(response)[key] ?? [];
    items.push(...batch);
    if (batch.length < 100) break;
  }
  return items;
}

/** A tiny but real PDF and PNG, base64: attachments are sniffed from their bytes. */
const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
export const ATTACHMENT_SAMPLES = [PDF_BYTES.toString("base64"), PNG_BYTES.toString("base64")];

/** Makes one resource of every kind for the company behind `token`, through the API. */
export async function makeFixtures(app: FastifyInstance, token: string, companyId: number, label: string) {
  const base = `/api/v1/companies/${companyId}`;
  const post = async (path: string, key: string, body: Record<string, unknown>) =>
    Number((await created(await request(app, "POST", `${base}/${path}`, token, { [key]: body }), key)).id);

  const accounts = await listAll(app, token, `${base}/accounts`, "accounts");
  const templates = await listAll(app, token, `${base}/templates`, "templates");
  const accountId = (path: string) => Number(accounts.find((account) => account.path === path)?.id ?? -1);
  const contacts = [
    await post("contacts", "contact", {
      ...REFERENCE_CONTACT,
      company_name: `${label} Klant BV`,
      vat_number: "NL123456789B01",
    }),
    await post("contacts", "contact", { company_name: `${label} Leverancier`, is_supplier: true }),
  ];
  const products = [
    await post("products", "product", {
      has_stock: false,
      invoice_line: { description: "Adviesuur", price_per_unit: "95.5", product_code: `${label}-P1` },
    }),
  ];
  const line = { description: "Werk", price_per_unit: "100", quantity: "2" };
  const concept = await post("sales_invoices", "sales_invoice", {
    contact_id: contacts[0],
    date: "2024-03-01",
    invoice_lines: [line],
  });
  const published = await post("sales_invoices", "sales_invoice", {
    contact_id: contacts[0],
    date: "2024-02-01",
    _publish: true,
    invoice_lines: [line, { description: "Materiaal", price_per_unit: "12.5", product_id: products[0] }],
  });
  const conceptQuotation = await post("quotations", "quotation", { contact_id: contacts[0], invoice_lines: [line] });
  const signed = await created(
    await request(app, "POST", `${base}/quotations`, token, {
      quotation: { contact_id: contacts[0], creates_sign_url_on_publish: true, _publish: true, invoice_lines: [line] },
    }),
    "quotation",
  );
  const signToken =
    String(signed.sign_url ?? "")
      .split("/")
      .at(-1) ?? "";
  expect(signToken).toMatch(/^[\w-]{43}$/);
  const expense = await post("expenses", "expense", {
    date: "2024-02-10",
    type_account_id: accountId(MISC_COSTS),
    contact_id: contacts[1],
    invoice_lines: [{ description: "Papier", price_per_unit: "50" }],
  });
  const payment = await post("payments", "payment", { amount: "25", account_path: BANK, paid_at: "2024-03-02" });
  const entry = await post("journal_entries", "journal_entry", {
    date: "2024-03-02",
    description: "Memoriaal",
    lines: [
      { account_path: BANK, debit_amount: "10" },
      { account_path: REVENUE, credit_amount: "10" },
    ],
  });
  const ride = await post("rides", "ride", { km_start: 100, km_end: 142, date: "2024-03-02", private: false });
  const hour = await post("hours", "hour", {
    started_at: "2024-03-01 09:00:00 +0100",
    ended_at: "2024-03-01 12:00:00 +0100",
    description: "Overleg",
  });
  const attach = async (path: string, parent: number, index: number): Promise<[number, number]> => [
    parent,
    Number(
      (
        await created(
          await request(app, "POST", `${base}/${path}/${parent}/attachments`, token, {
            attachment_object: { attachment: ATTACHMENT_SAMPLES[index], attachment_file_name: `bijlage-${index}.bin` },
          }),
          "attachment_object",
        )
      ).id,
    ),
  ];
  const attachments = {
    sales_invoices: [await attach("sales_invoices", concept, 0), await attach("sales_invoices", published, 1)],
    expenses: [await attach("expenses", expense, 0)],
  };
  const filed = await request(app, "POST", `${base}/vat_returns`, token, { vat_return: { period: "2024Q1" } });
  expect(filed.statusCode, filed.body).toBe(201);

  const ids: FixtureIds = {
    companies: [companyId],
    contacts,
    products,
    sales_invoices: [concept, published],
    quotations: [conceptQuotation, Number(signed.id)],
    expenses: [expense],
    payments: [payment],
    journal_entries: [entry],
    rides: [ride],
    hours: [hour],
    accounts: accounts.slice(0, 40).map((account) => Number(account.id)),
    templates: templates.map((template) => Number(template.id)),
  };
  const accountPaths = accounts.map((account) => String(account.path));
  return {
    ids,
    attachments,
    accountPaths,
    signToken,
    filedPeriod: "2024Q1",
    expenseAccountId: accountId(MISC_COSTS),
  };
}
