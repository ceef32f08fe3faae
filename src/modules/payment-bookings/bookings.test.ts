/**
 * Booking a payment straight to a cost account (`POST …/payments/{id}/book`): bank costs paid
 * from the account become a published expense without VAT whose total is the payment, with the
 * payment linked to it, in one request; the books show the cost and nothing owed. What cannot be
 * booked (a payment linked already, a statement's duplicate, money coming in, an account that is
 * no cost account of the company, a blank or too long description, a filed period) is one 422
 * naming every problem, in the reader's language, and changes nothing; a failure after the
 * expense is written leaves no expense, no posting and no number used; two bookings of one
 * payment at once book it once; the token needs manage:expenses as well.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
  tokenFor,
} from "../../../test/support/app.js";
import { mt940 } from "../../../test/support/bank-files.js";
import { companyApi } from "../../../test/support/company-api.js";
import { isPostgres } from "../../db/dialect.js";

const ACCOUNT_IBAN = "NL69INGB0123456789";
const BANK_COSTS = "profit.costs.interest_costs";

let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-26T10:00:00Z"));
});
afterAll(() => harness.close());

type Payment = { id: number; amount: string; paid_at: string };
type Expense = {
  id: number;
  date: string;
  state: string;
  invoice_number: string | null;
  type_account_id: number;
  contact_id: number | null;
  invoice_lines: Array<Record<string, unknown>>;
};
type Api = ReturnType<typeof companyApi>;

/** A company whose October statement holds bank costs, a receipt, and whatever else a test adds. */
async function setUp(name: string, extra: Array<{ amount: string; bookingDate: string; remittance: string }> = []) {
  const company = await newCompany(harness.deps, name);
  const api = companyApi(harness.app, company);
  const transactions = [
    { amount: "-12.50", bookingDate: "2026-10-25", name: "ING Bank N.V.", remittance: "Kosten betaalpakket" },
    { amount: "30.00", bookingDate: "2026-10-26", name: "Bakkerij De Korf", remittance: "Terugbetaling" },
    ...extra,
  ].map((transaction, index) => ({ ...transaction, bankReference: `BOEK-${index}` }));
  const file = mt940([{ iban: ACCOUNT_IBAN, from: "2026-07-01", till: "2026-10-31", opening: "0.00", transactions }]);
  const statement = { bank_statement: { attachment: Buffer.from(file).toString("base64") } };
  await api.make("/bank_statements", statement);
  const { payments } = await api.read<{ payments: Payment[] }>("/payments?selection=unbooked&per_page=100");
  const byAmount = (amount: string) => {
    const payment = payments.find((candidate) => candidate.amount === amount);
    if (payment === undefined) throw new Error(`no unbooked payment of ${amount}`);
    return payment;
  };
  const { accounts } = await api.read<{ accounts: Array<{ id: number; path: string }> }>("/accounts?per_page=100");
  const account = (path: string) => accounts.find((candidate) => candidate.path === path)?.id ?? -1;
  return { company, api, byAmount, account, statement };
}

const book = (company: TestCompany, payment: Payment, booking: unknown, headers?: Record<string, string>) =>
  request(
    harness.app,
    "POST",
    `/api/v1/companies/${company.companyId}/payments/${payment.id}/book`,
    company.token,
    booking,
    headers,
  );

/** Everything a refused booking must leave as it was: the payments, the expenses and the books. */
async function state(api: Api) {
  return {
    payments: await api.read("/payments?selection=all&per_page=100"),
    expenses: await api.read("/expenses?per_page=100"),
    books: await api.read("/reports/trial_balance?date=2026-12-31"),
  };
}

/** The balances of the trial balance by account path. */
async function balances(api: Api): Promise<Record<string, string>> {
  const report = await api.read<{ trial_balance: { accounts: Array<{ path: string | null; balance: string }> } }>(
    "/reports/trial_balance?date=2026-12-31",
  );
  return Object.fromEntries(report.trial_balance.accounts.map((row) => [row.path ?? "", row.balance]));
}

