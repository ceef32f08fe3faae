/**
 * The PDF of a sales invoice meets the Dutch invoice rules on paper, checked through the HTTP API
 * by reading the PDF's text: Dutch for a Dutch customer and English for one abroad, the seller's
 * IBAN and BIC, the delivery date when it differs, the KOR exemption, and a credit invoice that
 * names the invoice it corrects.
 */
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { pdfText } from "../../../test/support/pdf.js";

let harness: TestApp;
let company: TestCompany;
let dutchId: number;
let germanId: number;

type Invoice = Record<string, unknown> & { id: number; invoice_number: string | null };
const work = { description: "Adviesuren", quantity: "4", price_per_unit: "75" };

async function newContact(own: TestCompany, contact: Record<string, unknown>): Promise<number> {
  const response = await request(harness.app, "POST", `/api/v1/companies/${own.companyId}/contacts`, own.token, {
    contact,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ contact: { id: number } }>(response).contact.id;
}

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-24T10:00:00Z"));
  company = await newCompany(harness.deps, "Voorbeeld BV");
  dutchId = await newContact(company, {
    company_name: "Klant BV",
    address: "Kerkplein 7",
    zipcode: "5611 AA",
    city: "Eindhoven",
    country_code: "NL",
  });
  germanId = await newContact(company, {
    company_name: "Schmidt GmbH",
    address: "Hauptstraße 5",
    zipcode: "10115",
    city: "Berlin",
    country_code: "DE",
  });
});
afterAll(() => harness.close());

const url = (own: TestCompany, suffix = "") => `/api/v1/companies/${own.companyId}/sales_invoices${suffix}`;

async function publish(fields: Record<string, unknown>, own: TestCompany = company): Promise<Invoice> {
  const response = await request(harness.app, "POST", url(own), own.token, {
    sales_invoice: { date: "2026-11-24", invoice_lines: [work], _publish: true, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ sales_invoice: Invoice }>(response).sales_invoice;
}

async function pdfOf(invoice: Invoice, own: TestCompany = company): Promise<Buffer> {
  const response = await request(harness.app, "GET", url(own, `/${invoice.id}/pdf`), own.token);
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  return response.rawPayload;
}

async function pdfTitle(bytes: Buffer): Promise<unknown> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS }).promise;
  const { info } = await pdf.getMetadata();
  await pdf.destroy();
  return (info as Record<string, unknown>).Title;
}

