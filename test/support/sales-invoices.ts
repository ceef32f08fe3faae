/**
 * What the sales-invoice tests share: an app whose clock stands at 2024-03-02, a company with
 * the reference's contact, the VAT type ids by name, and create/patch shorthands. The returned
 * object is filled in by `beforeAll`, so read its fields inside tests only.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "./app.js";
import { REFERENCE_CONTACT } from "./expenses.js";

export type InvoiceLine = Record<string, unknown> & { id: number };
export type Invoice = Record<string, unknown> & { id: number; invoice_lines: InvoiceLine[] };

export interface InvoiceTests {
  harness: TestApp;
  company: TestCompany;
  contactId: number;
  vatTypeId: (name: string) => number;
  url: (own?: TestCompany, suffix?: string) => string;
  create: (fields: Record<string, unknown>, own?: TestCompany) => Promise<Invoice>;
  patch: (id: number, fields: Record<string, unknown>) => ReturnType<typeof request>;
}

export function useInvoiceTests(): InvoiceTests {
  const tests = {} as InvoiceTests;
  let vatTypes: Array<{ id: number; name: string }> = [];
  beforeAll(async () => {
    tests.harness = await buildTestApp(() => new Date("2024-03-02T10:00:00Z"));
    tests.company = await newCompany(tests.harness.deps);
    const { harness, company } = tests;
    const contact = await request(
      harness.app,
      "POST",
      `/api/v1/companies/${company.companyId}/contacts`,
      company.token,
      {
        contact: { ...REFERENCE_CONTACT, vat_number: "NL123456789B01" },
      },
    );
    tests.contactId = json<{ contact: { id: number } }>(contact).contact.id;
    vatTypes = json<{ vat_types: Array<{ id: number; name: string }> }>(
      await request(
        harness.app,
        "GET",
        `/api/v1/companies/${company.companyId}/vat_types?selection=all`,
        company.token,
      ),
    ).vat_types;
  });
  afterAll(() => tests.harness.close());

  tests.vatTypeId = (name) => vatTypes.find((type) => type.name === name)?.id ?? -1;
  tests.url = (own = tests.company, suffix = "") => `/api/v1/companies/${own.companyId}/sales_invoices${suffix}`;
  tests.create = async (fields, own = tests.company) => {
    const response = await request(tests.harness.app, "POST", tests.url(own), own.token, { sales_invoice: fields });
    expect(response.statusCode, response.body).toBe(201);
    return json<{ sales_invoice: Invoice }>(response).sales_invoice;
  };
  tests.patch = (id, fields) =>
    request(tests.harness.app, "PATCH", tests.url(tests.company, `/${id}`), tests.company.token, {
      sales_invoice: fields,
    });
  return tests;
}
