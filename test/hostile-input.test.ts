/**
 * Requests found to fail from outside (issue 12, "Found when tried from outside"), each answered
 * with a 4xx in the error envelope on both databases — text: NUL characters, lone surrogates
 * (issue 26), keys named like members of every object, numbers in text fields, long search
 * texts. Stored text is always the text sent. Amounts, sizes and ids: test/hostile-sizes.test.ts.
 */
import { describe, expect, it } from "vitest";
import { MAX_QUERY_TEXT_LENGTH } from "../src/platform/params.js";
import { errorOf, json, request } from "./support/app.js";
import { expectValidation, hostileRequests, LINE as line } from "./support/hostile-input.js";
import { useInvoiceTests } from "./support/sales-invoices.js";

const tests = useInvoiceTests();
const { post, invoiceWith } = hostileRequests(tests);

describe("NUL characters", () => {
  it("refuses a NUL in a string field with 422 naming the attribute", async () => {
    const contact = await post("contacts", { contact: { company_name: "Nul\u0000 BV" } });
    expectValidation(contact, "company_name", "must not contain a NUL character");
    const nested = await post("sales_invoices", invoiceWith([{ ...line, description: "a\u0000b" }]));
    expectValidation(nested, "invoice_lines[0].description", "must not contain a NUL character");
  });

  it("refuses a NUL in a search parameter with 400 naming it", async () => {
    for (const path of [
      "sales_invoices?search[api_reference]=a%00b",
      "contacts?search[q]=%00",
      "expenses?search[q]=%00",
      "accounts?search[paths][]=%00",
      "reports/general_ledger?account_path=%00",
    ]) {
      const response = await request(
        tests.harness.app,
        "GET",
        `/api/v1/companies/${tests.company.companyId}/${path}`,
        tests.company.token,
      );
      expect(response.statusCode, path).toBe(400);
      expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
      expect(errorOf(response).message).toContain("NUL");
    }
  });
});

describe("lone surrogates", () => {
  const contactsUrl = () => `/api/v1/companies/${tests.company.companyId}/contacts`;

  it("refuses a lone UTF-16 surrogate in a string field with 422 naming the attribute, storing nothing", async () => {
    const before = json<{ contacts: unknown[] }>(
      await request(tests.harness.app, "GET", `${contactsUrl()}?per_page=100`, tests.company.token),
    ).contacts.length;
    for (const text of ["x\ud800y", "x\udc00y", "\udbff", "😀\ud83d"]) {
      const contact = await post("contacts", { contact: { company_name: text } });
      expectValidation(contact, "company_name", "is not valid text");
    }
    const nested = await post("sales_invoices", invoiceWith([{ ...line, description: "a\udfffb" }]));
    expectValidation(nested, "invoice_lines[0].description", "is not valid text");
    const invoice = await tests.create({ contact_id: tests.contactId, api_reference: "ref-1" });
    expectValidation(await tests.patch(invoice.id, { api_reference: "\ud800" }), "api_reference", "is not valid text");
    const shown = await request(
      tests.harness.app,
      "GET",
      tests.url(tests.company, `/${invoice.id}`),
      tests.company.token,
    );
    expect(json<{ sales_invoice: { api_reference: string } }>(shown).sales_invoice.api_reference).toBe("ref-1");
    const after = json<{ contacts: unknown[] }>(
      await request(tests.harness.app, "GET", `${contactsUrl()}?per_page=100`, tests.company.token),
    ).contacts.length;
    expect(after).toBe(before);
  });

  it("says so in Dutch too", async () => {
    const response = await request(
      tests.harness.app,
      "POST",
      contactsUrl(),
      tests.company.token,
      { contact: { company_name: "x\ud800y" } },
      { "accept-language": "nl" },
    );
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toMatch(/^Contact is ongeldig: company_name is geen geldige tekst(;|$)/);
  });

  it("stores a surrogate pair (an emoji) as sent", async () => {
    const created = await post("contacts", { contact: { company_name: "Smile 😀 BV" } });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = json<{ contact: { id: number } }>(created).contact;
    const shown = await request(tests.harness.app, "GET", `${contactsUrl()}/${id}`, tests.company.token);
    expect(json<{ contact: { company_name: string } }>(shown).contact.company_name).toBe("Smile 😀 BV");
  });

  it("answers a surrogate's UTF-8 bytes in a path or query with a 4xx, never a 5xx", async () => {
    for (const path of [`${contactsUrl()}/%ED%A0%80`, `${contactsUrl()}?search[q]=%ED%A0%80`]) {
      const response = await request(tests.harness.app, "GET", path, tests.company.token);
      expect(response.statusCode, path).toBeLessThan(500);
      expect(response.headers["content-type"], path).toBe("application/json; charset=utf-8");
    }
  });
});

describe("keys named like members of every object", () => {
  it("refuses toString, constructor and their kin as unknown attributes, nested ones too", async () => {
    for (const key of ["toString", "constructor", "valueOf", "hasOwnProperty", "__proto__"]) {
      const contact = await post("contacts", JSON.parse(`{"contact":{"company_name":"x","${key}":"x"}}`));
      expect(contact.statusCode, key).toBe(400);
      expect(errorOf(contact).type).toBe("client.parameters.unpermitted_parameters");
      const nested = await post("sales_invoices", {
        sales_invoice: { ...invoiceWith([line]).sales_invoice, contact: JSON.parse(`{"${key}":"x"}`) },
      });
      expect(nested.statusCode, `contact.${key}`).toBe(400);
    }
  });
});

describe("numbers in text fields", () => {
  it("takes a number as its text but refuses one beyond a double", async () => {
    const taken = await post("contacts", { contact: { company_name: 12345 } });
    expect(taken.statusCode).toBe(201);
    expect(json<{ contact: { company_name: string } }>(taken).contact.company_name).toBe("12345");
    const refused = await post("contacts", '{"contact":{"company_name":"x","vat_number":-1e999}}');
    expectValidation(refused, "vat_number", "must be a string");
  });
});

describe("search texts", () => {
  it(`refuses a search text over ${MAX_QUERY_TEXT_LENGTH} characters with 400 naming it`, async () => {
    for (const path of ["contacts", "products", "sales_invoices", "expenses"]) {
      const response = await request(
        tests.harness.app,
        "GET",
        `/api/v1/companies/${tests.company.companyId}/${path}?search[q]=${"a".repeat(50_001)}`,
        tests.company.token,
      );
      expect(response.statusCode, path).toBe(400);
      expect(errorOf(response).message).toContain("search[q]");
    }
    const longest = await request(
      tests.harness.app,
      "GET",
      `/api/v1/companies/${tests.company.companyId}/contacts?search[q]=${"a".repeat(MAX_QUERY_TEXT_LENGTH)}`,
      tests.company.token,
    );
    expect(longest.statusCode).toBe(200);
  });
});
