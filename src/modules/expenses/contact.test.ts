/**
 * The contact of an expense: by id or created inline (as a supplier), the live copy a concept
 * shows, and nothing left behind when the expense is refused.
 */
import { describe, expect, it } from "vitest";
import { errorOf, json, request } from "../../../test/support/app.js";
import { type Expense, MISC_COSTS, REFERENCE_CONTACT, useExpenseTests } from "../../../test/support/expenses.js";

const tests = useExpenseTests();
describe("the contact of an expense", () => {
  it("creates an inline contact as a supplier, and refuses it together with contact_id", async () => {
    const expense = await tests.create({ contact: { company_name: "Leverancier BV", city: "Delft" } });
    expect(expense.contact_id).toEqual(expect.any(Number));
    expect(expense.cached_contact).toMatchObject({ name: "Leverancier BV", city: "Delft" });
    const contact = await request(
      tests.harness.app,
      "GET",
      `/api/v1/companies/${tests.company.companyId}/contacts/${expense.contact_id}`,
      tests.company.token,
    );
    expect(json<{ contact: Record<string, unknown> }>(contact).contact).toMatchObject({ is_supplier: true });
    const both = await tests.post({
      type_account_id: await tests.accountId(MISC_COSTS),
      contact_id: tests.contactId,
      contact: { company_name: "Twee BV" },
    });
    expect(both.statusCode).toBe(422);
    expect(errorOf(both).message).toContain("contact");
  });

  it("leaves nothing behind when the expense is refused, and names the inline contact's problems", async () => {
    const contacts = async () =>
      (
        await request(
          tests.harness.app,
          "GET",
          `/api/v1/companies/${tests.company.companyId}/contacts`,
          tests.company.token,
        )
      ).headers["x-total"];
    const before = await contacts();
    const refused = await tests.post({ contact: { company_name: "Blijft Niet BV" } });
    expect(errorOf(refused).message).toContain("type_account_id can't be blank");
    expect(await contacts()).toBe(before);
    const response = await tests.post({ contact: { is_individual: true, company_name: "Geen Persoon" } });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain("contact.contact_person_name");
  });

  it("takes a new inline contact or another contact on a concept, and follows the live contact", async () => {
    const concept = await tests.create({ contact_id: tests.contactId });
    const inline = await tests.patch(concept.id, { contact: { company_name: "Nieuw Leverancier BV" } });
    expect(inline.statusCode, inline.body).toBe(200);
    const changed = json<{ expense: Expense }>(inline).expense;
    expect(changed.contact_id).not.toBe(tests.contactId);
    expect(changed.cached_contact).toMatchObject({ name: "Nieuw Leverancier BV" });
    const back = json<{ expense: Expense }>(await tests.patch(concept.id, { contact_id: tests.contactId })).expense;
    expect(back.cached_contact).toMatchObject({ name: REFERENCE_CONTACT.company_name });
    const unknown = await tests.patch(concept.id, { contact_id: 999_999_999 });
    expect(errorOf(unknown).message).toContain("contact_id is not a contact of this company");
    const cleared = json<{ expense: Expense }>(await tests.patch(concept.id, { contact_id: null })).expense;
    expect(cleared).toMatchObject({ contact_id: null, cached_contact: null });
  });
});
