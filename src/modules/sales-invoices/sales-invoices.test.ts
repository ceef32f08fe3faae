import { describe, expect, it } from "vitest";
import { errorOf, json, newCompany, request } from "../../../test/support/app.js";
import { type Invoice, useInvoiceTests } from "../../../test/support/sales-invoices.js";

const tests = useInvoiceTests();
const BANK = "activa.current_assets.liquid_assets.bank";
const adviesuren = { description: "Adviesuren", price_per_unit: "75.0", quantity: "4.0" };

describe("sales invoices: the reference examples", () => {
  it("creates the reference invoice with its payment: 300.0 / 63.0 / 363.0, paid", async () => {
    const invoice = await tests.create({
      date: "2024-03-02",
      due_date: "2024-04-01",
      payment_method: "pay_transfer",
      contact_id: tests.contactId,
      currency: "eur",
      currency_exchange_rate: "1.0",
      template_id: null,
      // the reference's NL123456789B01 fails the Dutch check digits, so a valid number stands in
      vat_number: "NL123456782B01",
      api_reference: "abcd1234",
      payment_reference: "abcd1234",
      sale_type: "",
      distance_sale: false,
      invoice_lines: [
        {
          ...adviesuren,
          vat_rate: "0.21",
          vat_type_id: tests.vatTypeId("vat_high"),
          product_id: null,
          account_id: null,
        },
      ],
      payments: [{ amount: "363.0", account_path: BANK, paid_at: "2024-03-02 00:00:00 +0100" }],
    });
    expect(invoice).toEqual({
      id: expect.any(Number),
      date: "2024-03-02",
      due_date: "2024-04-01",
      payment_method: "pay_transfer",
      description: null,
      status: "concept",
      price_without_vat: "300.0",
      price_with_vat: "363.0",
      vat_amount: "63.0",
      contact_id: tests.contactId,
      invoice_number: null,
      published_at: null,
      payment_status: "paid",
      open_amount: "0.0",
      currency: "eur",
      currency_exchange_rate: "1.0",
      template_id: null,
      // the reference's NL123456789B01 fails the Dutch check digits, so a valid number stands in
      vat_number: "NL123456782B01",
      api_reference: "abcd1234",
      payment_reference: "abcd1234",
      sale_type: "supply",
      distance_sale: false,
      cached_contact: {
        name: "Rompslomp.nl BV",
        contact_person_name: "Rob S. Lomp",
        address: "Grebbeberglaan 15",
        zipcode: "3527 VX",
        city: "Utrecht",
        country_code: "NL",
        contact_person_email_address: "rob@example.org",
        contact_number: expect.stringMatching(/^K\d{5}$/),
      },
      attachment_objects: [],
      invoice_lines: [
        {
          id: expect.any(Number),
          description: "Adviesuren",
          extended_description: null,
          price_per_unit: "75.0",
          price_with_vat: "363.0",
          price_without_vat: "300.0",
          vat_amount: "63.0",
          vat_rate: "0.21",
          vat_type_id: tests.vatTypeId("vat_high"),
          quantity: "4.0",
          product_id: null,
          account_id: null,
          account_path: null,
        },
      ],
    });
    expect(Object.keys(invoice)).toEqual([
      "id",
      "date",
      "due_date",
      "payment_method",
      "description",
      "status",
      "price_without_vat",
      "price_with_vat",
      "vat_amount",
      "contact_id",
      "invoice_number",
      "published_at",
      "payment_status",
      "open_amount",
      "currency",
      "currency_exchange_rate",
      "template_id",
      "vat_number",
      "api_reference",
      "payment_reference",
      "sale_type",
      "distance_sale",
      "cached_contact",
      "attachment_objects",
      "invoice_lines",
    ]);
  });

  it("adds, changes and destroys lines in one update: 425.0 / 89.25 / 514.25", async () => {
    const invoice = await tests.create({
      contact_id: tests.contactId,
      invoice_lines: [
        { ...adviesuren, vat_type_id: tests.vatTypeId("vat_high") },
        { description: "Travel", price_per_unit: "12.5", quantity: "2", vat_type_id: tests.vatTypeId("vat_high") },
      ],
    });
    const [kept, destroyed] = invoice.invoice_lines;
    const response = await tests.patch(invoice.id, {
      invoice_lines: [
        { quantity: 5, price_per_unit: "10.0" },
        { id: String(kept?.id), quantity: 5 },
        { id: String(destroyed?.id), _destroy: true },
      ],
      api_reference: "ref-update-example",
      payment_reference: "abcd1234",
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = json<{ sales_invoice: Invoice }>(response).sales_invoice;
    expect(updated).toMatchObject({ price_without_vat: "425.0", price_with_vat: "514.25", vat_amount: "89.25" });
    expect(updated.invoice_lines.map((line) => [line.id, line.quantity, line.price_with_vat])).toEqual([
      [kept?.id, "5.0", "453.75"],
      [expect.any(Number), "5.0", "60.5"],
    ]);
    const shown = json<{ sales_invoice: Invoice }>(
      await request(tests.harness.app, "GET", tests.url(tests.company, `/${invoice.id}`), tests.company.token),
    ).sales_invoice;
    expect(shown).toEqual(updated);
  });
});

describe("sales invoices: delete", () => {
  it("deletes a concept (204) and then answers 404", async () => {
    const invoice = await tests.create({ contact_id: tests.contactId, invoice_lines: [{ price_per_unit: 5 }] });
    const deleted = await request(
      tests.harness.app,
      "DELETE",
      tests.url(tests.company, `/${invoice.id}`),
      tests.company.token,
    );
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    const again = await request(
      tests.harness.app,
      "GET",
      tests.url(tests.company, `/${invoice.id}`),
      tests.company.token,
    );
    expect(errorOf(again).type).toBe("client.not_found.resource");
  });

  it("refuses to delete a published invoice", async () => {
    const invoice = await tests.create({
      contact_id: tests.contactId,
      invoice_lines: [{ price_per_unit: 5 }],
      _publish: true,
    });
    const response = await request(
      tests.harness.app,
      "DELETE",
      tests.url(tests.company, `/${invoice.id}`),
      tests.company.token,
    );
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).type).toBe("client.parameters.validation");
  });

  it("answers 404 for another company's invoice", async () => {
    const other = await newCompany(tests.harness.deps);
    const theirs = await tests.create({ description: "theirs" }, other);
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const response = await request(
        tests.harness.app,
        method,
        tests.url(tests.company, `/${theirs.id}`),
        tests.company.token,
        method === "PATCH" ? { sales_invoice: { description: "x" } } : undefined,
      );
      expect(response.statusCode).toBe(404);
    }
  });
});
