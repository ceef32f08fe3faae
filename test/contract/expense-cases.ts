/**
 * Contract cases for expenses, with request bodies of our own (two office chairs at 180.00,
 * 21 % VAT, booked on miscellaneous costs), so every answer is checked against the reference's
 * facts without the reference file. The comparisons with the reference's recorded answers are
 * in expense-recorded.ts.
 */
import { expect } from "vitest";
import {
  accountIdByPath,
  base,
  call,
  conform,
  created,
  type InvalidCases,
  type Item,
  itemsOf,
  ownContact,
  type SuccessCases,
  vatTypeIdByName,
} from "./context.js";

export const EXPENSES = "/api/v1/companies/{company_id}/expenses";
export const EXPENSE = `${EXPENSES}/{id}`;
export const MISC_COSTS = "profit.costs.other_costs.misc";

let contactId: number | undefined;
/** One supplier for every expense of these cases, made when first needed. */
async function supplier(): Promise<number> {
  contactId ??= await ownContact({ is_supplier: true });
  return contactId;
}

async function ownExpense(state = "published"): Promise<{ expense: Item }> {
  return {
    expense: {
      date: "2023-11-14",
      state,
      type_account_id: await accountIdByPath(MISC_COSTS),
      currency: "eur",
      contact_id: await supplier(),
      invoice_lines: [
        {
          description: "Office chairs",
          extended_description: null,
          price_per_unit: "180.0",
          vat_rate: "0.21",
          vat_type_id: await vatTypeIdByName("vat_high"),
          quantity: "2.0",
          product_id: null,
          account_id: null,
          account_path: null,
        },
      ],
    },
  };
}

const createExpense = async (state?: string) => created(`${base}/expenses`, await ownExpense(state), "expense");

export const EXPENSE_CASES: SuccessCases = {
  [`GET ${EXPENSES}`]: async (key) => {
    await createExpense();
    itemsOf(conform(key, await call("GET", `${base}/expenses?selection=all&search[from]=2023-11-01`)), "expenses");
  },
  [`POST ${EXPENSES}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/expenses`, await ownExpense()));
    expect(body.expense).toMatchObject({ date: "2023-11-14", state: "published", type_account: { path: MISC_COSTS } });
    expect((body.expense as Item).invoice_lines).toMatchObject([
      { price_without_vat: "360.0", vat_amount: "75.6", price_with_vat: "435.6" },
    ]);
  },
  [`GET ${EXPENSE}`]: async (key) => {
    const expense = await createExpense();
    conform(key, await call("GET", `${base}/expenses/${expense.id}`));
  },
  [`PATCH ${EXPENSE}`]: async (key) => {
    // a concept's date moves and it is published in the same request (a published expense's
    // date is locked)
    const concept = await createExpense("concept");
    const update = { expense: { date: "2023-11-15", state: "published" } };
    const body = conform(key, await call("PATCH", `${base}/expenses/${concept.id}`, update));
    expect(body.expense).toMatchObject(update.expense);
  },
  [`DELETE ${EXPENSE}`]: async (key) => {
    const concept = await createExpense("concept");
    conform(key, await call("DELETE", `${base}/expenses/${concept.id}`));
  },
};

export const EXPENSE_INVALID: InvalidCases = {
  // the type account is missing, as in the reference's 422
  [`POST ${EXPENSES}`]: async () => {
    const { type_account_id: _account, ...expense } = (await ownExpense()).expense;
    return call("POST", `${base}/expenses`, { expense });
  },
  // the date is blanked, as in the reference's 422
  [`PATCH ${EXPENSE}`]: async () => {
    const concept = await createExpense("concept");
    const response = await call("PATCH", `${base}/expenses/${concept.id}`, { expense: { date: null } });
    expect(JSON.parse(response.body)).toMatchObject({
      error: { message: expect.stringContaining("date can't be blank") },
    });
    return response;
  },
};
