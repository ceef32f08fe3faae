import { describe, expect, it } from "vitest";
import { errorOf, json, newCompany, request } from "../../../test/support/app.js";
import { type Invoice, useInvoiceTests } from "../../../test/support/sales-invoices.js";

const tests = useInvoiceTests();

describe("sales invoices: rules", () => {
  it("defaults date to today and due_date to 30 days later", async () => {
    const invoice = await tests.create({ contact_id: tests.contactId });
    expect(invoice).toMatchObject({ date: "2024-03-02", due_date: "2024-04-01", payment_method: "pay_transfer" });
  });

  it("requires custom payment instructions for pay_custom and shows them only then", async () => {
    const missing = await request(tests.harness.app, "POST", tests.url(), tests.company.token, {
      sales_invoice: { payment_method: "pay_custom" },
    });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).message).toContain("custom_payment_instructions");
    const invoice = await tests.create({ payment_method: "pay_custom", custom_payment_instructions: "Pay {amount}" });
    expect(invoice.custom_payment_instructions).toBe("Pay {amount}");
    const switched = json<{ sales_invoice: Invoice }>(await tests.patch(invoice.id, { payment_method: "paid_cash" }));
    expect(switched.sales_invoice).not.toHaveProperty("custom_payment_instructions");
  });

  it("needs an exchange rate for a foreign currency and normalises the code", async () => {
    const missing = await request(tests.harness.app, "POST", tests.url(), tests.company.token, {
      sales_invoice: { currency: "usd" },
    });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).message).toContain("currency_exchange_rate");
    const unknown = await request(tests.harness.app, "POST", tests.url(), tests.company.token, {
      sales_invoice: { currency: "xyz" },
    });
    expect(errorOf(unknown).message).toContain("currency");
    const invoice = await tests.create({ currency: "USD", currency_exchange_rate: "1.0825" });
    expect(invoice).toMatchObject({ currency: "usd", currency_exchange_rate: "1.0825" });
  });

  it("requires a VAT number for reverse charge and for zero rate to another EU country", async () => {
    const vatTypes = json<{ vat_types: Array<{ id: number; name: string }> }>(
      await request(
        tests.harness.app,
        "GET",
        `/api/v1/companies/${tests.company.companyId}/vat_types`,
        tests.company.token,
      ),
    ).vat_types;
    const reverse = vatTypes.find((type) => type.name === "vat_reverse_charged")?.id;
    const zero = vatTypes.find((type) => type.name === "vat_zero")?.id;
    const german = json<{ contact: { id: number } }>(
      await request(
        tests.harness.app,
        "POST",
        `/api/v1/companies/${tests.company.companyId}/contacts`,
        tests.company.token,
        {
          contact: { company_name: "Beispiel GmbH", country_code: "DE" },
        },
      ),
    ).contact.id;
    for (const [vatTypeId, contact] of [
      [reverse, tests.contactId],
      [zero, german],
    ]) {
      const response = await request(tests.harness.app, "POST", tests.url(), tests.company.token, {
        sales_invoice: {
          contact_id: contact,
          vat_number: null,
          invoice_lines: [{ price_per_unit: 1, vat_type_id: vatTypeId }],
        },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(errorOf(response).message).toContain("vat_number");
    }
    const domesticZero = await tests.create({
      contact_id: tests.contactId,
      invoice_lines: [{ price_per_unit: 1, vat_type_id: zero }],
    });
    expect(domesticZero.price_with_vat).toBe("1.0");
  });

  it("normalises and checks a VAT number unless told not to", async () => {
    const invoice = await tests.create({ vat_number: "nl 1234.56.782.b01" });
    expect(invoice.vat_number).toBe("NL123456782B01");
    for (const invalid of ["NL12345", "NL123456789B01"]) {
      const bad = await request(tests.harness.app, "POST", tests.url(), tests.company.token, {
        sales_invoice: { vat_number: invalid },
      });
      expect(bad.statusCode, invalid).toBe(422);
      expect(errorOf(bad).message).toContain("vat_number");
    }
    const fromContact = await tests.create({ contact_id: tests.contactId });
    expect(fromContact.vat_number).toBe("NL123456789B01");
    const unchecked = await tests.create({ vat_number: "whatever 1", validates_vat_number: false });
    expect(unchecked).toMatchObject({ vat_number: "whatever 1", validates_vat_number: false });
  });

  it("keeps api_reference unique per company", async () => {
    await tests.create({ api_reference: "unique-ref" });
    const duplicate = await request(tests.harness.app, "POST", tests.url(), tests.company.token, {
      sales_invoice: { api_reference: "unique-ref" },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(errorOf(duplicate).message).toContain("api_reference");
    const other = await newCompany(tests.harness.deps);
    await tests.create({ api_reference: "unique-ref" }, other);
  });

  it("refuses a date before 1990, a due date before the date, and a blank date on update", async () => {
    const response = await request(tests.harness.app, "POST", tests.url(), tests.company.token, {
      sales_invoice: { date: "1989-12-31", due_date: "1989-01-01", contact_id: 999999999 },
    });
    expect(response.statusCode).toBe(422);
    const { message } = errorOf(response);
    for (const attribute of ["date", "due_date", "contact_id"]) expect(message).toContain(attribute);
    const invoice = await tests.create({ description: "empty" });
    const blank = await tests.patch(invoice.id, { date: null });
    expect(blank.statusCode).toBe(422);
    expect(errorOf(blank).message).toContain("date");
  });

  it("creates a new contact inline and dissociates the previous one without deleting it", async () => {
    const invoice = await tests.create({ contact_id: tests.contactId });
    const response = await request(tests.harness.app, "POST", tests.url(), tests.company.token, {
      sales_invoice: { contact: { is_individual: true, contact_person_name: "Jan Jansen", city: "Gouda" } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = json<{ sales_invoice: Invoice }>(response).sales_invoice;
    expect(created.cached_contact).toMatchObject({ name: "Jan Jansen", city: "Gouda" });
    expect(created.contact_id).not.toBe(tests.contactId);
    const invalid = await request(tests.harness.app, "POST", tests.url(), tests.company.token, {
      sales_invoice: { contact: { is_individual: true } },
    });
    expect(errorOf(invalid).message).toContain("contact.contact_person_name");
    const replaced = json<{ sales_invoice: Invoice }>(
      await tests.patch(invoice.id, { contact: { company_name: "Nieuw BV" } }),
    ).sales_invoice;
    expect(replaced.contact_id).not.toBe(tests.contactId);
    const old = await request(
      tests.harness.app,
      "GET",
      `/api/v1/companies/${tests.company.companyId}/contacts/${tests.contactId}`,
      tests.company.token,
    );
    expect(old.statusCode).toBe(200);
  });

  it("rejects unknown keys with 400 naming them, and a missing wrapper", async () => {
    const unknown = await request(tests.harness.app, "POST", tests.url(), tests.company.token, {
      sales_invoice: { colour: "red", invoice_lines: [{ shade: 1 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toEqual({
      type: "client.parameters.unpermitted_parameters",
      message: expect.stringMatching(/colour.*invoice_lines\[\]\.shade/),
    });
    const missing = await request(tests.harness.app, "POST", tests.url(), tests.company.token, { invoice: {} });
    expect(errorOf(missing).type).toBe("client.parameters.missing_parameter");
  });
});
