/**
 * Expense cases that compare with the reference's recorded answers: they send the reference's
 * request examples and need the reference file, so reference.test.ts runs them only when it is
 * present. The examples name ids of the reference's own database (type account, contact, VAT
 * type); ours stand in, and the answers are compared with the recorded ones field by field, ids
 * and invoice numbers aside (the reference's numbers depend on what its database held; ours on
 * what this run's company has published). Account names are ours, so the type account is
 * compared by path, reference and type.
 */
import { expect } from "vitest";
import {
  accountIdByPath,
  base,
  call,
  conform,
  created,
  type Item,
  itemsOf,
  referenceContact,
  type SuccessCases,
  vatTypeIdByName,
} from "./context.js";
import { EXPENSE, EXPENSES, MISC_COSTS } from "./expense-cases.js";
import { requestExample, responseExample } from "./reference-file.js";

let contactId: number | undefined;
/** One supplier for every expense of these cases, made when first needed. */
async function supplierContact(): Promise<number> {
  contactId ??= await referenceContact({ is_supplier: true });
  return contactId;
}

/** The reference's create example with our type account, contact and VAT type. */
async function expenseExample(): Promise<{ expense: Item }> {
  const example = requestExample("POST", EXPENSES) as { expense: Item };
  const vatHigh = await vatTypeIdByName("vat_high");
  return {
    expense: {
      ...example.expense,
      type_account_id: await accountIdByPath(MISC_COSTS),
      contact_id: await supplierContact(),
      invoice_lines: (example.expense.invoice_lines as Item[]).map((line) => ({ ...line, vat_type_id: vatHigh })),
    },
  };
}

const createExpense = async () => created(`${base}/expenses`, await expenseExample(), "expense");

/** An expense without its ids, number and our own account names, for comparing with the recorded answers. */
function comparable(expense: unknown): Item {
  const {
    id: _id,
    type_account_id: _account,
    contact_id: _contact,
    invoice_number: _number,
    type_account,
    cached_contact,
    invoice_lines,
    ...rest
  } = expense as Item;
  const { id: _typeId, parent_id: _parent, name: _name, path_name: _pathName, ...account } = type_account as Item;
  const { contact_number: _contactNumber, ...contact } = cached_contact as Item;
  const lines = (invoice_lines as Item[]).map(({ id: _line, vat_type_id: _vat, ...line }) => line);
  return { ...rest, type_account: account, cached_contact: contact, invoice_lines: lines };
}

const recorded = (method: string, path: string, status: number) =>
  comparable((responseExample(method, path, status) as Item).expense);

export const EXPENSE_RECORDED: SuccessCases = {
  [`GET ${EXPENSES}`]: async (key) => {
    await createExpense();
    const [first] = itemsOf(
      conform(key, await call("GET", `${base}/expenses?selection=all&search[from]=2024-03-01`)),
      "expenses",
    );
    expect(comparable(first)).toEqual(
      comparable((responseExample("GET", EXPENSES, 200) as { expenses: Item[] }).expenses[0]),
    );
  },
  [`POST ${EXPENSES}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/expenses`, await expenseExample()));
    expect(comparable(body.expense)).toEqual(recorded("POST", EXPENSES, 201));
  },
  [`GET ${EXPENSE}`]: async (key) => {
    const expense = await createExpense();
    const body = conform(key, await call("GET", `${base}/expenses/${expense.id}`));
    expect(comparable(body.expense)).toEqual(recorded("GET", EXPENSE, 200));
  },
  [`PATCH ${EXPENSE}`]: async (key) => {
    // The reference moves the date of an expense it shows as published; Kasboek locks a published
    // expense's date, so the case moves a concept's date and publishes it in the same request,
    // which ends in the recorded state.
    const example = await expenseExample();
    const concept = await created(`${base}/expenses`, { expense: { ...example.expense, state: "concept" } }, "expense");
    const update = requestExample("PATCH", EXPENSE) as { expense: Item };
    const body = conform(
      key,
      await call("PATCH", `${base}/expenses/${concept.id}`, { expense: { ...update.expense, state: "published" } }),
    );
    expect(comparable(body.expense)).toEqual(recorded("PATCH", EXPENSE, 200));
  },
};
