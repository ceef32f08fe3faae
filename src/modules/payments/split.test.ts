/**
 * Splitting a payment over several documents (`POST …/payments/{id}/split`): one bank transfer
 * that pays two invoices is booked on both, all in one go; the bank account's balance does not
 * move, a later import of the same statement still sees the transaction as imported, and a split
 * that does not add up, or names what cannot be paid, changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, errorOf, json, newCompany, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { mt940 } from "../../../test/support/bank-files.js";
import { companyApi } from "../../../test/support/company-api.js";

const ACCOUNT_IBAN = "NL69INGB0123456789";
const CUSTOMER_IBAN = "NL91ABNA0417164300";

let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-26T10:00:00Z"));
});
afterAll(() => harness.close());

type Payment = {
  id: number;
  amount: string;
  description: string | null;
  account_id: number;
  paid_at: string;
  bank_transaction?: Record<string, unknown>;
};
type Invoice = { id: number; open_amount: string; payment_status: string; contact_id: number };
type TrialBalance = {
  accounts: Array<{ account_id: number | null; path: string | null; balance: string }>;
  total_debit: string;
};

/** A company with a customer (no IBAN known yet) and its open invoices, and one bank transfer paying them. */
async function setUp(name: string, prices: string[], transfer: string) {
  const company = await newCompany(harness.deps, name);
  const api = companyApi(harness.app, company);
  const customer = await api.make<{ contact: { id: number } }>("/contacts", {
    contact: { company_name: "Bakkerij De Korf" },
  });
  const invoices: Invoice[] = [];
  for (const price of prices) {
    const made = await api.make<{ sales_invoice: Invoice }>("/sales_invoices", {
      sales_invoice: {
        date: "2026-10-01",
        contact_id: customer.contact.id,
        invoice_lines: [{ description: "Brood", quantity: "1", price_per_unit: price, vat_rate: "0.21" }],
        _publish: true,
      },
    });
    invoices.push(made.sales_invoice);
  }
  const file = mt940([
    {
      iban: ACCOUNT_IBAN,
      from: "2026-10-01",
      till: "2026-10-31",
      opening: "0.00",
      transactions: [
        {
          amount: transfer,
          bookingDate: "2026-10-12",
          name: "De Korf",
          iban: CUSTOMER_IBAN,
          remittance: "Twee facturen",
          bankReference: "SPLIT-1",
        },
      ],
    },
  ]);
  const statement = { bank_statement: { attachment: Buffer.from(file).toString("base64") } };
  const imported = await api.make<{ bank_statement: { new_count: number; matched_count: number } }>(
    "/bank_statements",
    statement,
  );
  expect(imported.bank_statement).toMatchObject({ new_count: 1, matched_count: 0 });
  const unbooked = await api.read<{ payments: Payment[] }>("/payments?selection=unbooked");
  const [payment] = unbooked.payments;
  if (payment === undefined) throw new Error("the transfer is not an unbooked payment");
  return { company, api, customerId: customer.contact.id, invoices, payment, statement };
}

/** The balance of the bank account the statement's payments are on (one of its own, under the bank). */
async function bankBalance(api: ReturnType<typeof companyApi>, payment: Payment): Promise<string | undefined> {
  const report = await api.read<{ trial_balance: TrialBalance }>("/reports/trial_balance?date=2026-12-31");
  const account = report.trial_balance.accounts.find((candidate) => candidate.account_id === payment.account_id);
  expect(account?.path).toMatch(/^activa\.current_assets\.liquid_assets\.bank/);
  return account?.balance;
}

const split = (api: ReturnType<typeof companyApi>, payment: Payment, parts: unknown[]) =>
  api.send("POST", `/payments/${payment.id}/split`, { split: { parts } });

/** Everything a refused split must leave as it was: the payments, the invoices and the books. */
async function state(api: ReturnType<typeof companyApi>) {
  return {
    payments: await api.read("/payments?selection=all&per_page=100"),
    invoices: await api.read("/sales_invoices?per_page=100"),
    books: await api.read("/reports/trial_balance?date=2026-12-31"),
  };
}

