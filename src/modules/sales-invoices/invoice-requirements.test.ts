/**
 * The Dutch invoice requirements (Belastingdienst "factuureisen") that publication checks: each
 * missing item about the seller is named in one 422, a customer's missing address is not, a
 * company under the small-business scheme charges no VAT, and a credit invoice may name the
 * invoice it corrects.
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

let harness: TestApp;
const line = { description: "Werk", price_per_unit: "100", quantity: "1" };

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-24T10:00:00Z"));
});
afterAll(() => harness.close());

async function companyWith(details: Record<string, unknown>): Promise<TestCompany> {
  const company = await newCompany(harness.deps);
  const response = await request(harness.app, "PATCH", `/api/v1/companies/${company.companyId}`, company.token, {
    company: details,
  });
  expect(response.statusCode, response.body).toBe(200);
  return company;
}

async function contactOf(company: TestCompany, fields: Record<string, unknown> = { company_name: "Klant BV" }) {
  const response = await request(
    harness.app,
    "POST",
    `/api/v1/companies/${company.companyId}/contacts`,
    company.token,
    {
      contact: fields,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return json<{ contact: { id: number } }>(response).contact.id;
}

async function publish(company: TestCompany, fields: Record<string, unknown> = {}) {
  const contactId = await contactOf(company);
  return request(harness.app, "POST", `/api/v1/companies/${company.companyId}/sales_invoices`, company.token, {
    sales_invoice: { contact_id: contactId, invoice_lines: [line], _publish: true, ...fields },
  });
}

async function invoiceCount(company: TestCompany): Promise<number> {
  const response = await request(
    harness.app,
    "GET",
    `/api/v1/companies/${company.companyId}/sales_invoices`,
    company.token,
  );
  return Number(response.headers["x-total"]);
}

describe("publication checks what a Dutch invoice states about the seller", () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ["address", { address: null }, /company\.address can't be blank when publishing/],
    ["zipcode", { zipcode: "" }, /company\.zipcode can't be blank when publishing/],
    ["city", { city: null }, /company\.city can't be blank when publishing/],
    ["KvK number", { kvk_number: null }, /company\.kvk_number can't be blank when publishing/],
    ["IBAN for a transfer", { iban: null }, /company\.iban can't be blank when publishing/],
  ];
  for (const [item, details, message] of cases) {
    it(`refuses without the seller's ${item}, writing nothing`, async () => {
      const company = await companyWith(details);
      const response = await publish(company);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorOf(response).type).toBe("client.parameters.validation");
      expect(errorOf(response).message).toMatch(message);
      expect(await invoiceCount(company)).toBe(0);
    });
  }

  it("names every missing item in one 422", async () => {
    const company = await companyWith({ address: null, zipcode: null, city: null, kvk_number: null, iban: null });
    const { message } = errorOf(await publish(company));
    for (const attribute of ["address", "zipcode", "city", "kvk_number", "iban"]) {
      expect(message).toContain(`company.${attribute} can't be blank`);
    }
  });

  it("asks the VAT number of a VAT-liable seller only", async () => {
    const liable = await newCompany(harness.deps);
    // the company API refuses a VAT-liable company without a number, so remove it behind the API
    await harness.deps.db
      .withTables<{ companies: { id: number; vat_number: string | null } }>()
      .updateTable("companies")
      .set({ vat_number: null })
      .where("id", "=", liable.companyId)
      .execute();
    expect(errorOf(await publish(liable)).message).toMatch(/company\.vat_number can't be blank when publishing/);
    const exempt = await companyWith({ vat_liable: false, vat_number: null });
    const vatNone = await vatTypeId(exempt, "vat_none");
    const response = await publish(exempt, { invoice_lines: [{ ...line, vat_type_id: vatNone }] });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("needs no IBAN when the customer is not asked to transfer", async () => {
    const company = await companyWith({ iban: null, bic: null });
    const response = await publish(company, { payment_method: "paid_cash" });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("publishes for a customer known by name only: integrations send minimal contacts", async () => {
    const company = await newCompany(harness.deps);
    const response = await publish(company);
    expect(response.statusCode, response.body).toBe(201);
    expect(json<{ sales_invoice: { status: string } }>(response).sales_invoice.status).toBe("published");
  });
});

async function vatTypeId(company: TestCompany, name: string): Promise<number> {
  const response = await request(
    harness.app,
    "GET",
    `/api/v1/companies/${company.companyId}/vat_types?selection=all`,
    company.token,
  );
  const types = json<{ vat_types: Array<{ id: number; name: string }> }>(response).vat_types;
  return types.find((type) => type.name === name)?.id ?? -1;
}

describe("a company under the small-business scheme (KOR)", () => {
  it("cannot charge VAT on a published invoice, and names the line", async () => {
    const company = await companyWith({ vat_liable: false });
    const high = await vatTypeId(company, "vat_high");
    const none = await vatTypeId(company, "vat_none");
    const response = await publish(company, {
      invoice_lines: [
        { ...line, vat_type_id: none },
        { ...line, vat_type_id: high },
      ],
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response).message).toMatch(/invoice_lines\[1\]\.vat_type_id must charge no VAT/);
    expect(errorOf(response).message).not.toContain("invoice_lines[0]");
  });
});

describe("a credit invoice", () => {
  it("names the published invoice it corrects, shown back as credited_invoice_id", async () => {
    const company = await newCompany(harness.deps);
    const original = json<{ sales_invoice: { id: number } }>(await publish(company)).sales_invoice;
    const response = await publish(company, {
      credited_invoice_id: original.id,
      invoice_lines: [{ ...line, quantity: "-1" }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const credit = json<{ sales_invoice: Record<string, unknown> }>(response).sales_invoice;
    expect(credit.credited_invoice_id).toBe(original.id);
    expect(credit.price_with_vat).toBe("-121.0");
  });

  it("refuses a positive invoice that names one, a concept, another company's and itself", async () => {
    const company = await newCompany(harness.deps);
    const original = json<{ sales_invoice: { id: number } }>(await publish(company)).sales_invoice;
    const positive = await publish(company, { credited_invoice_id: original.id });
    expect(errorOf(positive).message).toMatch(/credited_invoice_id can only be given on a credit invoice/);

    const base = `/api/v1/companies/${company.companyId}/sales_invoices`;
    const concept = json<{ sales_invoice: { id: number } }>(
      await request(harness.app, "POST", base, company.token, { sales_invoice: { invoice_lines: [line] } }),
    ).sales_invoice;
    const ofConcept = await publish(company, {
      credited_invoice_id: concept.id,
      invoice_lines: [{ ...line, quantity: "-1" }],
    });
    expect(errorOf(ofConcept).message).toMatch(/credited_invoice_id must name a published invoice/);

    const other = await newCompany(harness.deps);
    const foreign = json<{ sales_invoice: { id: number } }>(await publish(other)).sales_invoice;
    const ofForeign = await publish(company, {
      credited_invoice_id: foreign.id,
      invoice_lines: [{ ...line, quantity: "-1" }],
    });
    expect(errorOf(ofForeign).message).toMatch(/credited_invoice_id is not another sales invoice of this company/);

    const itself = await request(harness.app, "PATCH", `${base}/${concept.id}`, company.token, {
      sales_invoice: { credited_invoice_id: concept.id },
    });
    expect(errorOf(itself).message).toMatch(/credited_invoice_id is not another sales invoice of this company/);
  });
});

describe("delivery_date", () => {
  it("is stored and shown back, and left out while unset", async () => {
    const company = await newCompany(harness.deps);
    const withDate = json<{ sales_invoice: Record<string, unknown> }>(
      await publish(company, { date: "2026-11-20", delivery_date: "2026-11-12" }),
    ).sales_invoice;
    expect(withDate.delivery_date).toBe("2026-11-12");
    const without = json<{ sales_invoice: Record<string, unknown> }>(await publish(company)).sales_invoice;
    expect(Object.hasOwn(without, "delivery_date")).toBe(false);
    expect(Object.hasOwn(without, "credited_invoice_id")).toBe(false);
  });
});
