import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
  tokenFor,
} from "../../../test/support/app.js";

let harness: TestApp;
let company: TestCompany;
let contactId: number;
const BANK = "activa.current_assets.liquid_assets.bank";

type Invoice = Record<string, unknown> & { id: number; invoice_lines: Array<{ id: number }> };

async function newContact(own: TestCompany, fields: Record<string, unknown>): Promise<number> {
  const response = await request(harness.app, "POST", `/api/v1/companies/${own.companyId}/contacts`, own.token, {
    contact: fields,
  });
  return json<{ contact: { id: number } }>(response).contact.id;
}

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2024-03-02T10:00:00Z"));
  company = await newCompany(harness.deps);
  contactId = await newContact(company, {
    company_name: "Klant BV",
    contact_person_name: "Karin Klant",
    contact_person_email_address: "karin@example.org",
    city: "Utrecht",
  });
});
afterAll(() => harness.close());

const url = (own: TestCompany = company, suffix = "") => `/api/v1/companies/${own.companyId}/sales_invoices${suffix}`;

async function create(fields: Record<string, unknown>, own: TestCompany = company): Promise<Invoice> {
  const response = await request(harness.app, "POST", url(own), own.token, { sales_invoice: fields });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ sales_invoice: Invoice }>(response).sales_invoice;
}

async function patch(id: number, fields: Record<string, unknown>, token = company.token) {
  return request(harness.app, "PATCH", url(company, `/${id}`), token, { sales_invoice: fields });
}

const line = { description: "Work", price_per_unit: "100", quantity: "1" };

