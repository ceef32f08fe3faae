/**
 * Listing expenses: newest first, paging headers, `search[from]`/`search[till]`, and the
 * reference's selections as Kasboek defines them (see `selectionFilter` in service.ts). Payments
 * are signed: paying a supplier is a negative payment, a refund from one a positive payment.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { errorOf, json, newCompany, request, type TestCompany } from "../../../test/support/app.js";
import { COMPUTERS, type Expense, LOANS, useExpenseTests } from "../../../test/support/expenses.js";

const tests = useExpenseTests();
let own: TestCompany;
const ids: Record<string, number> = {};

/** 10.00 + 21 % VAT = 12.10 per line; a negative price makes a credit note of -12.10 */
const lines = (price = "10") => [{ description: "Receipt", price_per_unit: price }];

async function list(query = "") {
  return request(tests.harness.app, "GET", tests.url(own, query), own.token);
}

async function listed(query = ""): Promise<string[]> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  return json<{ expenses: Expense[] }>(response).expenses.map((expense) => byId.get(expense.id) ?? "?");
}

beforeAll(async () => {
  own = await newCompany(tests.harness.deps);
  const make = async (name: string, date: string, fields: Record<string, unknown>) => {
    ids[name] = (await tests.create({ date, ...fields }, own)).id;
  };
  const published = { state: "published" };
  await make("unpaid", "2024-01-10", { ...published, invoice_lines: lines() });
  await make("paid", "2024-01-20", { ...published, invoice_lines: lines() });
  await tests.linkPayment(ids.paid ?? 0, "-12.10", own);
  await make("overpaid", "2024-02-01", { ...published, invoice_lines: lines() });
  await tests.linkPayment(ids.overpaid ?? 0, "-20", own);
  await make("partly", "2024-02-05", { ...published, invoice_lines: lines() });
  await tests.linkPayment(ids.partly ?? 0, "-2.10", own);
  await make("credit", "2024-02-10", { ...published, invoice_lines: lines("-10") });
  await make("refunded", "2024-02-10", { ...published, invoice_lines: lines("-10") });
  await tests.linkPayment(ids.refunded ?? 0, "12.10", own);
  await make("concept", "2024-03-01", { invoice_lines: lines() });
  await make("laptop", "2024-03-02", {
    ...published,
    type_account_id: await tests.accountId(COMPUTERS, own),
    invoice_lines: lines("1000"),
  });
  await make("desk", "2024-03-02", { type_account_id: await tests.accountId(COMPUTERS, own) });
  await make("loan", "2024-03-03", { type_account_id: await tests.accountId(LOANS, own) });
});

describe("the list of expenses", () => {
  it("lists every expense newest first (date, then id) with paging headers", async () => {
    const response = await list("?per_page=3&page=2");
    expect(response.headers).toMatchObject({ "x-page": "2", "x-per-page": "3", "x-total": "10" });
    expect(await listed()).toEqual([
      "loan",
      "desk",
      "laptop",
      "concept",
      "refunded",
      "credit",
      "partly",
      "overpaid",
      "paid",
      "unpaid",
    ]);
    expect(await listed("?per_page=3&page=2")).toEqual(["concept", "refunded", "credit"]);
    expect(await listed("?selection=all")).toHaveLength(10);
  });

  it("filters by date with search[from] and search[till], both inclusive", async () => {
    expect(await listed("?search[from]=2024-02-10&search[till]=2024-03-01")).toEqual(["concept", "refunded", "credit"]);
    expect(await listed("?search%5Btill%5D=2024-01-20")).toEqual(["paid", "unpaid"]);
  });

  it("selects unpaid: published expenses with something still owed, a refund still due included", async () => {
    expect(await listed("?selection=unpaid")).toEqual(["laptop", "credit", "partly", "unpaid"]);
  });

  it("selects overpaid: published expenses on which more was paid than owed", async () => {
    expect(await listed("?selection=overpaid")).toEqual(["overpaid"]);
  });

  it("selects investments: expenses booked on an asset account", async () => {
    expect(await listed("?selection=investments")).toEqual(["desk", "laptop"]);
    expect(await listed("?selection=investments&search[from]=2024-03-03")).toEqual([]);
  });

  it("selects credit_invoices: expenses with a negative total", async () => {
    expect(await listed("?selection=credit_invoices")).toEqual(["refunded", "credit"]);
  });

  it("refuses an unknown selection and a malformed date", async () => {
    for (const query of ["?selection=published", "?search[from]=02-03-2024", "?per_page=101"]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
    }
  });

  it("shows only the company's own expenses", async () => {
    const other = await newCompany(tests.harness.deps);
    const response = await request(tests.harness.app, "GET", tests.url(other), other.token);
    expect(json<{ expenses: Expense[] }>(response).expenses).toEqual([]);
    expect(response.headers["x-total"]).toBe("0");
  });
});
