/**
 * Creating, showing and changing expenses: the reference's example, defaults, the type account
 * rules, currencies, lines, unpermitted keys and tenancy (contacts: contact.test.ts).
 */
import { describe, expect, it } from "vitest";
import { errorOf, json, newCompany, request } from "../../../test/support/app.js";
import {
  COMPUTERS,
  type Expense,
  LOANS,
  MISC_COSTS,
  REVENUE,
  useExpenseTests,
} from "../../../test/support/expenses.js";

const tests = useExpenseTests();
const line = { description: "Printer paper", price_per_unit: "10.0" };

describe("creating an expense", () => {
  it("answers the reference's example with the reference's fields, in its order", async () => {
    const typeAccountId = await tests.accountId(MISC_COSTS);
    const response = await tests.post({
      date: "2024-03-02",
      state: "published",
      type_account_id: typeAccountId,
      currency: "eur",
      contact_id: tests.contactId,
      invoice_lines: [
        {
          description: "some",
          extended_description: null,
          price_per_unit: "10.0",
          vat_rate: "0.21",
          vat_type_id: tests.vatTypeId("vat_high"),
          quantity: "1.0",
          product_id: null,
          account_id: null,
          account_path: null,
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const expense = json<{ expense: Expense }>(response).expense;
    expect(Object.keys(expense)).toEqual([
      "id",
      "date",
      "state",
      "type_account_id",
      "currency",
      "contact_id",
      "invoice_number",
      "type_account",
      "cached_contact",
      "invoice_lines",
    ]);
    expect(expense).toEqual({
      id: expect.any(Number),
      date: "2024-03-02",
      state: "published",
      type_account_id: typeAccountId,
      currency: "eur",
      contact_id: tests.contactId,
      invoice_number: "2024030001",
      type_account: {
        id: typeAccountId,
        name: expect.any(String),
        path_name: expect.stringMatching(/^Kosten • /),
        path: MISC_COSTS,
        reference: "P1.5.8",
        type: "costs",
        parent_id: expect.any(Number),
      },
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
      invoice_lines: [
        {
          id: expect.any(Number),
          description: "some",
          extended_description: null,
          price_per_unit: "10.0",
          price_with_vat: "12.1",
          price_without_vat: "10.0",
          vat_amount: "2.1",
          vat_rate: "0.21",
          vat_type_id: tests.vatTypeId("vat_high"),
          quantity: "1.0",
          product_id: null,
          account_id: null,
          account_path: null,
        },
      ],
    });
    expect(await tests.show(expense.id)).toEqual(expense);
  });

  it("defaults to a concept in euro dated today, without a number or contact", async () => {
    const expense = await tests.create({ invoice_lines: [line] });
    expect(expense).toMatchObject({
      date: "2024-03-02",
      state: "concept",
      currency: "eur",
      contact_id: null,
      invoice_number: null,
      cached_contact: null,
    });
  });

  it("needs a type account: a cost or balance account of the company", async () => {
    const missing = await tests.post({ invoice_lines: [line] });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing)).toEqual({
      type: "client.parameters.validation",
      message: expect.stringContaining("type_account_id can't be blank"),
    });
    for (const path of [REVENUE, "vat_to_pay_revenue"]) {
      const refused = await tests.post({ type_account_id: await tests.accountId(path) });
      expect(refused.statusCode, path).toBe(422);
      expect(errorOf(refused).message).toContain("type_account_id");
    }
    const other = await newCompany(tests.harness.deps);
    const theirs = await tests.post({ type_account_id: await tests.accountId(MISC_COSTS, other) });
    expect(errorOf(theirs).message).toContain("type_account_id is not an account of this company");
    for (const path of [COMPUTERS, LOANS]) {
      const expense = await tests.create({ type_account_id: await tests.accountId(path) });
      expect(expense.type_account).toMatchObject({ path, type: "balance" });
    }
    const concept = await tests.create({});
    const blanked = await tests.patch(concept.id, { type_account_id: null });
    expect(errorOf(blanked).message).toContain("type_account_id can't be blank");
  });

  it("takes any ISO 4217 currency in lower case, without an exchange rate", async () => {
    expect((await tests.create({ currency: "USD" })).currency).toBe("usd");
    const unknown = await tests.post({ type_account_id: await tests.accountId(MISC_COSTS), currency: "xyz" });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).message).toContain("currency");
    const rate = await tests.post({ type_account_id: 1, currency: "usd", currency_exchange_rate: "1.1" });
    expect(rate.statusCode).toBe(400);
    expect(errorOf(rate).message).toContain("currency_exchange_rate");
  });

  it("names every problem at once", async () => {
    const response = await tests.post({ date: "1989-12-31", currency: "x", invoice_lines: [{ quantity: "a" }] });
    expect(response.statusCode).toBe(422);
    const message = errorOf(response).message;
    for (const attribute of ["date", "type_account_id", "currency", "invoice_lines[0].quantity"]) {
      expect(message).toContain(attribute);
    }
  });
});

