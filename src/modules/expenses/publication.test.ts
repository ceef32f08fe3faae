/**
 * Publishing an expense: numbers per month of the expense date (gapless under concurrency), the
 * frozen contact copy, the lock on a published expense, and deleting a concept (a published one:
 * delete-published.test.ts).
 */
import { describe, expect, it } from "vitest";
import { errorOf, json, newCompany, request } from "../../../test/support/app.js";
import { COMPUTERS, type Expense, useExpenseTests } from "../../../test/support/expenses.js";

const tests = useExpenseTests();
const line = { description: "Parking", price_per_unit: "10" };

const expenseOf = (response: { body: string }) => json<{ expense: Expense }>(response).expense;

describe("invoice numbers", () => {
  it("numbers per month of the expense date: 2024030001, 2024030002, 2024040001", async () => {
    const own = await newCompany(tests.harness.deps);
    const march = await tests.create({ date: "2024-03-31", state: "published", invoice_lines: [line] }, own);
    const concept = await tests.create({ date: "2024-03-15", invoice_lines: [line] }, own);
    expect(concept.invoice_number).toBeNull();
    const second = await tests.patch(concept.id, { state: "published" }, own);
    expect(second.statusCode, second.body).toBe(200);
    const april = await tests.create({ date: "2024-04-01", state: "published", invoice_lines: [line] }, own);
    expect([march.invoice_number, expenseOf(second).invoice_number, april.invoice_number]).toEqual([
      "2024030001",
      "2024030002",
      "2024040001",
    ]);
    expect(expenseOf(second).state).toBe("published");
  });

  it("gives 30 concurrent publications in one month exactly 0001..0030", async () => {
    const own = await newCompany(tests.harness.deps);
    const concepts = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        tests.create({ date: "2031-06-15", invoice_lines: [{ price_per_unit: index + 1 }] }, own),
      ),
    );
    const responses = await Promise.all(
      concepts.map((concept) => tests.patch(concept.id, { state: "published" }, own)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(concepts.map(() => 200));
    const numbers = responses.map((response) => String(expenseOf(response).invoice_number)).sort();
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, index) => `203106${String(index + 1).padStart(4, "0")}`));
  });

  it("needs a line to publish, and no number is used up by a refused publication", async () => {
    const own = await newCompany(tests.harness.deps);
    const refused = await tests.post(
      { type_account_id: await tests.accountId(COMPUTERS, own), date: "2024-05-02", state: "published" },
      own,
    );
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toContain("invoice_lines can't be empty when publishing");
    const published = await tests.create({ date: "2024-05-03", state: "published", invoice_lines: [line] }, own);
    expect(published.invoice_number).toBe("2024050001");
  });

  it("publishes without a contact (a till receipt names no supplier)", async () => {
    const expense = await tests.create({ state: "published", invoice_lines: [line] });
    expect(expense).toMatchObject({ state: "published", contact_id: null, cached_contact: null });
  });
});

describe("a published expense", () => {
  it("freezes its contact copy and holds the contact, while a concept follows its contact", async () => {
    const contact = await tests.newContact({ company_name: "Oud BV", city: "Delft" });
    const concept = await tests.create({ contact_id: contact, invoice_lines: [line] });
    const published = await tests.create({ contact_id: contact, invoice_lines: [line], state: "published" });
    const contactUrl = `/api/v1/companies/${tests.company.companyId}/contacts/${contact}`;
    await request(tests.harness.app, "PATCH", contactUrl, tests.company.token, {
      contact: { company_name: "Nieuw BV", city: "Leiden" },
    });
    expect((await tests.show(concept.id)).cached_contact).toMatchObject({ name: "Nieuw BV", city: "Leiden" });
    expect((await tests.show(published.id)).cached_contact).toMatchObject({ name: "Oud BV", city: "Delft" });
    const deleted = await request(tests.harness.app, "DELETE", contactUrl, tests.company.token);
    expect(deleted.statusCode).toBe(422);
  });

  it("is locked: date, type account, currency, contact and lines cannot change; values sent back can", async () => {
    const expense = await tests.create({ contact_id: tests.contactId, invoice_lines: [line], state: "published" });
    for (const change of [
      { date: "2024-01-01" },
      { type_account_id: await tests.accountId(COMPUTERS) },
      { currency: "usd" },
      { contact_id: await tests.newContact({ company_name: "Ander BV" }) },
      { contact_id: null },
      { contact: { company_name: "Inline BV" } },
      { invoice_lines: [{ price_per_unit: 5 }] },
      { invoice_lines: [{ id: expense.invoice_lines[0]?.id, _destroy: true }] },
    ]) {
      const response = await tests.patch(expense.id, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(errorOf(response)).toEqual({
        type: "client.parameters.validation",
        message: `Expense is invalid: a published expense cannot change ${Object.keys(change)[0]}`,
      });
    }
    const sentBack = await tests.patch(expense.id, {
      date: expense.date,
      state: "published",
      type_account_id: String(expense.type_account_id),
      currency: "EUR",
      contact_id: expense.contact_id,
      invoice_lines: [],
    });
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    expect(expenseOf(sentBack)).toEqual(await tests.show(expense.id));
    expect(expenseOf(sentBack).invoice_number).toBe(expense.invoice_number);
  });

  it("cannot go back to concept", async () => {
    const expense = await tests.create({ invoice_lines: [line], state: "published" });
    const back = await tests.patch(expense.id, { state: "concept" });
    expect(back.statusCode).toBe(422);
    expect(errorOf(back).message).toContain("cannot go back to concept");
    const blank = await tests.patch(expense.id, { state: null });
    expect(blank.statusCode).toBe(422);
    expect(await tests.show(expense.id)).toEqual(expense);
  });
});

describe("deleting a concept", () => {
  it("removes it with its lines and attachments and unlinks its payments", async () => {
    const concept = await tests.create({ invoice_lines: [line] });
    const uploaded = await request(
      tests.harness.app,
      "POST",
      tests.url(tests.company, `/${concept.id}/attachments`),
      tests.company.token,
      { attachment_object: { attachment: Buffer.from("receipt").toString("base64"), attachment_file_name: "r.txt" } },
    );
    const attachment = String(
      json<{ attachment_object: { attachment: string } }>(uploaded).attachment_object.attachment,
    );
    const paymentId = await tests.linkPayment(concept.id, "-12.10");
    const paymentsUrl = `/api/v1/companies/${tests.company.companyId}/payments`;
    const bookedIds = async () =>
      json<{ payments: Array<{ id: number }> }>(
        await request(tests.harness.app, "GET", `${paymentsUrl}?selection=booked&per_page=100`, tests.company.token),
      ).payments.map((payment) => payment.id);
    expect(await bookedIds()).toContain(paymentId);

    const deleted = await request(
      tests.harness.app,
      "DELETE",
      tests.url(tests.company, `/${concept.id}`),
      tests.company.token,
    );
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    const gone = await request(
      tests.harness.app,
      "GET",
      tests.url(tests.company, `/${concept.id}`),
      tests.company.token,
    );
    expect(gone.statusCode).toBe(404);
    expect((await request(tests.harness.app, "GET", attachment, tests.company.token)).statusCode).toBe(404);
    expect(await bookedIds()).not.toContain(paymentId);
    const payment = await request(tests.harness.app, "GET", `${paymentsUrl}/${paymentId}`, tests.company.token);
    expect(payment.statusCode).toBe(200);
    const again = await request(
      tests.harness.app,
      "DELETE",
      tests.url(tests.company, `/${concept.id}`),
      tests.company.token,
    );
    expect(again.statusCode).toBe(404);
  });
});