describe("the PDF of a sales invoice", () => {
  it("is Dutch for a Dutch customer and names the seller's IBAN and BIC", async () => {
    const invoice = await publish({ contact_id: dutchId });
    const number = String(invoice.invoice_number);
    const text = await pdfText(await pdfOf(invoice));
    expect(text).toContain(`Factuurnummer ${number}`);
    expect(text).toContain("Factuurdatum 24-11-2026");
    expect(text).toContain("IBAN: NL91 ABNA 0417 1643 00");
    expect(text).toContain("BIC: ABNANL2A");
    expect(text).toContain(
      "Gelieve € 363,00 vóór 24-12-2026 over te maken op NL91 ABNA 0417 1643 00 (BIC ABNANL2A) t.n.v. Voorbeeld BV " +
        `onder vermelding van betalingskenmerk ${invoice.payment_reference_rf}.`,
    );
    expect(text).toContain("Totaal incl. BTW € 363,00");
    expect(text).not.toContain("Invoice");
    expect(text).not.toContain("Leverdatum");
  });

  it("is English for a customer abroad, amounts and dates kept Dutch", async () => {
    const invoice = await publish({ contact_id: germanId });
    const number = String(invoice.invoice_number);
    const bytes = await pdfOf(invoice);
    const text = await pdfText(bytes);
    expect(text).toContain(`Invoice number ${number}`);
    expect(text).toContain("Invoice date 24-11-2026");
    expect(text).toContain("Description Quantity Price VAT Amount");
    expect(text).toContain("Total incl. VAT € 363,00");
    expect(text).toContain(
      "Please transfer € 363,00 by 24-12-2026 to NL91 ABNA 0417 1643 00 (BIC ABNANL2A) in the name of Voorbeeld BV, " +
        `quoting payment reference ${invoice.payment_reference_rf}.`,
    );
    expect(text).toContain("Page 1 of 1");
    for (const dutch of ["Factuur", "BTW", "Gelieve", "Pagina"]) expect(text).not.toContain(dutch);
    expect(await pdfTitle(bytes)).toBe(`Invoice ${number}`);
  });

  it("words the other payment methods in the customer's language", async () => {
    const paid = await pdfText(await pdfOf(await publish({ contact_id: germanId, payment_method: "paid_cash" })));
    expect(paid).toContain("This invoice has already been paid.");
    const ideal = await pdfText(await pdfOf(await publish({ contact_id: dutchId, payment_method: "pay_ideal" })));
    expect(ideal).toContain("Gelieve € 363,00 vóór 24-12-2026 online te betalen.");
    const custom = await publish({
      contact_id: germanId,
      payment_method: "pay_custom",
      custom_payment_instructions: "Bitte {amount} überweisen",
    });
    expect(await pdfText(await pdfOf(custom))).toContain("Bitte 363.0 überweisen");
  });

  it("prints the delivery date when it differs from the invoice date", async () => {
    const differs = await publish({ contact_id: dutchId, delivery_date: "2026-11-10" });
    expect(await pdfText(await pdfOf(differs))).toContain("Leverdatum 10-11-2026");
    const same = await publish({ contact_id: dutchId, delivery_date: "2026-11-24" });
    expect(await pdfText(await pdfOf(same))).not.toContain("Leverdatum");
    const english = await publish({ contact_id: germanId, delivery_date: "2026-11-10" });
    expect(await pdfText(await pdfOf(english))).toContain("Delivery date 10-11-2026");
  });

  it("titles a credit invoice Creditfactuur and names the invoice it corrects", async () => {
    const original = await publish({ contact_id: dutchId });
    const credit = await publish({
      contact_id: dutchId,
      credited_invoice_id: original.id,
      invoice_lines: [{ ...work, quantity: "-4" }],
    });
    const bytes = await pdfOf(credit);
    const text = await pdfText(bytes);
    expect(text).toContain("Creditfactuur");
    expect(text).toContain(`Factuurnummer ${String(credit.invoice_number)}`);
    expect(text).toContain(`Correctie op factuur ${String(original.invoice_number)}`);
    expect(text).toContain("Totaal incl. BTW € -363,00");
    // a credit invoice asks for no payment: the amount goes back to the customer
    expect(text).toContain("Het bedrag van € 363,00 wordt aan u terugbetaald of verrekend.");
    expect(text).not.toContain("over te maken");
    expect(await pdfTitle(bytes)).toBe(`Creditfactuur ${String(credit.invoice_number)}`);
  });

  it("says a company under the small-business scheme is exempt, without VAT rows", async () => {
    const exempt = await newCompany(harness.deps, "Kleine Zaak");
    const patched = await request(harness.app, "PATCH", `/api/v1/companies/${exempt.companyId}`, exempt.token, {
      company: { vat_liable: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const vatTypes = json<{ vat_types: Array<{ id: number; name: string }> }>(
      await request(harness.app, "GET", `/api/v1/companies/${exempt.companyId}/vat_types?selection=all`, exempt.token),
    ).vat_types;
    const none = vatTypes.find((type) => type.name === "vat_none")?.id ?? -1;
    const contactId = await newContact(exempt, { company_name: "Buurman", country_code: "NL" });
    const invoice = await publish({ contact_id: contactId, invoice_lines: [{ ...work, vat_type_id: none }] }, exempt);
    const text = await pdfText(await pdfOf(invoice, exempt));
    expect(text).toContain("Vrijgesteld van omzetbelasting op grond van artikel 25 Wet OB");
    expect(text).toContain("Totaal incl. BTW € 300,00");
    expect(text).not.toMatch(/BTW 0% over/);
  });
});
