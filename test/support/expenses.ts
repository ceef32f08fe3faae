/**
 * What the expense tests share: an app whose clock stands at 2024-03-02, a company with the
 * reference's contact, account and VAT type ids by path and name, create/patch/show shorthands,
 * and a way to link a payment to an expense (no endpoint does that yet). The returned object is
 * filled in by `beforeAll`, so read its fields inside tests only. Test code only.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "./app.js";

export type ExpenseLine = Record<string, unknown> & { id: number };
export type Expense = Record<string, unknown> & { id: number; invoice_lines: ExpenseLine[] };

export const MISC_COSTS = "profit.costs.other_costs.misc";
export const COMPUTERS = "activa.fixed_assets.computers";
export const LOANS = "passiva.long_term_liabilities.loans";
export const REVENUE = "profit.revenue.other";
export const BANK = "activa.current_assets.liquid_assets.bank";

export const REFERENCE_CONTACT = {
  company_name: "Rompslomp.nl BV",
  contact_person_name: "Rob S. Lomp",
  address: "Grebbeberglaan 15",
  zipcode: "3527 VX",
  city: "Utrecht",
  country_code: "NL",
  contact_person_email_address: "rob@example.org",
};

export interface ExpenseTests {
  harness: TestApp;
  company: TestCompany;
  contactId: number;
  /** the id of one of `company`'s accounts by path */
  accountId: (path: string, own?: TestCompany) => Promise<number>;
  vatTypeId: (name: string) => number;
  url: (own?: TestCompany, suffix?: string) => string;
  create: (fields: Record<string, unknown>, own?: TestCompany) => Promise<Expense>;
  post: (fields: unknown, own?: TestCompany) => ReturnType<typeof request>;
  patch: (id: number, fields: unknown, own?: TestCompany) => ReturnType<typeof request>;
  show: (id: number, own?: TestCompany) => Promise<Expense>;
  newContact: (fields: Record<string, unknown>, own?: TestCompany) => Promise<number>;
  /** links a new payment of `amount` (signed; negative = paid out) to the expense */
  linkPayment: (expenseId: number, amount: string, own?: TestCompany) => Promise<number>;
}

export function useExpenseTests(): ExpenseTests {
  const tests = {} as ExpenseTests;
  let vatTypes: Array<{ id: number; name: string }> = [];
  const accounts = new Map<number, Array<{ id: number; path: string }>>();

  tests.url = (own = tests.company, suffix = "") => `/api/v1/companies/${own.companyId}/expenses${suffix}`;
  tests.newContact = async (fields, own = tests.company) => {
    const response = await request(
      tests.harness.app,
      "POST",
      `/api/v1/companies/${own.companyId}/contacts`,
      own.token,
      { contact: fields },
    );
    expect(response.statusCode, response.body).toBe(201);
    return json<{ contact: { id: number } }>(response).contact.id;
  };
  tests.accountId = async (path, own = tests.company) => {
    let list = accounts.get(own.companyId);
    if (list === undefined) {
      const response = await request(
        tests.harness.app,
        "GET",
        `/api/v1/companies/${own.companyId}/accounts?per_page=100`,
        own.token,
      );
      list = json<{ accounts: Array<{ id: number; path: string }> }>(response).accounts;
      accounts.set(own.companyId, list);
    }
    const account = list.find((candidate) => candidate.path === path);
    if (account === undefined) throw new Error(`no account ${path}`);
    return account.id;
  };
  tests.vatTypeId = (name) => vatTypes.find((type) => type.name === name)?.id ?? -1;
  tests.post = (fields, own = tests.company) =>
    request(tests.harness.app, "POST", tests.url(own), own.token, { expense: fields });
  tests.create = async (fields, own = tests.company) => {
    const withAccount = { type_account_id: await tests.accountId(MISC_COSTS, own), ...fields };
    const response = await tests.post(withAccount, own);
    expect(response.statusCode, response.body).toBe(201);
    return json<{ expense: Expense }>(response).expense;
  };
  tests.patch = (id, fields, own = tests.company) =>
    request(tests.harness.app, "PATCH", tests.url(own, `/${id}`), own.token, { expense: fields });
  tests.show = async (id, own = tests.company) => {
    const response = await request(tests.harness.app, "GET", tests.url(own, `/${id}`), own.token);
    expect(response.statusCode, response.body).toBe(200);
    return json<{ expense: Expense }>(response).expense;
  };
  tests.linkPayment = async (expenseId, amount, own = tests.company) => {
    const response = await request(
      tests.harness.app,
      "POST",
      `/api/v1/companies/${own.companyId}/payments`,
      own.token,
      { payment: { amount, account_path: BANK, paid_at: "2024-03-02" } },
    );
    expect(response.statusCode, response.body).toBe(201);
    const paymentId = json<{ payment: { id: number } }>(response).payment.id;
    await sql`update payments set document_type = 'expense', document_id = ${expenseId} where id = ${paymentId}`.execute(
      tests.harness.deps.db,
    );
    return paymentId;
  };

  beforeAll(async () => {
    tests.harness = await buildTestApp(() => new Date("2024-03-02T10:00:00Z"));
    tests.company = await newCompany(tests.harness.deps);
    tests.contactId = await tests.newContact(REFERENCE_CONTACT);
    vatTypes = json<{ vat_types: Array<{ id: number; name: string }> }>(
      await request(
        tests.harness.app,
        "GET",
        `/api/v1/companies/${tests.company.companyId}/vat_types?selection=all`,
        tests.company.token,
      ),
    ).vat_types;
  });
  afterAll(() => tests.harness.close());
  return tests;
}
