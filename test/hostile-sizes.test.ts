/**
 * Requests found to fail from outside (issue 12, "Found when tried from outside"), each answered
 * with a 4xx in the error envelope on both databases — sizes: amounts beyond their maximum, a
 * leading plus sign, documents with too many lines, deep or long JSON, ids beyond the id range,
 * hours beyond any year. A stored amount is always the amount sent. Text: hostile-input.test.ts.
 */
import { describe, expect, it } from "vitest";
import { MAX_ARRAY_ITEMS } from "../src/platform/attributes.js";
import { JSON_MAX_ARRAY_LENGTH, JSON_MAX_DEPTH } from "../src/platform/json-limits.js";
import { errorOf, json, request } from "./support/app.js";
import { expectValidation, hostileRequests, LINE as line } from "./support/hostile-input.js";
import { useInvoiceTests } from "./support/sales-invoices.js";

const tests = useInvoiceTests();
const { post, invoiceWith, untaxed } = hostileRequests(tests);

describe("amounts", () => {
  it("refuses prices, quantities and payment amounts beyond their maximum, never rounding them", async () => {
    const forty = "1234567890123456789012345678901234567890";
    const nines = "9".repeat(400);
    for (const price of [forty, nines, 1e308, "10000000000000.01", "-10000000000001"]) {
      const response = await post("sales_invoices", invoiceWith([{ ...line, price_per_unit: price }]));
      expectValidation(response, "invoice_lines[0].price_per_unit");
    }
    for (const quantity of [1e308, "1000000001", nines]) {
      const response = await post("sales_invoices", invoiceWith([{ ...line, quantity }]));
      expectValidation(response, "invoice_lines[0].quantity");
    }
    for (const amount of [1e308, forty, nines]) {
      const response = await post("payments", { payment: { amount, paid_at: "2024-03-01" } });
      expectValidation(response, "amount");
    }
    const entry = await post("journal_entries", {
      journal_entry: {
        date: "2024-03-01",
        lines: [
          { account_path: "1000", debit_amount: forty },
          { account_path: "1100", credit_amount: forty },
        ],
      },
    });
    expectValidation(entry, "lines[0].debit_amount");
    expect(errorOf(entry).message).toContain("lines[1].credit_amount");
  });

  it("refuses a JSON number with more digits than a float keeps, and more than 10 decimals", async () => {
    const long = await post("sales_invoices", invoiceWith([{ ...line, price_per_unit: 12345678.123456789 }]));
    expectValidation(long, "invoice_lines[0].price_per_unit", "send it as a string");
    const places = await post("sales_invoices", invoiceWith([{ ...line, price_per_unit: "0.00000000001" }]));
    expectValidation(places, "invoice_lines[0].price_per_unit", "decimals");
  });

  it("refuses a line or document total beyond the maximum, and stores the maximum exactly", async () => {
    const product = await post(
      "sales_invoices",
      invoiceWith([{ ...line, price_per_unit: "10000000000000", quantity: "2" }]),
    );
    expectValidation(product, "invoice_lines[0]", "is too large");
    const sum = await post(
      "sales_invoices",
      invoiceWith([
        { ...line, price_per_unit: "6000000000000" },
        { ...line, price_per_unit: "6000000000000" },
      ]),
    );
    expectValidation(sum, "invoice_lines", "is too large");
    const largest = await post("sales_invoices", invoiceWith([{ ...untaxed(), price_per_unit: "10000000000000" }]));
    expect(largest.statusCode, largest.body).toBe(201);
    const invoice = json<{
      sales_invoice: { price_with_vat: string; invoice_lines: Array<{ price_per_unit: string }> };
    }>(largest).sales_invoice;
    expect(invoice.invoice_lines[0]?.price_per_unit).toBe("10000000000000.0");
    expect(invoice.price_with_vat).toBe("10000000000000.0");
  });

  it("refuses a leading plus sign as not a number", async () => {
    const response = await post("sales_invoices", invoiceWith([{ ...line, price_per_unit: "+1", quantity: "+2" }]));
    expectValidation(response, "invoice_lines[0].price_per_unit", "is not a number");
    expect(errorOf(response).message).toContain("invoice_lines[0].quantity is not a number");
    const payment = await post("payments", { payment: { amount: "+1", paid_at: "2024-03-01" } });
    expectValidation(payment, "amount", "is not a number");
  });
});

