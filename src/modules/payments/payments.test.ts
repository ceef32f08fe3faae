import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
} from "../../../test/support/app.js";
import { updatePayment } from "./store.js";

let harness: TestApp;
let company: TestCompany;
type PaymentBody = { payment: Record<string, unknown> & { id: number } };
const BANK = "activa.current_assets.liquid_assets.bank";

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-22T10:00:00Z"));
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

const url = (own: TestCompany = company, suffix = "") => `/api/v1/companies/${own.companyId}/payments${suffix}`;

async function create(own: TestCompany, fields: Record<string, unknown>) {
  const response = await request(harness.app, "POST", url(own), own.token, { payment: fields });
  expect(response.statusCode, response.body).toBe(201);
  return json<PaymentBody>(response).payment;
}

describe("payments", () => {
  it("records a payment on the bank account by path, accepting a date-time", async () => {
    const payment = await create(company, {
      amount: "19.95",
      description: "Toner",
      account_path: BANK,
      paid_at: "2024-03-01 00:00:00 +0100",
    });
    expect(payment).toEqual({
      id: expect.any(Number),
      amount: "19.95",
      description: "Toner",
      account_id: expect.any(Number),
      account_path: BANK,
      paid_at: "2024-03-01T00:00:00.000+01:00",
    });
  });

  it("accepts a bare date, a number amount and negative (outgoing) amounts; account_id wins over the path", async () => {
    const bank = await create(company, { amount: 10, account_path: BANK, paid_at: "2024-03-01" });
    const payment = await create(company, {
      amount: -250.5,
      account_id: bank.account_id,
      account_path: "activa.current_assets.liquid_assets.cash",
      paid_at: "2024-07-15",
    });
    expect(payment).toMatchObject({ amount: "-250.5", account_path: BANK, paid_at: "2024-07-15T00:00:00.000+02:00" });
  });

  it("names every problem: amount, account and date", async () => {
    const response = await request(harness.app, "POST", url(), company.token, {
      payment: { amount: "1.234", account_path: "profit.revenue", paid_at: "soon" },
    });
    expect(response.statusCode).toBe(422);
    const { message } = errorOf(response);
    for (const text of ["amount must have at most two decimals", "must be a bank or cash account", "paid_at"]) {
      expect(message).toContain(text);
    }
    const empty = await request(harness.app, "POST", url(), company.token, { payment: { description: "?" } });
    for (const attribute of ["amount", "paid_at", "account_id"]) expect(errorOf(empty).message).toContain(attribute);
    const unknown = await request(harness.app, "POST", url(), company.token, {
      payment: { amount: 1, account_path: "activa.nowhere", paid_at: "2024-01-01" },
    });
    expect(errorOf(unknown).message).toContain("account_path is not an account of this company");
  });

  it("updates only the supplied fields", async () => {
    const payment = await create(company, {
      amount: "100.0",
      description: "Ads",
      account_path: BANK,
      paid_at: "2024-03-01",
    });
    const response = await request(harness.app, "PATCH", url(company, `/${payment.id}`), company.token, {
      payment: { amount: 300 },
    });
    expect(json<PaymentBody>(response).payment).toEqual({ ...payment, amount: "300.0" });
  });

  it("lists unbooked by default, and the other selections", async () => {
    const own = await newCompany(harness.deps);
    const old = await create(own, { amount: 5, account_path: BANK, paid_at: "2025-12-31T23:30:00Z" });
    const thisYear = await create(own, { amount: 7, account_path: BANK, paid_at: "2026-02-01" });
    const twin = await create(own, { amount: 7, account_path: BANK, paid_at: "2026-02-01" });
    await updatePayment(harness.deps.db, own.companyId, old.id, { document_type: "sales_invoice", document_id: 1 });
    const ids = async (selection?: string) => {
      const query = selection === undefined ? "" : `?selection=${selection}`;
      const response = await request(harness.app, "GET", `${url(own)}${query}`, own.token);
      expect(response.statusCode).toBe(200);
      return json<{ payments: Array<{ id: number }> }>(response).payments.map((payment) => payment.id);
    };
    expect(await ids()).toEqual([twin.id, thisYear.id]);
    expect(await ids("booked")).toEqual([old.id]);
    expect(await ids("all")).toEqual([twin.id, thisYear.id, old.id]);
    expect(await ids("all_in_current_bookyear")).toEqual([twin.id, thisYear.id, old.id]);
    expect(await ids("duplicate_bank_mutations")).toEqual([twin.id, thisYear.id]);
    expect(await ids("manual")).toEqual([twin.id, thisYear.id, old.id]);
  });

  it("deletes a payment", async () => {
    const payment = await create(company, { amount: 1, account_path: BANK, paid_at: "2024-03-01" });
    expect((await request(harness.app, "DELETE", url(company, `/${payment.id}`), company.token)).statusCode).toBe(204);
    expect((await request(harness.app, "GET", url(company, `/${payment.id}`), company.token)).statusCode).toBe(404);
  });
});
