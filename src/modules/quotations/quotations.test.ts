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
import { pdfText } from "../../../test/support/pdf.js";

let harness: TestApp;
let company: TestCompany;
let contactId: number;

type Quotation = Record<string, unknown> & { id: number; status: string; invoice_lines: Array<{ id: number }> };
const line = { description: "Werk", price_per_unit: "100", quantity: "2" };

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2024-03-02T10:00:00Z"));
  company = await newCompany(harness.deps, "Offerte BV");
  contactId = await newContact(company, "Klant BV");
});
afterAll(() => harness.close());

async function newContact(own: TestCompany, name: string): Promise<number> {
  const response = await request(harness.app, "POST", `/api/v1/companies/${own.companyId}/contacts`, own.token, {
    contact: { company_name: name },
  });
  return json<{ contact: { id: number } }>(response).contact.id;
}

const url = (own: TestCompany = company, suffix = "") => `/api/v1/companies/${own.companyId}/quotations${suffix}`;

async function create(fields: Record<string, unknown>, own: TestCompany = company): Promise<Quotation> {
  const response = await request(harness.app, "POST", url(own), own.token, { quotation: fields });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ quotation: Quotation }>(response).quotation;
}

const patch = (id: number, fields: Record<string, unknown>) =>
  request(harness.app, "PATCH", url(company, `/${id}`), company.token, { quotation: fields });

async function inStatus(status: string): Promise<Quotation> {
  const quotation = await create({ contact_id: contactId, invoice_lines: [line] });
  const steps: Record<string, Array<Record<string, boolean>>> = {
    concept: [],
    published: [{ _publish: true }],
    approved: [{ _publish: true }, { _approve: true }],
    denied: [{ _publish: true }, { _deny: true }],
    invoiced: [{ _publish: true }, { _invoice: true }],
  };
  for (const step of steps[status] ?? []) {
    const response = await patch(quotation.id, step);
    expect(response.statusCode, response.body).toBe(200);
  }
  return { ...quotation, status };
}

describe("quotations", () => {
  it("creates a concept with the reference's fields in order, and needs a contact", async () => {
    const quotation = await create({ contact_id: contactId, date: "2024-03-02", invoice_lines: [line] });
    expect(Object.keys(quotation)).toEqual([
      "contact_id",
      "template_id",
      "invoice_number",
      "date",
      "id",
      "status",
      "invoice_lines",
    ]);
    expect(quotation).toMatchObject({ status: "concept", invoice_number: null, contact_id: contactId });
    expect(quotation.invoice_lines[0]).toMatchObject({ price_without_vat: "200.0", price_with_vat: "242.0" });
    const missing = await request(harness.app, "POST", url(), company.token, { quotation: { date: "2024-03-02" } });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).message).toContain("contact_id");
  });

  it("numbers a quotation at publication in its own series, unless a number was written", async () => {
    const own = await newCompany(harness.deps);
    const contact = await newContact(own, "Eigen BV");
    const first = await create({ contact_id: contact, invoice_lines: [line], _publish: true }, own);
    expect(first).toMatchObject({ status: "published", invoice_number: "2024-0001" });
    await create({ contact_id: contact, invoice_lines: [line], invoice_number: "2024-0002" }, own);
    const third = await create({ contact_id: contact, invoice_lines: [line], _publish: true }, own);
    expect(third.invoice_number).toBe("2024-0003");
    const taken = await request(harness.app, "POST", url(own), own.token, {
      quotation: { contact_id: contact, invoice_number: "2024-0001" },
    });
    expect(taken.statusCode).toBe(422);
    expect(errorOf(taken).message).toContain("invoice_number");
  });

  it("makes a signing link at publication when asked", async () => {
    const quotation = await create({
      contact_id: contactId,
      creates_sign_url_on_publish: true,
      invoice_lines: [line],
      _publish: true,
    });
    expect(quotation.creates_sign_url_on_publish).toBe(true);
    expect(quotation.sign_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/sign\/quotations\/[\w-]{43}$/);
    const plain = await create({ contact_id: contactId, invoice_lines: [line], _publish: true });
    expect(plain).not.toHaveProperty("sign_url");
  });

  it("locks a published quotation's content but takes its triggers", async () => {
    const quotation = await inStatus("published");
    for (const change of [
      { date: "2024-01-01" },
      { invoice_lines: [line] },
      { contact_id: await newContact(company, "X") },
    ]) {
      const response = await patch(quotation.id, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(errorOf(response).message).toContain("published");
    }
  });

  it("deletes only concepts", async () => {
    const concept = await inStatus("concept");
    expect((await request(harness.app, "DELETE", url(company, `/${concept.id}`), company.token)).statusCode).toBe(204);
    const published = await inStatus("published");
    const refused = await request(harness.app, "DELETE", url(company, `/${published.id}`), company.token);
    expect(refused.statusCode).toBe(422);
  });
});