describe("document size", () => {
  it(`takes ${MAX_ARRAY_ITEMS} lines on a document and refuses one more with 422 naming the array`, async () => {
    const lines = Array.from({ length: MAX_ARRAY_ITEMS }, (_, index) => ({ ...line, description: `Regel ${index}` }));
    const created = await post("sales_invoices", invoiceWith(lines));
    expect(created.statusCode, created.body).toBe(201);
    const invoice = json<{ sales_invoice: { id: number; invoice_lines: unknown[] } }>(created).sales_invoice;
    expect(invoice.invoice_lines).toHaveLength(MAX_ARRAY_ITEMS);

    const tooMany = await post("sales_invoices", invoiceWith([...lines, line]));
    expectValidation(tooMany, "invoice_lines", `must have at most ${MAX_ARRAY_ITEMS} elements`);
    // the cap is on the document: adding one line to a full document is refused too
    const added = await request(
      tests.harness.app,
      "PATCH",
      `/api/v1/companies/${tests.company.companyId}/sales_invoices/${invoice.id}`,
      tests.company.token,
      { sales_invoice: { invoice_lines: [line] } },
    );
    expectValidation(added, "invoice_lines", `must have at most ${MAX_ARRAY_ITEMS} elements`);
  }, 120_000);

  it("caps the lines of a journal entry too", async () => {
    const lines = Array.from({ length: MAX_ARRAY_ITEMS + 1 }, () => ({ account_path: "1000", debit_amount: "1" }));
    const response = await post("journal_entries", { journal_entry: { date: "2024-03-01", lines } });
    expectValidation(response, "lines", `must have at most ${MAX_ARRAY_ITEMS} elements`);
  });
});

describe("JSON shape", () => {
  it(`refuses a body nested deeper than ${JSON_MAX_DEPTH} levels with 400`, async () => {
    let deep: unknown = "x";
    for (let level = 0; level < JSON_MAX_DEPTH; level++) deep = { a: deep };
    const response = await post("contacts", { contact: { company_name: deep } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain("nested too deeply");
    const hugeDepth = `{"contact":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const huge = await post("contacts", hugeDepth);
    expect(huge.statusCode).toBe(400);
  });

  it(`refuses an array of more than ${JSON_MAX_ARRAY_LENGTH} elements with 400`, async () => {
    const response = await post("contacts", {
      contact: { company_name: "A" },
      extra: new Array(JSON_MAX_ARRAY_LENGTH + 1).fill(0),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain(`more than ${JSON_MAX_ARRAY_LENGTH} elements`);
  });
});

describe("ids beyond the id range", () => {
  it("answers search[contact_id] beyond the id range with 400 on sales invoices and quotations", async () => {
    for (const resource of ["sales_invoices", "quotations"]) {
      for (const id of ["99999999999999999999", "9007199254740992", "9".repeat(400)]) {
        const response = await request(
          tests.harness.app,
          "GET",
          `/api/v1/companies/${tests.company.companyId}/${resource}?search[contact_id]=${id}`,
          tests.company.token,
        );
        expect(response.statusCode, `${resource} ${id}`).toBe(400);
        expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
        expect(errorOf(response).message).toContain("search[contact_id]");
      }
      const largest = await request(
        tests.harness.app,
        "GET",
        `/api/v1/companies/${tests.company.companyId}/${resource}?search[contact_id]=9007199254740991`,
        tests.company.token,
      );
      expect(largest.statusCode).toBe(200);
    }
  });

  it("answers a path id beyond the id range with 404", async () => {
    const response = await request(
      tests.harness.app,
      "GET",
      `/api/v1/companies/${tests.company.companyId}/sales_invoices/99999999999999999999`,
      tests.company.token,
    );
    expect(response.statusCode).toBe(404);
  });

  it("answers an empty path id (a doubled slash) with 404 naming the resource, never a 500", async () => {
    for (const [path, type] of [
      ["/contacts//", "Contact"],
      ["/sales_invoices//attachments", "Sales invoice"],
    ]) {
      const response = await request(
        tests.harness.app,
        "GET",
        `/api/v1/companies/${tests.company.companyId}${path}`,
        tests.company.token,
      );
      expect(response.statusCode, path).toBe(404);
      expect(errorOf(response), path).toMatchObject({
        type: "client.not_found.resource",
        message: `${type} not found`,
      });
    }
  });
});

describe("hours beyond any year", () => {
  it("refuses a duration or pause of more hours than a date can carry", async () => {
    for (const field of ["duration", "pause"]) {
      const response = await post("hours", {
        hour: { started_at: "2024-03-01 09:00:00 +0100", [field]: "10000000000000", description: "Werk" },
      });
      expectValidation(response, field, "must be between");
    }
  });
});