describe("updating a concept", () => {
  it("changes only the supplied fields and its lines as nested subresources", async () => {
    const concept = await tests.create({
      date: "2024-02-10",
      currency: "gbp",
      contact_id: tests.contactId,
      invoice_lines: [line, { description: "Ink", price_per_unit: "20", quantity: 2 }],
    });
    const [paper, ink] = concept.invoice_lines;
    const response = await tests.patch(concept.id, {
      date: "2024-02-11",
      invoice_lines: [
        { id: paper?.id, quantity: 3 },
        { id: ink?.id, _destroy: true },
        { description: "Toner", price_per_unit: "50", vat_type_id: tests.vatTypeId("vat_low_new") },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = json<{ expense: Expense }>(response).expense;
    expect(updated).toMatchObject({
      date: "2024-02-11",
      currency: "gbp",
      contact_id: tests.contactId,
      type_account_id: concept.type_account_id,
      state: "concept",
    });
    expect(updated.invoice_lines).toMatchObject([
      { id: paper?.id, description: "Printer paper", quantity: "3.0", price_without_vat: "30.0", vat_amount: "6.3" },
      { description: "Toner", price_without_vat: "50.0", vat_amount: "4.5", vat_rate: "0.09" },
    ]);
    const moved = await tests.patch(concept.id, { type_account_id: await tests.accountId(COMPUTERS) });
    expect(json<{ expense: Expense }>(moved).expense.type_account).toMatchObject({ path: COMPUTERS });
  });

  it("refuses a date that is blanked", async () => {
    const concept = await tests.create({});
    const response = await tests.patch(concept.id, { date: null });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain("date can't be blank");
  });
});

describe("payload keys", () => {
  it("refuses unpermitted keys, naming each, and ignores read-only ones sent back", async () => {
    const typeAccountId = await tests.accountId(MISC_COSTS);
    const unknown = await tests.post({
      type_account_id: typeAccountId,
      description: "not an expense field",
      _publish: true,
      invoice_lines: [{ price_per_unit: 1, colour: "red" }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toEqual({
      type: "client.parameters.unpermitted_parameters",
      message: expect.stringMatching(/description.*_publish.*invoice_lines\[\]\.colour/),
    });
    const concept = await tests.create({ invoice_lines: [line] });
    const { id: _id, ...sentBack } = concept;
    const response = await tests.patch(concept.id, { ...sentBack, invoice_number: "X", type_account: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ expense: Expense }>(response).expense).toMatchObject({ invoice_number: null, type_account: {} });
    const missing = await request(tests.harness.app, "POST", tests.url(), tests.company.token, { other: {} });
    expect(errorOf(missing).type).toBe("client.parameters.missing_parameter");
  });
});

describe("tenancy", () => {
  it("answers 404 for another company's expense on show, update and delete", async () => {
    const other = await newCompany(tests.harness.deps);
    const theirs = await tests.create({ invoice_lines: [line] }, other);
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const response = await request(
        tests.harness.app,
        method,
        tests.url(tests.company, `/${theirs.id}`),
        tests.company.token,
        method === "PATCH" ? { expense: { date: "2024-01-01" } } : undefined,
      );
      expect(response.statusCode, method).toBe(404);
      expect(errorOf(response)).toEqual({ type: "client.not_found.resource", message: "Expense not found" });
    }
    expect(await tests.show(theirs.id, other)).toEqual(theirs);
  });
});
