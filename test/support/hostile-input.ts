/**
 * For the hostile-input tests (test/hostile-input.test.ts, test/hostile-sizes.test.ts): requests
 * as company A of `useInvoiceTests`, an invoice of given lines, and the check of a 422 naming an
 * attribute. Not used by the service.
 */
import { expect } from "vitest";
import { errorOf, request } from "./app.js";
import type { InvoiceTests } from "./sales-invoices.js";

/** A valid line; read inside tests only (the VAT type ids are known after beforeAll). */
export const LINE: Readonly<Record<string, unknown>> = { description: "Werk", price_per_unit: "10" };

export function hostileRequests(tests: InvoiceTests) {
  return {
    /** a line without VAT */
    untaxed: () => ({ ...LINE, vat_type_id: tests.vatTypeId("vat_none") }),
    post: (path: string, body: unknown) =>
      request(
        tests.harness.app,
        "POST",
        `/api/v1/companies/${tests.company.companyId}/${path}`,
        tests.company.token,
        body,
      ),
    invoiceWith: (lines: readonly Record<string, unknown>[]) => ({
      sales_invoice: { contact_id: tests.contactId, invoice_lines: lines },
    }),
  };
}

export function expectValidation(response: { statusCode: number; body: string }, attribute: string, problem?: string) {
  expect(response.statusCode, response.body).toBe(422);
  const error = errorOf(response);
  expect(error.type).toBe("client.parameters.validation");
  expect(error.message).toContain(attribute);
  if (problem !== undefined) expect(error.message).toContain(problem);
}
