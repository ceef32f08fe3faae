/**
 * Deleting a published expense (issue 29, found by a real Rompslomp client): 204 as the reference
 * documents; its posting reversed on the date of the entry it cancels (so a filed period refuses
 * it with a 422 naming `date`), its payments kept as unbooked payments posted against unallocated
 * money, and its number never given again.
 */
import { describe, expect, it } from "vitest";
import { errorOf, json, newCompany, request, type TestCompany } from "../../../test/support/app.js";
import { MISC_COSTS, useExpenseTests } from "../../../test/support/expenses.js";

const tests = useExpenseTests();
const line = { description: "Drukwerk", price_per_unit: "100", vat_rate: "0.21" };

async function balances(own: TestCompany, date: string): Promise<Map<string, string>> {
  const response = await request(
    tests.harness.app,
    "GET",
    `/api/v1/companies/${own.companyId}/reports/trial_balance?date=${date}`,
    own.token,
  );
  expect(response.statusCode, response.body).toBe(200);
  const { accounts } = json<{ trial_balance: { accounts: Array<{ path: string; balance: string }> } }>(
    response,
  ).trial_balance;
  return new Map(accounts.map((account) => [account.path, account.balance]));
}

const remove = (own: TestCompany, id: number) =>
  request(tests.harness.app, "DELETE", tests.url(own, `/${id}`), own.token);

describe("deleting a published expense", () => {
  it("answers 204, takes its posting out of the books and keeps its payment unbooked", async () => {
    const own = await newCompany(tests.harness.deps);
    const typeAccount = await tests.accountId(MISC_COSTS, own);
    const expense = await tests.create(
      { date: "2024-03-01", type_account_id: typeAccount, state: "published", invoice_lines: [line] },
      own,
    );
    const paymentId = await tests.linkPayment(expense.id, "-121", own);
    const before = await balances(own, "2024-03-31");
    expect(before.get(MISC_COSTS)).not.toBe(undefined);

    const deleted = await remove(own, expense.id);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await request(tests.harness.app, "GET", tests.url(own, `/${expense.id}`), own.token)).statusCode).toBe(404);

    const after = await balances(own, "2024-03-31");
    // no cost and no VAT to reclaim any more; the money that left the bank is still gone
    for (const [path, balance] of after) {
      if (path === MISC_COSTS || path.includes("vat")) expect(balance, path).toBe("0.0");
    }
    expect(after.get("activa.current_assets.liquid_assets.bank")).toBe(
      before.get("activa.current_assets.liquid_assets.bank"),
    );
    const unbooked = json<{ payments: Array<{ id: number }> }>(
      await request(
        tests.harness.app,
        "GET",
        `/api/v1/companies/${own.companyId}/payments?selection=unbooked`,
        own.token,
      ),
    ).payments;
    expect(unbooked.map((payment) => payment.id)).toContain(paymentId);

    // its number is not given again
    const next = await tests.create({ date: "2024-03-01", state: "published", invoice_lines: [line] }, own);
    expect([expense.invoice_number, next.invoice_number]).toEqual(["2024030001", "2024030002"]);
  });

  it("is refused with a 422 naming date when its period's VAT return is filed", async () => {
    const own = await newCompany(tests.harness.deps);
    const expense = await tests.create({ date: "2023-12-15", state: "published", invoice_lines: [line] }, own);
    const filed = await request(
      tests.harness.app,
      "POST",
      `/api/v1/companies/${own.companyId}/vat_returns`,
      own.token,
      {
        vat_return: { period: "2023Q4" },
      },
    );
    expect(filed.statusCode, filed.body).toBe(201);
    const deleted = await remove(own, expense.id);
    expect(deleted.statusCode).toBe(422);
    expect(errorOf(deleted).message).toMatch(/date falls in a period whose VAT return is filed/);
    expect(await tests.show(expense.id, own)).toEqual(expense);
  });
});
