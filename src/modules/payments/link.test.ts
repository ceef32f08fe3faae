/**
 * Linking a payment to the document it settles through the payments endpoints (Kasboek's
 * `sales_invoice_id` / `expense_id`): what the invoice or expense then says is paid, what the
 * payments list calls booked, and what is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, errorOf, json, newCompany, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { companyApi } from "../../../test/support/company-api.js";

const BANK = "activa.current_assets.liquid_assets.bank";
const MISC_COSTS = "profit.costs.other_costs.misc";

let harness: TestApp;
let company: TestCompany;
let api: ReturnType<typeof companyApi>;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-22T10:00:00Z"));
  company = await newCompany(harness.deps);
  api = companyApi(harness.app, company);
});
afterAll(() => harness.close());

type Payment = { id: number; amount: string };
type Invoice = { id: number; open_amount: string; payment_status: string };

async function unbookedPayment(amount: string, description = "Bijschrijving"): Promise<Payment> {
  const made = await api.make<{ payment: Payment }>("/payments", {
    payment: { amount, description, account_path: BANK, paid_at: "2026-11-20" },
  });
  return made.payment;
}

async function invoice(publish: boolean): Promise<Invoice> {
  const contactId = await api.customer();
  const made = await api.make<{ sales_invoice: Invoice }>("/sales_invoices", {
    sales_invoice: {
      contact_id: contactId,
      date: "2026-11-01",
      invoice_lines: [{ description: "Advies", quantity: "2", price_per_unit: "50" }],
      ...(publish ? { _publish: true } : {}),
    },
  });
  return made.sales_invoice;
}

async function unbookedIds(): Promise<number[]> {
  const list = await api.read<{ payments: Payment[] }>("/payments?selection=unbooked&per_page=100");
  return list.payments.map((payment) => payment.id);
}

const link = (payment: Payment, fields: Record<string, unknown>) =>
  api.send("PATCH", `/payments/${payment.id}`, { payment: fields });

describe("linking a payment to a document", () => {
  it("settles a published invoice: its open amount and payment status change, the payment is booked", async () => {
    const published = await invoice(true);
    expect(published).toMatchObject({ open_amount: "121.0", payment_status: "unpaid" });
    const payment = await unbookedPayment("121.00");
    expect(await unbookedIds()).toContain(payment.id);

    const response = await link(payment, { sales_invoice_id: published.id });
    expect(response.statusCode, response.body).toBe(200);
    // the answer keeps the reference's shape: the link is write only
    expect(Object.keys(json<{ payment: object }>(response).payment)).toEqual([
      "id",
      "amount",
      "description",
      "account_id",
      "account_path",
      "paid_at",
    ]);
    const shown = await api.read<{ sales_invoice: Invoice }>(`/sales_invoices/${published.id}`);
    expect(shown.sales_invoice).toMatchObject({ open_amount: "0.0", payment_status: "paid" });
    expect(await unbookedIds()).not.toContain(payment.id);
    const booked = await api.read<{ payments: Payment[] }>("/payments?selection=booked&per_page=100");
    expect(booked.payments.map((item) => item.id)).toContain(payment.id);
  });

  it("unlinks with null: the invoice is owed again and the payment unbooked", async () => {
    const published = await invoice(true);
    const payment = await unbookedPayment("50.00");
    expect((await link(payment, { sales_invoice_id: published.id })).statusCode).toBe(200);
    const partly = await api.read<{ sales_invoice: Invoice }>(`/sales_invoices/${published.id}`);
    expect(partly.sales_invoice).toMatchObject({ open_amount: "71.0", payment_status: "unpaid" });

    expect((await link(payment, { sales_invoice_id: null })).statusCode).toBe(200);
    const owed = await api.read<{ sales_invoice: Invoice }>(`/sales_invoices/${published.id}`);
    expect(owed.sales_invoice.open_amount).toBe("121.0");
    expect(await unbookedIds()).toContain(payment.id);
  });

  it("settles a published expense, which then leaves the unpaid selection", async () => {
    const accounts = await api.read<{ accounts: Array<{ id: number; path: string }> }>("/accounts?per_page=100");
    const costs = accounts.accounts.find((account) => account.path === MISC_COSTS)?.id;
    const made = await api.make<{ expense: { id: number } }>("/expenses", {
      expense: {
        type_account_id: costs,
        date: "2026-11-02",
        state: "published",
        invoice_lines: [{ description: "Toner", price_per_unit: "30" }],
      },
    });
    const unpaid = async () =>
      (await api.read<{ expenses: Array<{ id: number }> }>("/expenses?selection=unpaid&per_page=100")).expenses.map(
        (expense) => expense.id,
      );
    expect(await unpaid()).toContain(made.expense.id);
    const expense = await api.read<{ expense: { invoice_lines: Array<{ price_with_vat: string }> } }>(
      `/expenses/${made.expense.id}`,
    );
    const total = expense.expense.invoice_lines[0]?.price_with_vat ?? "";
    const payment = await unbookedPayment(`-${total}`, "Toner");
    const response = await link(payment, { expense_id: made.expense.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(await unpaid()).not.toContain(made.expense.id);
    expect(await unbookedIds()).not.toContain(payment.id);
  });

  it("can be given when the payment is made", async () => {
    const published = await invoice(true);
    const made = await api.make<{ payment: Payment }>("/payments", {
      payment: { amount: "21.00", account_path: BANK, paid_at: "2026-11-21", sales_invoice_id: published.id },
    });
    expect(await unbookedIds()).not.toContain(made.payment.id);
    const shown = await api.read<{ sales_invoice: Invoice }>(`/sales_invoices/${published.id}`);
    expect(shown.sales_invoice.open_amount).toBe("100.0");
  });

  it("refuses a concept, another company's invoice, an unknown expense and both at once, and changes nothing", async () => {
    const concept = await invoice(false);
    const payment = await unbookedPayment("10.00");
    const refused = await link(payment, { sales_invoice_id: concept.id, amount: "12.00" });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe("Payment is invalid: sales_invoice_id must name a published invoice");

    const other = await newCompany(harness.deps);
    const theirs = await companyApi(harness.app, other).make<{ sales_invoice: Invoice }>("/sales_invoices", {
      sales_invoice: {
        contact: { company_name: "Hun klant" },
        invoice_lines: [{ description: "X", price_per_unit: "10" }],
        _publish: true,
      },
    });
    const foreign = await link(payment, { sales_invoice_id: theirs.sales_invoice.id });
    expect(errorOf(foreign).message).toContain("sales_invoice_id must name a published invoice");

    const unknown = await link(payment, { expense_id: 999_999_999 });
    expect(errorOf(unknown).message).toContain("expense_id must name a published expense");

    const both = await link(payment, { sales_invoice_id: concept.id, expense_id: 1 });
    expect(errorOf(both).message).toContain("expense_id cannot be given together with sales_invoice_id");

    const kept = await api.read<{ payment: Payment }>(`/payments/${payment.id}`);
    expect(kept.payment.amount).toBe("10.0");
    expect(await unbookedIds()).toContain(payment.id);
  });

  it("says the problems in Dutch when asked", async () => {
    const concept = await invoice(false);
    const payment = await unbookedPayment("10.00");
    const response = await harness.app.inject({
      method: "PATCH",
      url: `/api/v1/companies/${company.companyId}/payments/${payment.id}`,
      headers: {
        authorization: `Bearer ${company.token}`,
        "accept-language": "nl",
        "content-type": "application/json",
      },
      payload: { payment: { sales_invoice_id: concept.id } },
    });
    expect(errorOf(response).message).toContain("sales_invoice_id moet naar een gepubliceerde factuur verwijzen");
  });
});
