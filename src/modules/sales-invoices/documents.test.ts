/**
 * What a sales invoice carries besides its data: attachments (embedded as attachment_objects,
 * downloadable byte for byte) and its PDF, whose text is checked by parsing the PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
} from "../../../test/support/app.js";
import { pdfText as textOf } from "../../../test/support/pdf.js";

let harness: TestApp;
let company: TestCompany;
let contactId: number;
let vatLowId: number;
let reverseId: number;

type Invoice = Record<string, unknown> & { id: number; attachment_objects: Array<Record<string, unknown>> };

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2024-03-02T10:00:00Z"));
  company = await newCompany(harness.deps, "Drukwerk BV");
  const contact = await request(harness.app, "POST", `/api/v1/companies/${company.companyId}/contacts`, company.token, {
    contact: {
      company_name: "Klant BV",
      address: "Hoofdstraat 1",
      zipcode: "1234 AB",
      city: "Utrecht",
      country_code: "NL",
      vat_number: "NL123456789B01",
    },
  });
  contactId = json<{ contact: { id: number } }>(contact).contact.id;
  const vatTypes = json<{ vat_types: Array<{ id: number; name: string }> }>(
    await request(harness.app, "GET", `/api/v1/companies/${company.companyId}/vat_types`, company.token),
  ).vat_types;
  vatLowId = vatTypes.find((type) => type.name === "vat_low_new")?.id ?? -1;
  reverseId = vatTypes.find((type) => type.name === "vat_reverse_charged")?.id ?? -1;
});
afterAll(() => harness.close());

const url = (suffix = "") => `/api/v1/companies/${company.companyId}/sales_invoices${suffix}`;

async function create(fields: Record<string, unknown>): Promise<Invoice> {
  const response = await request(harness.app, "POST", url(), company.token, { sales_invoice: fields });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ sales_invoice: Invoice }>(response).sales_invoice;
}

async function pdfText(invoiceId: number): Promise<string> {
  const response = await request(harness.app, "GET", url(`/${invoiceId}/pdf`), company.token);
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  return textOf(response.rawPayload);
}

describe("attachments of a sales invoice", () => {
  it("uploads, embeds, downloads and deletes a file, sniffing its type from the bytes", async () => {
    const invoice = await create({ contact_id: contactId });
    const pdfBytes = Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
    const uploaded = await request(harness.app, "POST", url(`/${invoice.id}/attachments`), company.token, {
      attachment_object: { attachment: pdfBytes.toString("base64"), attachment_file_name: "receipt.png" },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const attachment = json<{ attachment_object: Record<string, unknown> }>(uploaded).attachment_object;
    expect(attachment).toEqual({
      id: expect.any(Number),
      attachment: `${url(`/${invoice.id}/attachments/${attachment.id}`)}`,
      attachment_file_name: "receipt.png",
      attachment_content_type: "application/pdf",
      attachment_file_size: pdfBytes.length,
    });

    const shown = json<{ sales_invoice: Invoice }>(
      await request(harness.app, "GET", url(`/${invoice.id}`), company.token),
    ).sales_invoice;
    expect(shown.attachment_objects).toEqual([attachment]);

    const download = await request(harness.app, "GET", String(attachment.attachment), company.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(Buffer.compare(download.rawPayload, pdfBytes)).toBe(0);

    const deleted = await request(harness.app, "DELETE", String(attachment.attachment), company.token);
    expect(deleted.statusCode).toBe(204);
    const gone = await request(harness.app, "GET", String(attachment.attachment), company.token);
    expect(errorOf(gone).type).toBe("client.not_found.resource");
  });

  it("refuses an attachment on another company's invoice", async () => {
    const other = await newCompany(harness.deps);
    const theirs = await request(
      harness.app,
      "POST",
      `/api/v1/companies/${other.companyId}/sales_invoices`,
      other.token,
      {
        sales_invoice: { description: "theirs" },
      },
    );
    const theirId = json<{ sales_invoice: Invoice }>(theirs).sales_invoice.id;
    const response = await request(harness.app, "POST", url(`/${theirId}/attachments`), company.token, {
      attachment_object: { attachment: Buffer.from("x").toString("base64"), attachment_file_name: "x.txt" },
    });
    expect(response.statusCode).toBe(404);
  });

  it("removes a concept's files with it", async () => {
    const invoice = await create({ description: "empty" });
    const uploaded = await request(harness.app, "POST", url(`/${invoice.id}/attachments`), company.token, {
      attachment_object: { attachment: Buffer.from("hello").toString("base64"), attachment_file_name: "a.txt" },
    });
    const path = String(json<{ attachment_object: { attachment: string } }>(uploaded).attachment_object.attachment);
    await request(harness.app, "DELETE", url(`/${invoice.id}`), company.token);
    expect((await request(harness.app, "GET", path, company.token)).statusCode).toBe(404);
  });
});

describe("the PDF of a sales invoice", () => {
  it("prints number, dates, parties, lines, VAT per rate, totals and payment instructions", async () => {
    const invoice = await create({
      contact_id: contactId,
      payment_method: "pay_custom",
      custom_payment_instructions: "Maak {amount} over onder vermelding van {invoice_number}",
      invoice_lines: [
        { description: "Adviesuren", quantity: 4, price_per_unit: 75 },
        { description: "Boek", quantity: 2, price_per_unit: "19.99", vat_type_id: vatLowId },
      ],
      _publish: true,
    });
    expect(invoice.invoice_number).toBe("2024-0001");
    const text = await pdfText(invoice.id);
    for (const expected of [
      "2024-0001",
      "02-03-2024",
      "01-04-2024",
      "Drukwerk BV",
      "Klant BV",
      "Adviesuren",
      "Boek",
      "21%",
      "9%",
      "€ 300,00",
      "€ 63,00",
      "€ 39,98",
      "€ 3,60",
      "€ 339,98",
      "€ 406,58",
      "Maak 406.58 over onder vermelding van 2024-0001",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("CONCEPT");
  });

  it("marks a concept and prints no number", async () => {
    const invoice = await create({ contact_id: contactId, invoice_lines: [{ price_per_unit: 10 }] });
    const text = await pdfText(invoice.id);
    expect(text).toContain("CONCEPT");
    expect(text).not.toMatch(/2024-\d{4}/);
    expect(text).toContain(
      "Gelieve € 12,10 vóór 01-04-2024 over te maken op NL91 ABNA 0417 1643 00 (BIC ABNANL2A) t.n.v. Drukwerk BV.",
    );
  });

  it("prints the reverse-charge wording with the customer's VAT number", async () => {
    const invoice = await create({
      contact_id: contactId,
      invoice_lines: [{ price_per_unit: 100, vat_type_id: reverseId }],
      _publish: true,
    });
    const text = await pdfText(invoice.id);
    expect(text).toMatch(/verlegd/i);
    expect(text).toContain("NL123456789B01");
  });
});