describe("booking a payment to a cost account", () => {
  it("makes a published expense without VAT of what was paid, the payment linked to it, in one request", async () => {
    const { company, api, byAmount, account } = await setUp("Boeken BV");
    const costs = byAmount("-12.5");
    const response = await book(company, costs, {
      booking: { account_id: account(BANK_COSTS), description: "Betaalpakket" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { expense } = json<{ expense: Expense }>(response);
    expect(expense).toMatchObject({
      date: "2026-10-25",
      state: "published",
      invoice_number: "2026100001",
      type_account_id: account(BANK_COSTS),
      contact_id: null,
    });
    expect(expense.invoice_lines).toEqual([
      expect.objectContaining({
        description: "Betaalpakket",
        quantity: "1.0",
        price_per_unit: "12.5",
        price_without_vat: "12.5",
        vat_amount: "0.0",
        price_with_vat: "12.5",
        vat_rate: "0.0",
      }),
    ]);
    expect(await api.read(`/expenses/${expense.id}`)).toEqual({ expense });

    // the payment is booked and the expense paid: out of the queue, nothing owed
    const unbooked = await api.read<{ payments: Payment[] }>("/payments?selection=unbooked");
    expect(unbooked.payments.map((payment) => payment.amount)).toEqual(["30.0"]);
    const booked = await api.read<{ payments: Payment[] }>("/payments?selection=booked");
    expect(booked.payments.map((payment) => payment.id)).toEqual([costs.id]);
    expect((await api.read<{ expenses: Expense[] }>("/expenses?selection=unpaid")).expenses).toEqual([]);

    // the books: the cost, the bank 12.50 less, no creditor and nothing unallocated left
    const books = await balances(api);
    expect(books[BANK_COSTS]).toBe("12.5");
    expect(books["passiva.current_liabilities.creditors"] ?? "0.0").toBe("0.0");
    expect(books["passiva.current_liabilities.unallocated_receipts"]).toBe("-30.0");
    const vat = await api.read<{ vat_return: Record<string, unknown> }>("/vat_returns/2026Q4");
    expect(JSON.stringify(vat.vat_return)).not.toContain("12.5");
  });

  it("books a payment typed in by hand too, dated on its day in the company's time zone", async () => {
    const { company, api, account } = await setUp("Handmatig BV");
    const typed = await api.make<{ payment: Payment }>("/payments", {
      payment: {
        amount: "-7.25",
        paid_at: "2026-10-31T23:30:00Z",
        account_path: "activa.current_assets.liquid_assets.bank",
      },
    });
    const response = await book(company, typed.payment, {
      booking: { account_id: account(BANK_COSTS), description: "Rente" },
    });
    expect(response.statusCode, response.body).toBe(201);
    // 23:30 UTC on 31 October is 00:30 on 1 November in Amsterdam
    expect(json<{ expense: Expense }>(response).expense).toMatchObject({
      date: "2026-11-01",
      invoice_number: "2026110001",
    });
  });

  it("names every problem of a booking at once, in the reader's language, and changes nothing", async () => {
    const { company, api, byAmount, account } = await setUp("Weigeren BV");
    const before = await state(api);
    const receipt = byAmount("30.0");
    const response = await book(company, receipt, {
      booking: { account_id: account("profit.revenue.other"), description: " " },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({
      type: "client.parameters.validation",
      message:
        "Payment is invalid: amount is money coming in: only money going out is booked to a cost account (link a " +
        "receipt to its sales invoice, or a refund to the supplier's credit note); account_id must be a cost " +
        "account; description can't be blank",
    });
    const dutch = await book(
      company,
      receipt,
      { booking: { account_id: null, description: "x".repeat(256) } },
      {
        "accept-language": "nl",
      },
    );
    expect(dutch.statusCode).toBe(422);
    expect(errorOf(dutch).message).toBe(
      "Betaling is ongeldig: description is te lang (hoogstens 255 tekens); amount is ontvangen geld: alleen " +
        "uitgaand geld wordt op een kostenrekening geboekt (koppel een ontvangst aan haar verkoopfactuur, of een " +
        "terugbetaling aan de creditnota van de leverancier); account_id mag niet leeg zijn",
    );
    expect(await state(api)).toEqual(before);
  });

  it("takes only a cost account of the company, and a description of at most 255 characters", async () => {
    const { company, api, byAmount, account } = await setUp("Rekeningen BV");
    const other = await setUp("Ander BV");
    const costs = byAmount("-12.5");
    const before = await state(api);
    const refusals: Array<[unknown, string]> = [
      [{ account_id: account("passiva.current_liabilities.creditors") }, "account_id must be a cost account"],
      [{ account_id: account("activa.fixed_assets.computers") }, "account_id must be a cost account"],
      [{ account_id: other.account(BANK_COSTS) }, "account_id is not an account of this company"],
      [{ account_id: 999_999_999 }, "account_id is not an account of this company"],
      [{ description: "Kosten" }, "account_id can't be blank"],
      [{ account_id: "geen" }, "account_id is not a number"],
      [{ account_id: account(BANK_COSTS), description: "x".repeat(256) }, "description is too long"],
      [{ account_id: account(BANK_COSTS), description: null }, "description can't be blank"],
    ];
    for (const [booking, said] of refusals) {
      const response = await book(company, costs, { booking: { description: "Kosten", ...(booking as object) } });
      expect(response.statusCode, JSON.stringify(booking)).toBe(422);
      expect(errorOf(response).message, JSON.stringify(booking)).toContain(said);
    }
    expect(await state(api)).toEqual(before);
    const exact = await book(company, costs, {
      booking: { account_id: account(BANK_COSTS), description: "x".repeat(255) },
    });
    expect(exact.statusCode, exact.body).toBe(201);
  });

  it("refuses a payment linked already, a statement's duplicate, and another company's payment", async () => {
    const { company, api, byAmount, account, statement } = await setUp("Gekoppeld BV");
    const other = await setUp("Ander Gekoppeld BV");
    const booking = { booking: { account_id: account(BANK_COSTS), description: "Kosten" } };
    const costs = byAmount("-12.5");
    expect((await book(company, costs, booking)).statusCode).toBe(201);
    const before = await state(api);
    const again = await book(company, costs, booking);
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).message).toBe(
      "Payment is invalid: it is linked to a document already: unlink it before booking it to an account",
    );

    // the same statement again: its transactions are duplicates, in no one's books
    await api.make("/bank_statements", statement);
    const { payments } = await api.read<{ payments: Payment[] }>("/payments?selection=duplicate_bank_mutations");
    const duplicate = payments.find((payment) => payment.amount === "-12.5");
    if (duplicate === undefined) throw new Error("the statement's costs are no duplicate");
    const copied = await book(company, duplicate, booking);
    expect(copied.statusCode).toBe(422);
    expect(errorOf(copied).message).toContain("there is nothing to book");
    expect((await api.read<{ expenses: unknown[] }>("/expenses")).expenses).toHaveLength(1);

    const foreign = await book(company, other.byAmount("-12.5"), booking);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).type).toBe("client.not_found.resource");
    expect((await api.send("POST", "/payments/999999999/book", booking)).statusCode).toBe(404);
    const after = await state(api);
    expect(after.expenses).toEqual(before.expenses);
  });

  it("refuses a payment in a period whose VAT return is filed, naming paid_at", async () => {
    const { company, api, byAmount, account } = await setUp("Ingediend BV", [
      { amount: "-4.00", bookingDate: "2026-09-30", remittance: "Kosten september" },
    ]);
    expect((await api.send("POST", "/vat_returns", { vat_return: { period: "2026Q3" } })).statusCode).toBe(201);
    const before = await state(api);
    const response = await book(company, byAmount("-4.0"), {
      booking: { account_id: account(BANK_COSTS), description: "Kosten" },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toBe(
      "Payment is invalid: paid_at falls in a period whose VAT return is filed (2026-07-01 to 2026-09-30)",
    );
    expect(await state(api)).toEqual(before);
  });

  it("needs manage:expenses as well as manage:payments", async () => {
    const { company, api, byAmount, account } = await setUp("Scopes BV");
    const token = await tokenFor(harness.deps, company.userId, ["manage:payments"]);
    const response = await request(
      harness.app,
      "POST",
      `/api/v1/companies/${company.companyId}/payments/${byAmount("-12.5").id}/book`,
      token,
      { booking: { account_id: account(BANK_COSTS), description: "Kosten" } },
    );
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).type).toBe("client.authorization.invalid_scope");
    expect((await api.read<{ expenses: unknown[] }>("/expenses")).expenses).toEqual([]);
  });

  it("books one payment once when two bookings of it arrive together", async () => {
    const { company, api, byAmount, account } = await setUp("Tegelijk BV");
    const costs = byAmount("-12.5");
    const booking = { booking: { account_id: account(BANK_COSTS), description: "Kosten" } };
    const answers = await Promise.all([book(company, costs, booking), book(company, costs, booking)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect((await api.read<{ expenses: unknown[] }>("/expenses")).expenses).toHaveLength(1);
    expect((await balances(api))[BANK_COSTS]).toBe("12.5");
  });

  it("leaves no expense, no posting and no number used when linking fails after the expense was written", async () => {
    const { company, api, byAmount, account } = await setUp("Alles of niets BV");
    const costs = byAmount("-12.5");
    const before = await state(api);
    // the payment's row refuses every change, as a failing disk or a lost connection would at that moment
    const db = harness.deps.db;
    if (isPostgres(db)) {
      await sql`create function refuse_booking_${sql.raw(String(costs.id))}() returns trigger language plpgsql as
        $$ begin raise exception 'refused by the test'; end $$`.execute(db);
      await sql`create trigger refuse_booking_${sql.raw(String(costs.id))} before update on payments for each row
        when (old.id = ${sql.lit(costs.id)}) execute function refuse_booking_${sql.raw(String(costs.id))}()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_booking_${sql.raw(String(costs.id))} before update on payments
        when old.id = ${sql.lit(costs.id)} begin select raise(abort, 'refused by the test'); end`.execute(db);
    }
    try {
      const response = await book(company, costs, {
        booking: { account_id: account(BANK_COSTS), description: "Kosten" },
      });
      expect(response.statusCode).toBe(500);
      expect(await state(api)).toEqual(before);
    } finally {
      await sql`drop trigger refuse_booking_${sql.raw(String(costs.id))}${isPostgres(db) ? sql` on payments` : sql``}`.execute(
        db,
      );
      if (isPostgres(db)) await sql`drop function refuse_booking_${sql.raw(String(costs.id))}()`.execute(db);
    }
    // the number the failed booking took is given back: the next expense of October gets it
    const response = await book(company, costs, {
      booking: { account_id: account(BANK_COSTS), description: "Kosten" },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<{ expense: Expense }>(response).expense.invoice_number).toBe("2026100001");
  });
});