describe("quotation states through the API", () => {
  const cases: Array<[string, string, string | null]> = [
    ["concept", "_publish", "published"],
    ["concept", "_approve", null],
    ["concept", "_deny", null],
    ["concept", "_invoice", null],
    ["published", "_publish", null],
    ["published", "_approve", "approved"],
    ["published", "_deny", "denied"],
    ["published", "_invoice", "invoiced"],
    ["approved", "_publish", null],
    ["approved", "_approve", null],
    ["approved", "_deny", "denied"],
    ["approved", "_invoice", "invoiced"],
    ["denied", "_publish", null],
    ["denied", "_approve", "approved"],
    ["denied", "_deny", null],
    ["denied", "_invoice", null],
    ["invoiced", "_publish", null],
    ["invoiced", "_approve", null],
    ["invoiced", "_deny", null],
    ["invoiced", "_invoice", null],
  ];
  for (const [from, trigger, to] of cases) {
    it(`${from} + ${trigger} → ${to ?? "422 naming the current state"}`, async () => {
      const quotation = await inStatus(from);
      const response = await patch(quotation.id, { [trigger]: true });
      if (to === null) {
        expect(response.statusCode).toBe(422);
        expect(errorOf(response)).toEqual({
          type: "client.parameters.validation",
          message: expect.stringContaining(from),
        });
        const shown = await request(harness.app, "GET", url(company, `/${quotation.id}`), company.token);
        expect(json<{ quotation: Quotation }>(shown).quotation.status).toBe(from);
      } else {
        expect(response.statusCode, response.body).toBe(200);
        expect(json<{ quotation: Quotation }>(response).quotation.status).toBe(to);
      }
    });
  }

  it.each(["_approve", "_deny", "_invoice"])("refuses %s on create", async (trigger) => {
    const response = await request(harness.app, "POST", url(), company.token, {
      quotation: { contact_id: contactId, [trigger]: true },
    });
    expect(response.statusCode).toBe(422);
  });

  it("refuses two triggers at once", async () => {
    const quotation = await inStatus("published");
    const response = await patch(quotation.id, { _approve: true, _deny: true });
    expect(response.statusCode).toBe(422);
  });

  it("invoices into a concept sales invoice with the quotation's contact and lines", async () => {
    const quotation = await inStatus("approved");
    const response = await patch(quotation.id, { _invoice: true });
    const invoiced = json<{ quotation: Quotation & { sales_invoice_id: number } }>(response).quotation;
    expect(invoiced.sales_invoice_id).toEqual(expect.any(Number));
    const invoice = json<{ sales_invoice: Record<string, unknown> }>(
      await request(
        harness.app,
        "GET",
        `/api/v1/companies/${company.companyId}/sales_invoices/${invoiced.sales_invoice_id}`,
        company.token,
      ),
    ).sales_invoice;
    expect(invoice).toMatchObject({
      status: "concept",
      contact_id: contactId,
      price_without_vat: "200.0",
      price_with_vat: "242.0",
      invoice_lines: [expect.objectContaining({ description: "Werk", quantity: "2.0", price_per_unit: "100.0" })],
    });
  });
});

describe("quotation lists and PDF", () => {
  it("filters by selection (stopped = denied) and search", async () => {
    const own = await newCompany(harness.deps);
    const contact = await newContact(own, "Lijst BV");
    const concept = await create({ contact_id: contact, date: "2024-01-01" }, own);
    const published = await create(
      { contact_id: contact, date: "2024-02-01", invoice_lines: [line], _publish: true },
      own,
    );
    const denied = await create(
      { contact_id: contact, date: "2024-03-01", invoice_lines: [line], _publish: true },
      own,
    );
    await request(harness.app, "PATCH", url(own, `/${denied.id}`), own.token, { quotation: { _deny: true } });
    const ids = async (query: string) =>
      json<{ quotations: Quotation[] }>(
        await request(harness.app, "GET", `${url(own)}${query}`, own.token),
      ).quotations.map((quotation) => quotation.id);
    expect(await ids("")).toEqual([denied.id, published.id, concept.id]);
    expect(await ids("?selection=stopped")).toEqual([denied.id]);
    expect(await ids("?selection=published")).toEqual([published.id]);
    expect(await ids("?selection=concept&search[from]=2023-12-01&search[till]=2024-01-31")).toEqual([concept.id]);
    expect((await request(harness.app, "GET", `${url(own)}?selection=lost`, own.token)).statusCode).toBe(400);
  });

  it("renders the PDF with number, lines and totals", async () => {
    const quotation = await create({ contact_id: contactId, invoice_lines: [line], _publish: true });
    const response = await request(harness.app, "GET", url(company, `/${quotation.id}/pdf`), company.token);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(String(quotation.invoice_number));
    expect(text).toContain("Werk");
    expect(text).toContain("€ 242,00");
  });
});