describe("splitting a payment over several documents", () => {
  it("books one transfer on two invoices: both paid, the bank's balance unchanged, the contact knows the IBAN", async () => {
    // 100 + 21 % = 121.00 and 50 + 21 % = 60.50: one transfer of 181.50 pays both
    const { api, customerId, invoices, payment, statement } = await setUp("Splitsen BV", ["100", "50"], "181.50");
    const [first, second] = invoices;
    const before = await bankBalance(api, payment);
    expect(before).toBe("181.5");

    const response = await split(api, payment, [
      { amount: "121.00", sales_invoice_id: first?.id },
      { amount: 60.5, sales_invoice_id: second?.id },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const parts = json<{ payments: Payment[] }>(response).payments;
    expect(parts.map((part) => part.amount)).toEqual(["121.0", "60.5"]);
    expect(parts[0]?.id).toBe(payment.id);
    // the second part is the same transaction's money: same account, moment, description and bank record
    const { id: _first, amount: _amount, ...shared } = payment;
    expect(parts[1]).toMatchObject(shared);
    expect(parts[1]?.bank_transaction).toEqual(payment.bank_transaction);

    for (const invoice of [first, second]) {
      const shown = await api.read<{ sales_invoice: Invoice }>(`/sales_invoices/${invoice?.id}`);
      expect(shown.sales_invoice).toMatchObject({ open_amount: "0.0", payment_status: "paid" });
    }
    const unbooked = await api.read<{ payments: Payment[] }>("/payments?selection=unbooked");
    expect(unbooked.payments).toEqual([]);
    const booked = await api.read<{ payments: Payment[] }>("/payments?selection=booked");
    expect(booked.payments.map((part) => part.amount).sort()).toEqual(["121.0", "60.5"]);
    expect(await bankBalance(api, payment)).toBe(before);
    const receivables = await api.read<{ receivables: { total: string } }>("/reports/receivables");
    expect(receivables.receivables.total).toBe("0.0");
    const contact = await api.read<{ contact: { iban: string | null } }>(`/contacts/${customerId}`);
    expect(contact.contact.iban).toBe(CUSTOMER_IBAN);

    // the same statement again: the transaction is known by the original, and nothing more is booked
    const again = await api.make<{ bank_statement: { new_count: number; duplicates_count: number } }>(
      "/bank_statements",
      statement,
    );
    expect(again.bank_statement).toMatchObject({ new_count: 0, duplicates_count: 1 });
    expect(await bankBalance(api, payment)).toBe(before);
  });

  it("nets an invoice against its credit note", async () => {
    const { api, customerId, invoices, payment } = await setUp("Verrekenen BV", ["100"], "96.80");
    const credit = await api.make<{ sales_invoice: Invoice }>("/sales_invoices", {
      sales_invoice: {
        date: "2026-10-05",
        contact_id: customerId,
        invoice_lines: [{ description: "Retour", quantity: "-1", price_per_unit: "20", vat_rate: "0.21" }],
        _publish: true,
      },
    });
    const response = await split(api, payment, [
      { amount: "121.00", sales_invoice_id: invoices[0]?.id },
      { amount: "-24.20", sales_invoice_id: credit.sales_invoice.id },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    for (const invoice of [invoices[0], credit.sales_invoice]) {
      const shown = await api.read<{ sales_invoice: Invoice }>(`/sales_invoices/${invoice?.id}`);
      expect(shown.sales_invoice).toMatchObject({ open_amount: "0.0", payment_status: "paid" });
    }
    expect(await bankBalance(api, payment)).toBe("96.8");
  });

  it("refuses a split that does not add up, a part of zero or going the wrong way, another company's invoice, or one invoice twice, and changes nothing", async () => {
    const { api, invoices, payment } = await setUp("Fout BV", ["100", "50"], "181.50");
    const [first, second] = invoices;
    const stranger = await newCompany(harness.deps, "Vreemd BV");
    const theirs = await companyApi(harness.app, stranger).make<{ sales_invoice: Invoice }>("/sales_invoices", {
      sales_invoice: {
        contact: { company_name: "Hun klant" },
        invoice_lines: [{ description: "X", price_per_unit: "10" }],
        _publish: true,
      },
    });
    const before = await state(api);

    const refusals: Array<[unknown[], string]> = [
      [
        [
          { amount: "121.00", sales_invoice_id: first?.id },
          { amount: "60.49", sales_invoice_id: second?.id },
        ],
        "Payment is invalid: parts must add up to the payment's amount, 181.5 (they add up to 181.49)",
      ],
      [
        [
          { amount: "181.50", sales_invoice_id: first?.id },
          { amount: "0", sales_invoice_id: second?.id },
        ],
        "Payment is invalid: parts[1].amount must not be zero",
      ],
      [
        [
          { amount: "121.00", sales_invoice_id: first?.id },
          { amount: "60.50", sales_invoice_id: theirs.sales_invoice.id },
        ],
        "Payment is invalid: parts[1].sales_invoice_id must name a published invoice",
      ],
      [
        [
          { amount: "100.00", sales_invoice_id: first?.id },
          { amount: "81.50", sales_invoice_id: first?.id },
        ],
        `Payment is invalid: parts[1].sales_invoice_id ${first?.id} is named more than once`,
      ],
      [
        [{ amount: "181.50" }, { amount: "0.001", sales_invoice_id: first?.id, expense_id: 1 }],
        "Payment is invalid: parts[0].sales_invoice_id or expense_id must name the document this part pays; " +
          "parts[1].amount must have at most two decimals; parts[1].expense_id cannot be given together with sales_invoice_id",
      ],
      [
        // adds up, but takes money off an invoice: it would be open for more than its total
        [
          { amount: "241.50", sales_invoice_id: first?.id },
          { amount: "-60.00", sales_invoice_id: second?.id },
        ],
        "Payment is invalid: parts[1].amount must be positive: money coming in settles this document",
      ],
      [[], "Payment is invalid: parts is missing or empty"],
    ];
    for (const [parts, message] of refusals) {
      const response = await split(api, payment, parts);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorOf(response)).toEqual({ type: "client.parameters.validation", message });
    }
    expect(await state(api)).toEqual(before);
  });

  it("refuses to split a payment that is linked already or a statement's duplicate, and says so in Dutch", async () => {
    const { company, api, invoices, payment, statement } = await setUp("Geboekt BV", ["100", "50"], "181.50");
    const [first, second] = invoices;
    const parts = [
      { amount: "121.00", sales_invoice_id: first?.id },
      { amount: "60.50", sales_invoice_id: second?.id },
    ];
    await api.make("/bank_statements", statement);
    const duplicates = await api.read<{ payments: Payment[] }>("/payments?selection=duplicate_bank_mutations");
    const [duplicate] = duplicates.payments;
    expect(duplicate?.id).not.toBe(payment.id);
    const copy = await split(api, duplicate as Payment, parts);
    expect(copy.statusCode).toBe(422);
    expect(errorOf(copy).message).toBe(
      "Payment is invalid: it is a copy of a bank transaction imported before, kept out of the books: there is nothing to split",
    );

    const linked = await api.send("PATCH", `/payments/${payment.id}`, { payment: { sales_invoice_id: first?.id } });
    expect(linked.statusCode, linked.body).toBe(200);
    const before = await state(api);
    const response = await harness.app.inject({
      method: "POST",
      url: `/api/v1/companies/${company.companyId}/payments/${payment.id}/split`,
      headers: {
        authorization: `Bearer ${company.token}`,
        "accept-language": "nl",
        "content-type": "application/json",
      },
      payload: { split: { parts } },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toBe(
      "Betaling is ongeldig: ze is al aan een document gekoppeld: ontkoppel haar voordat je haar splitst",
    );
    expect(await state(api)).toEqual(before);
  });

  it("answers 404 for a payment of another company", async () => {
    const { api, invoices, payment } = await setUp("Eigen BV", ["100"], "121.00");
    const other: TestCompany = await newCompany(harness.deps, "Ander BV");
    const response = await companyApi(harness.app, other).send("POST", `/payments/${payment.id}/split`, {
      split: { parts: [{ amount: "121.00", sales_invoice_id: invoices[0]?.id }] },
    });
    expect(response.statusCode).toBe(404);
    const kept = await api.read<{ payment: Payment }>(`/payments/${payment.id}`);
    expect(kept.payment.amount).toBe("121.0");
  });
});
