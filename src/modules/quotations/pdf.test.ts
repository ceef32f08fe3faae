/**
 * The PDF of a quotation, through the HTTP API: Dutch for a Dutch customer or one of unknown
 * country, English for one abroad, and the countries printed only when the customer's country is
 * known and differs from the seller's (no stray seller-country line).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { pdfText } from "../../../test/support/pdf.js";

let harness: TestApp;
let company: TestCompany;

type Quotation = Record<string, unknown> & { id: number; invoice_number: string | null };

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-24T10:00:00Z"));
  company = await newCompany(harness.deps, "Schilders BV");
});
afterAll(() => harness.close());

const url = (suffix = "") => `/api/v1/companies/${company.companyId}/quotations${suffix}`;

async function quotationFor(contact: Record<string, unknown>): Promise<Quotation> {
  const created = await request(harness.app, "POST", `/api/v1/companies/${company.companyId}/contacts`, company.token, {
    contact,
  });
  expect(created.statusCode, created.body).toBe(201);
  const contactId = json<{ contact: { id: number } }>(created).contact.id;
  const response = await request(harness.app, "POST", url(), company.token, {
    quotation: {
      contact_id: contactId,
      date: "2026-11-24",
      invoice_lines: [{ description: "Werk", quantity: "2", price_per_unit: "100" }],
      _publish: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ quotation: Quotation }>(response).quotation;
}

async function textOf(quotation: Quotation): Promise<string> {
  const response = await request(harness.app, "GET", url(`/${quotation.id}/pdf`), company.token);
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  return pdfText(response.rawPayload);
}

/** A country line is a word of its own: "NL", not the NL of an IBAN or VAT number. */
const countryLine = (code: string) => new RegExp(`(^|\\s)${code}(\\s|$)`);

describe("the PDF of a quotation", () => {
  it("prints no country line when the customer's country is unknown", async () => {
    const quotation = await quotationFor({ company_name: "Klant zonder land" });
    const text = await textOf(quotation);
    expect(text).toContain(`Offertenummer ${String(quotation.invoice_number)}`);
    expect(text).toContain("Klant zonder land");
    expect(text).not.toMatch(countryLine("NL"));
  });

  it("prints no country line for a customer in the seller's country", async () => {
    const text = await textOf(await quotationFor({ company_name: "Klant BV", city: "Utrecht", country_code: "NL" }));
    expect(text).toContain("Offerte");
    expect(text).not.toMatch(countryLine("NL"));
  });

  it("is English with both countries for a customer abroad", async () => {
    const quotation = await quotationFor({ company_name: "Schmidt GmbH", city: "Berlin", country_code: "DE" });
    const text = await textOf(quotation);
    expect(text).toContain(`Quotation number ${String(quotation.invoice_number)}`);
    expect(text).toContain("Quotation date 24-11-2026");
    expect(text).toContain("Total incl. VAT € 242,00");
    expect(text).toMatch(countryLine("NL"));
    expect(text).toMatch(countryLine("DE"));
    for (const dutch of ["Offerte", "BTW", "Pagina"]) expect(text).not.toContain(dutch);
  });
});
