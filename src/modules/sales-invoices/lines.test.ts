import { describe, expect, it } from "vitest";
import { errorOf, json, request } from "../../../test/support/app.js";
import { type Invoice, useInvoiceTests } from "../../../test/support/sales-invoices.js";

const tests = useInvoiceTests();

describe("sales invoices: lines and totals", () => {
  it.each([
    // lines → without VAT, VAT, with VAT
    ["a credit line", [["-1", "100", "high"]], "-100.0", "-21.0", "-121.0"],
    ["many-decimal unit prices", [["3", "0.333333", "high"]], "1.0", "0.21", "1.21"],
    ["fractional quantities at 9 %", [["1.5", "10.05", "low"]], "15.08", "1.36", "16.44"],
    [
      "mixed rates and a credit",
      [
        ["2", "19.99", "high"],
        ["1", "10", "low"],
        ["-1", "5", "high"],
      ],
      "44.98",
      "8.25",
      "53.23",
    ],
    ["a custom rate", [["1", "100", "custom:0.125"]], "100.0", "12.5", "112.5"],
  ])("totals %s from line cents", async (_name, lines, without, vat, withVat) => {
    const invoice = await tests.create({
      contact_id: tests.contactId,
      invoice_lines: lines.map(([quantity, price, rate]) => ({
        quantity,
        price_per_unit: price,
        vat_type_id:
          rate === "low"
            ? tests.vatTypeId("vat_low_new")
            : rate?.startsWith("custom")
              ? tests.vatTypeId("vat_custom")
              : tests.vatTypeId("vat_high"),
        ...(rate?.startsWith("custom:") ? { vat_rate: rate.slice("custom:".length) } : {}),
      })),
    });
    expect(invoice).toMatchObject({ price_without_vat: without, vat_amount: vat, price_with_vat: withVat });
  });

  it("defaults quantity to 1 and the VAT type to vat_high, and ignores a rate for non-custom types", async () => {
    const invoice = await tests.create({
      contact_id: tests.contactId,
      invoice_lines: [{ price_per_unit: 10, vat_rate: "0.5" }],
    });
    expect(invoice.invoice_lines[0]).toMatchObject({
      quantity: "1.0",
      vat_type_id: tests.vatTypeId("vat_high"),
      vat_rate: "0.21",
    });
  });

  it("takes a product's line for the fields a line leaves out", async () => {
    const product = json<{ product: { id: number } }>(
      await request(
        tests.harness.app,
        "POST",
        `/api/v1/companies/${tests.company.companyId}/products`,
        tests.company.token,
        {
          product: {
            invoice_line: {
              description: "Toner",
              price_per_unit: "19.95",
              vat_type_id: tests.vatTypeId("vat_low_new"),
            },
          },
        },
      ),
    ).product;
    const invoice = await tests.create({
      contact_id: tests.contactId,
      invoice_lines: [{ product_id: product.id, quantity: 2 }],
    });
    expect(invoice.invoice_lines[0]).toMatchObject({
      description: "Toner",
      price_per_unit: "19.95",
      vat_type_id: tests.vatTypeId("vat_low_new"),
      quantity: "2.0",
      product_id: product.id,
      price_without_vat: "39.9",
    });
  });

  it("accepts an account by path and names it back", async () => {
    const path = "profit.revenue.other";
    const invoice = await tests.create({
      contact_id: tests.contactId,
      invoice_lines: [{ price_per_unit: 1, account_path: path }],
    });
    expect(invoice.invoice_lines[0]).toMatchObject({ account_id: expect.any(Number), account_path: path });
  });

  it("names every invalid line attribute in one 422", async () => {
    const response = await request(tests.harness.app, "POST", tests.url(), tests.company.token, {
      sales_invoice: {
        contact_id: tests.contactId,
        invoice_lines: [
          { description: "x".repeat(256), price_per_unit: 1 },
          { quantity: "abc" },
          { price_per_unit: 1, vat_type_id: tests.vatTypeId("vat_custom") },
          { price_per_unit: 1, account_id: 999999999 },
        ],
      },
    });
    expect(response.statusCode).toBe(422);
    const { type, message } = errorOf(response);
    expect(type).toBe("client.parameters.validation");
    for (const attribute of [
      "invoice_lines[0].description",
      "invoice_lines[1].quantity",
      "invoice_lines[2].vat_rate",
      "invoice_lines[3].account_id",
    ]) {
      expect(message).toContain(attribute);
    }
  });

  it("refuses a line id of another invoice and changes nothing", async () => {
    const first = await tests.create({ contact_id: tests.contactId, invoice_lines: [{ price_per_unit: 10 }] });
    const second = await tests.create({ contact_id: tests.contactId, invoice_lines: [{ price_per_unit: 20 }] });
    const foreignLine = second.invoice_lines[0]?.id;
    const response = await tests.patch(first.id, {
      description: "changed",
      invoice_lines: [{ id: foreignLine, price_per_unit: 99 }],
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain("invoice_lines[0].id");
    const reread = json<{ sales_invoice: Invoice }>(
      await request(tests.harness.app, "GET", tests.url(tests.company, `/${second.id}`), tests.company.token),
    ).sales_invoice;
    expect(reread.invoice_lines[0]?.price_per_unit).toBe("20.0");
    const unchanged = json<{ sales_invoice: Invoice }>(
      await request(tests.harness.app, "GET", tests.url(tests.company, `/${first.id}`), tests.company.token),
    ).sales_invoice;
    expect(unchanged.description).toBeNull();
  });
});
