/**
 * Issue 29's invoice side: every published sales invoice carries an RF reference
 * (`payment_reference_rf`), its payment instruction quotes it, and its PDF shows a SEPA QR code
 * (EPC069-12) for what is still open — decoded from the PDF and checked field by field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { pdfQrCodes, pdfText } from "../../../test/support/pdf.js";
import { isCreditorReference } from "../../platform/creditor-reference.js";

let harness: TestApp;
let company: TestCompany;
let contactId: number;

type Invoice = { id: number; invoice_number: string | null; open_amount: string; payment_reference_rf?: string | null };
const BANK = "activa.current_assets.liquid_assets.bank";
const work = { description: "Adviesuren", quantity: "4", price_per_unit: "75" };

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-24T10:00:00Z"));
  company = await newCompany(harness.deps, "Voorbeeld BV");
  const contact = await request(harness.app, "POST", `/api/v1/companies/${company.companyId}/contacts`, company.token, {
    contact: {
      company_name: "Klant BV",
      address: "Kerkplein 7",
      zipcode: "5611 AA",
      city: "Eindhoven",
      country_code: "NL",
    },
  });
  contactId = json<{ contact: { id: number } }>(contact).contact.id;
});
afterAll(() => harness.close());

const url = (suffix = "") => `/api/v1/companies/${company.companyId}/sales_invoices${suffix}`;

async function create(fields: Record<string, unknown>): Promise<Invoice> {
  const response = await request(harness.app, "POST", url(), company.token, {
    sales_invoice: { date: "2026-11-24", contact_id: contactId, invoice_lines: [work], ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ sales_invoice: Invoice }>(response).sales_invoice;
}

async function pdfOf(invoice: Invoice): Promise<Buffer> {
  const response = await request(harness.app, "GET", url(`/${invoice.id}/pdf`), company.token);
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe("an invoice's RF reference and SEPA QR code", () => {
  it("has no reference and no QR code while a concept", async () => {
    const concept = await create({});
    expect(concept).not.toHaveProperty("payment_reference_rf");
    expect(await pdfQrCodes(await pdfOf(concept))).toEqual([]);
  });

  it("gets a valid RF reference on publication, quoted in the payment instruction and the QR code", async () => {
    const invoice = await create({ _publish: true });
    const reference = invoice.payment_reference_rf ?? "";
    expect(isCreditorReference(reference)).toBe(true);
    expect(reference).toBe(`${reference.slice(0, 4)}${company.companyId}X${invoice.invoice_number?.replace("-", "")}`);
    const shown = json<{ sales_invoice: Invoice }>(
      await request(harness.app, "GET", url(`/${invoice.id}`), company.token),
    );
    expect(shown.sales_invoice.payment_reference_rf).toBe(reference);

    const pdf = await pdfOf(invoice);
    expect(await pdfText(pdf)).toContain(`onder vermelding van betalingskenmerk ${reference}`);
    const [code, ...more] = await pdfQrCodes(pdf);
    expect(more).toEqual([]);
    // EPC069-12 version 002: tag, version, UTF-8, SCT, BIC, name, IBAN, amount, purpose, reference
    expect(code?.split("\n")).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "ABNANL2A",
      "Voorbeeld BV",
      "NL91ABNA0417164300",
      "EUR363.00",
      "",
      reference,
    ]);
  });

  it("asks in the QR code for what is still open, and shows none once paid", async () => {
    const invoice = await create({
      _publish: true,
      payments: [{ amount: "100.50", account_path: BANK, paid_at: "2026-11-25" }],
    });
    expect(invoice.open_amount).toBe("262.5");
    expect((await pdfQrCodes(await pdfOf(invoice)))[0]?.split("\n")[7]).toBe("EUR262.50");
    const paid = await request(harness.app, "PATCH", url(`/${invoice.id}`), company.token, {
      sales_invoice: { payments: [{ amount: "262.50", account_path: BANK, paid_at: "2026-11-26" }] },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await pdfQrCodes(await pdfOf(invoice))).toEqual([]);
  });

  it("shows no QR code for another payment method or a credit invoice", async () => {
    const cash = await create({ _publish: true, payment_method: "paid_cash" });
    expect(cash.payment_reference_rf).toMatch(/^RF/);
    expect(await pdfQrCodes(await pdfOf(cash))).toEqual([]);
    const original = await create({ _publish: true });
    const credit = await create({
      _publish: true,
      credited_invoice_id: original.id,
      invoice_lines: [{ ...work, quantity: "-4" }],
    });
    expect(await pdfQrCodes(await pdfOf(credit))).toEqual([]);
  });
});