describe("publication", () => {
  it("publishes on create with a number of the invoice date's year and the date of publication", async () => {
    const own = await newCompany(harness.deps);
    const contact = await newContact(own, { company_name: "Eerste BV" });
    const invoice = await create(
      { contact_id: contact, date: "2023-12-30", invoice_lines: [line], _publish: true },
      own,
    );
    expect(invoice).toMatchObject({ status: "published", invoice_number: "2023-0001", published_at: "2024-03-02" });
    const next = await create({ contact_id: contact, invoice_lines: [line], _publish: true }, own);
    expect(next.invoice_number).toBe("2024-0001");
    const third = await create({ contact_id: contact, invoice_lines: [line], _publish: true }, own);
    expect(third.invoice_number).toBe("2024-0002");
  });

  it("publishes a concept with PATCH and refuses to publish it again", async () => {
    const invoice = await create({ contact_id: contactId, invoice_lines: [line] });
    expect(invoice).toMatchObject({ status: "concept", invoice_number: null, published_at: null });
    const published = await patch(invoice.id, { _publish: true });
    expect(published.statusCode, published.body).toBe(200);
    expect(json<{ sales_invoice: Invoice }>(published).sales_invoice).toMatchObject({
      status: "published",
      invoice_number: expect.stringMatching(/^2024-\d{4}$/),
    });
    const again = await patch(invoice.id, { _publish: true });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).type).toBe("client.parameters.validation");
  });

  it("needs a contact and a line to publish", async () => {
    const response = await request(harness.app, "POST", url(), company.token, { sales_invoice: { _publish: true } });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toMatch(/contact_id.*invoice_lines/);
  });

  it("locks lines, contact, date and amounts once published, but takes references and payments", async () => {
    const invoice = await create({ contact_id: contactId, invoice_lines: [line], _publish: true });
    for (const change of [
      { date: "2024-01-01" },
      { contact_id: await newContact(company, { company_name: "Ander BV" }) },
      { invoice_lines: [{ price_per_unit: 5 }] },
      { invoice_lines: [{ id: invoice.invoice_lines[0]?.id, _destroy: true }] },
      { contact: { company_name: "Inline BV" } },
      { currency: "usd", currency_exchange_rate: "1.1" },
    ]) {
      const response = await patch(invoice.id, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(errorOf(response).message).toContain(Object.keys(change)[0]);
    }
    const sentBack = await patch(invoice.id, { date: invoice.date, api_reference: "after-publication" });
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    expect(json<{ sales_invoice: Invoice }>(sentBack).sales_invoice).toMatchObject({
      api_reference: "after-publication",
      price_with_vat: "121.0",
    });
  });

  it("freezes the contact copy at publication while a concept follows its contact", async () => {
    const contact = await newContact(company, { company_name: "Oud BV", city: "Delft" });
    const concept = await create({ contact_id: contact, invoice_lines: [line] });
    const published = await create({ contact_id: contact, invoice_lines: [line], _publish: true });
    await request(harness.app, "PATCH", `/api/v1/companies/${company.companyId}/contacts/${contact}`, company.token, {
      contact: { company_name: "Nieuw BV", city: "Leiden" },
    });
    const show = async (id: number) =>
      json<{ sales_invoice: Invoice }>(await request(harness.app, "GET", url(company, `/${id}`), company.token))
        .sales_invoice;
    expect((await show(concept.id)).cached_contact).toMatchObject({ name: "Nieuw BV", city: "Leiden" });
    expect((await show(published.id)).cached_contact).toMatchObject({ name: "Oud BV", city: "Delft" });
    const deleteContact = await request(
      harness.app,
      "DELETE",
      `/api/v1/companies/${company.companyId}/contacts/${contact}`,
      company.token,
    );
    expect(deleteContact.statusCode).toBe(422);
  });

  it("shows the e-mail and pay-URL flags only before publication, and creates no pay-URL without a provider", async () => {
    const invoice = await create({
      contact_id: contactId,
      invoice_lines: [line],
      creates_pay_url_on_publish: true,
      sends_copy_by_email_on_publish: true,
    });
    expect(invoice).toMatchObject({ creates_pay_url_on_publish: true, sends_copy_by_email_on_publish: true });
    const published = json<{ sales_invoice: Invoice }>(await patch(invoice.id, { _publish: true })).sales_invoice;
    expect(published).not.toHaveProperty("creates_pay_url_on_publish");
    expect(published).not.toHaveProperty("sends_copy_by_email_on_publish");
    expect(published).not.toHaveProperty("pay_url");
  });

  it("refuses to e-mail a copy to a contact without an e-mail address", async () => {
    const silent = await newContact(company, { company_name: "Zonder Mail BV" });
    const response = await request(harness.app, "POST", url(), company.token, {
      sales_invoice: {
        contact_id: silent,
        invoice_lines: [line],
        sends_copy_by_email_on_publish: true,
        _publish: true,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain("sends_copy_by_email_on_publish");
  });

  it("counts published lines as products sold", async () => {
    const product = json<{ product: { id: number } }>(
      await request(harness.app, "POST", `/api/v1/companies/${company.companyId}/products`, company.token, {
        product: { invoice_line: { description: "Widget", price_per_unit: "2.5" } },
      }),
    ).product;
    await create({ contact_id: contactId, invoice_lines: [{ product_id: product.id, quantity: 3 }], _publish: true });
    await create({ contact_id: contactId, invoice_lines: [{ product_id: product.id, quantity: 7 }] });
    const shown = await request(
      harness.app,
      "GET",
      `/api/v1/companies/${company.companyId}/products/${product.id}`,
      company.token,
    );
    expect(json<{ product: { number_sold: number } }>(shown).product.number_sold).toBe(3);
  });
});

describe("payments on invoices", () => {
  it("needs manage:payments as well to pay inside an invoice", async () => {
    const token = await tokenFor(harness.deps, company.userId, ["manage:sales_invoices"]);
    const response = await request(harness.app, "POST", url(), token, {
      sales_invoice: { payments: [{ amount: "1", account_path: BANK, paid_at: "2024-03-02" }] },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).type).toBe("client.authorization.invalid_scope");
    const withoutPayments = await request(harness.app, "POST", url(), token, { sales_invoice: { description: "ok" } });
    expect(withoutPayments.statusCode).toBe(201);
  });

  it("keeps open_amount and payment_status true to payments made nested or through /payments", async () => {
    const invoice = await create({
      contact_id: contactId,
      invoice_lines: [line],
      _publish: true,
      payments: [{ amount: "21", account_path: BANK, paid_at: "2024-03-02" }],
    });
    expect(invoice).toMatchObject({ open_amount: "100.0", payment_status: "unpaid" });
    const paid = json<{ sales_invoice: Invoice }>(
      await patch(invoice.id, { payments: [{ amount: "100", account_path: BANK, paid_at: "2024-03-03T12:00:00Z" }] }),
    ).sales_invoice;
    expect(paid).toMatchObject({ open_amount: "0.0", payment_status: "paid" });

    const booked = json<{ payments: Array<{ id: number; amount: string }> }>(
      await request(
        harness.app,
        "GET",
        `/api/v1/companies/${company.companyId}/payments?selection=booked`,
        company.token,
      ),
    ).payments;
    const hundred = booked.find((payment) => payment.amount === "100.0");
    expect(hundred).toBeDefined();
    const paymentUrl = `/api/v1/companies/${company.companyId}/payments/${hundred?.id}`;
    await request(harness.app, "PATCH", paymentUrl, company.token, { payment: { amount: "150" } });
    const show = async () =>
      json<{ sales_invoice: Invoice }>(await request(harness.app, "GET", url(company, `/${invoice.id}`), company.token))
        .sales_invoice;
    expect(await show()).toMatchObject({ open_amount: "-50.0", payment_status: "overpaid" });
    await request(harness.app, "DELETE", paymentUrl, company.token);
    expect(await show()).toMatchObject({ open_amount: "100.0", payment_status: "unpaid" });
  });

  it("mirrors the payment status of a credit invoice", async () => {
    const credit = await create({
      contact_id: contactId,
      invoice_lines: [{ price_per_unit: "-100" }],
      _publish: true,
    });
    expect(credit).toMatchObject({ price_with_vat: "-121.0", open_amount: "-121.0", payment_status: "unpaid" });
    const refunded = json<{ sales_invoice: Invoice }>(
      await patch(credit.id, { payments: [{ amount: "-121", account_path: BANK, paid_at: "2024-03-05" }] }),
    ).sales_invoice;
    expect(refunded).toMatchObject({ open_amount: "0.0", payment_status: "paid" });
  });

  it("names invalid nested payments and stores nothing", async () => {
    const response = await request(harness.app, "POST", url(), company.token, {
      sales_invoice: { description: "never stored", payments: [{ amount: "1.001", paid_at: "2024-03-02" }] },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toMatch(/payments\[0\]\.amount.*payments\[0\]\.account_id/);
  });
});

describe("lists", () => {
  it("filters by selection and search, newest first, with paging headers", async () => {
    const own = await newCompany(harness.deps);
    const contact = await newContact(own, { company_name: "Lijst BV" });
    const other = await newContact(own, { company_name: "Andere BV" });
    const concept = await create({ contact_id: contact, date: "2024-01-10", invoice_lines: [line] }, own);
    const open = await create(
      { contact_id: contact, date: "2024-01-05", due_date: "2024-04-30", invoice_lines: [line], _publish: true },
      own,
    );
    const expired = await create(
      { contact_id: other, date: "2023-12-01", due_date: "2023-12-31", invoice_lines: [line], _publish: true },
      own,
    );
    const paid = await create(
      {
        contact_id: contact,
        date: "2024-02-01",
        invoice_lines: [line],
        _publish: true,
        api_reference: "shop-1",
        payments: [{ amount: "200", account_path: BANK, paid_at: "2024-02-01" }],
      },
      own,
    );
    const credit = await create(
      { contact_id: contact, date: "2024-02-02", invoice_lines: [{ price_per_unit: "-10" }], _publish: true },
      own,
    );
    const ids = async (query: string) => {
      const response = await request(harness.app, "GET", `${url(own)}${query}`, own.token);
      expect(response.statusCode, response.body).toBe(200);
      return json<{ sales_invoices: Invoice[] }>(response).sales_invoices.map((invoice) => invoice.id);
    };
    expect(await ids("")).toEqual([credit.id, paid.id, concept.id, open.id, expired.id]);
    expect(await ids("?selection=concept")).toEqual([concept.id]);
    expect(await ids("?selection=published")).toEqual([credit.id, paid.id, open.id, expired.id]);
    expect(await ids("?selection=unpaid")).toEqual([credit.id, open.id, expired.id]);
    expect(await ids("?selection=expired")).toEqual([expired.id]);
    expect(await ids("?selection=overpaid")).toEqual([paid.id]);
    expect(await ids("?selection=credit_invoices")).toEqual([credit.id]);
    expect(await ids("?selection=imported")).toEqual([]);
    expect(await ids("?selection=debt_collector")).toEqual([]);
    expect(await ids("?search[from]=2024-01-05&search[till]=2024-01-31")).toEqual([concept.id, open.id]);
    expect(await ids(`?search%5Bcontact_id%5D=${other}`)).toEqual([expired.id]);
    expect(await ids("?search[api_reference]=shop-1")).toEqual([paid.id]);
    const paged = await request(harness.app, "GET", `${url(own)}?per_page=2&page=2`, own.token);
    expect(paged.headers).toMatchObject({ "x-page": "2", "x-per-page": "2", "x-total": "5" });
    expect(json<{ sales_invoices: Invoice[] }>(paged).sales_invoices.map((invoice) => invoice.id)).toEqual([
      concept.id,
      open.id,
    ]);
    for (const bad of ["?selection=lost", "?search[from]=yesterday", "?search[contact_id]=abc"]) {
      const response = await request(harness.app, "GET", `${url(own)}${bad}`, own.token);
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
    }
  });
});
