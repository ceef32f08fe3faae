/**
 * Importing bank statements through the API (issue 29): every transaction a payment with its
 * `bank_transaction`, a payment quoting an invoice's RF reference or number for exactly its open
 * amount linked at once (the invoice paid), the same file twice giving the same books, the bank
 * account's ledger balance agreeing with the statements over a quarter. What is refused is in
 * refusals.test.ts, which account a statement books on in accounts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { type BankStatement, camt053, mt940 } from "../../../test/support/bank-files.js";
import { bankStatementCalls, OWN_IBAN, STATEMENT_ACCOUNT } from "../../../test/support/bank-statements.js";

let harness: TestApp;

type Invoice = {
  id: number;
  invoice_number: string;
  open_amount: string;
  payment_status: string;
  payment_reference_rf: string;
};
type Statement = Record<string, unknown> & { id: number };

const ACCOUNT = STATEMENT_ACCOUNT;
const CUSTOMER = OWN_IBAN;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-26T10:00:00Z"));
});
afterAll(() => harness.close());

const { api, importFile, payments } = bankStatementCalls(() => harness);

async function publishedInvoice(company: TestCompany, price: string): Promise<Invoice> {
  const contact = await request(harness.app, "POST", api(company, "/contacts"), company.token, {
    contact: {
      company_name: "Klant BV",
      address: "Kerkplein 7",
      zipcode: "5611 AA",
      city: "Eindhoven",
      country_code: "NL",
    },
  });
  const response = await request(harness.app, "POST", api(company, "/sales_invoices"), company.token, {
    sales_invoice: {
      date: "2026-10-01",
      contact_id: json<{ contact: { id: number } }>(contact).contact.id,
      invoice_lines: [{ description: "Advies", quantity: "1", price_per_unit: price, vat_rate: "0.21" }],
      _publish: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ sales_invoice: Invoice }>(response).sales_invoice;
}

async function trialBalance(company: TestCompany): Promise<string> {
  const response = await request(
    harness.app,
    "GET",
    api(company, "/reports/trial_balance?date=2026-12-31"),
    company.token,
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).toContain("activa.current_assets.liquid_assets.bank");
  return response.body;
}

describe("importing a bank statement", () => {
  it("books every transaction as a payment and links the one that certainly pays an invoice", async () => {
    const company = await newCompany(harness.deps, "Afschrift BV");
    const invoice = await publishedInvoice(company, "500");
    const other = await publishedInvoice(company, "100");
    expect(invoice.open_amount).toBe("605.0");
    const statement: BankStatement = {
      iban: ACCOUNT,
      from: "2026-10-01",
      till: "2026-10-31",
      opening: "0.00",
      transactions: [
        {
          amount: "605.00",
          bookingDate: "2026-10-05",
          name: "Klant BV",
          iban: CUSTOMER,
          reference: invoice.payment_reference_rf,
          bankReference: "R1",
        },
        {
          amount: "100.00",
          bookingDate: "2026-10-06",
          name: "Klant BV",
          iban: CUSTOMER,
          remittance: `Factuur ${other.invoice_number}`,
          bankReference: "R2",
        },
        {
          amount: "-45.10",
          bookingDate: "2026-10-07",
          name: "Drukkerij",
          remittance: "Visitekaartjes",
          bankReference: "R3",
        },
      ],
    };
    const response = await importFile(company, camt053([statement]));
    expect(response.statusCode, response.body).toBe(201);
    const imported = json<{ bank_statement: Statement }>(response).bank_statement;
    expect(imported).toEqual({
      id: imported.id,
      format: "camt.053",
      iban: ACCOUNT,
      currency: "EUR",
      from: "2026-10-01",
      till: "2026-10-31",
      opening_balance: "0.0",
      closing_balance: "659.9",
      transactions_count: 3,
      new_count: 3,
      duplicates_count: 0,
      matched_count: 1,
      ledger_difference: "0.0",
      account_id: imported.account_id,
      attachment_file_name: "afschrift.xml",
    });

    const paid = json<{ sales_invoice: Invoice }>(
      await request(harness.app, "GET", api(company, `/sales_invoices/${invoice.id}`), company.token),
    ).sales_invoice;
    expect(paid).toMatchObject({ open_amount: "0.0", payment_status: "paid" });
    // the other invoice is named, but the amount is not its open amount (121.0): the owner links it
    const unbooked = await payments(company, "unbooked");
    expect(unbooked.map((payment) => payment.amount).sort()).toEqual(["-45.1", "100.0"]);
    expect(unbooked.find((payment) => payment.amount === "100.0")).toMatchObject({
      description: `Factuur ${other.invoice_number}`,
      bank_transaction: {
        statement_id: imported.id,
        booking_date: "2026-10-06",
        value_date: "2026-10-06",
        counterparty_name: "Klant BV",
        counterparty_iban: CUSTOMER,
        end_to_end_id: null,
        reference: null,
        remittance: `Factuur ${other.invoice_number}`,
      },
    });

    const shown = await request(harness.app, "GET", api(company, `/bank_statements/${imported.id}`), company.token);
    expect(json<{ bank_statement: Statement }>(shown).bank_statement).toEqual(imported);
    const listed = await request(harness.app, "GET", api(company, "/bank_statements"), company.token);
    expect(listed.headers["x-total"]).toBe("1");
  });

  it("gives the same books when the same file comes twice, listing the copies as duplicates", async () => {
    const company = await newCompany(harness.deps, "Dubbel BV");
    const statement: BankStatement = {
      iban: ACCOUNT,
      from: "2026-10-01",
      till: "2026-10-31",
      opening: "0.00",
      // two real coffees of the same price on the same day, without a bank reference: both count
      transactions: [
        { amount: "-3.50", bookingDate: "2026-10-02", name: "Koffiebar", remittance: "Koffie" },
        { amount: "-3.50", bookingDate: "2026-10-02", name: "Koffiebar", remittance: "Koffie" },
        { amount: "250.00", bookingDate: "2026-10-03", name: "Klant", remittance: "Voorschot", bankReference: "X1" },
      ],
    };
    const file = mt940([statement]);
    expect((await importFile(company, file, "oktober.sta")).statusCode).toBe(201);
    const books = await trialBalance(company);
    const again = json<{ bank_statement: Statement }>(await importFile(company, file, "oktober.sta")).bank_statement;
    expect(again).toMatchObject({
      format: "mt940",
      new_count: 0,
      duplicates_count: 3,
      matched_count: 0,
      ledger_difference: "0.0",
    });
    expect(await trialBalance(company)).toBe(books);
    expect((await payments(company, "unbooked")).map((payment) => payment.amount).sort()).toEqual([
      "-3.5",
      "-3.5",
      "250.0",
    ]);
    expect(await payments(company, "duplicate_bank_mutations")).toHaveLength(3);
  });

  it("books a file sent twice at once only once", async () => {
    const company = await newCompany(harness.deps, "Tegelijk BV");
    const file = camt053([
      {
        iban: ACCOUNT,
        from: "2026-10-01",
        till: "2026-10-31",
        opening: "0.00",
        transactions: Array.from({ length: 20 }, (_, index) => ({
          amount: `${index + 1}.00`,
          bookingDate: "2026-10-02",
          bankReference: `T${index}`,
        })),
      },
    ]);
    const answers = await Promise.all([importFile(company, file), importFile(company, file)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const counts = answers
      .map((answer) => json<{ bank_statement: Statement }>(answer).bank_statement)
      .map((statement) => [statement.new_count, statement.duplicates_count])
      .sort();
    expect(counts).toEqual([
      [0, 20],
      [20, 0],
    ]);
    expect(await payments(company, "unbooked")).toHaveLength(20);
  });

  it("keeps the bank account's balance in the books equal to the statements over a quarter", async () => {
    const company = await newCompany(harness.deps, "Kwartaal BV");
    let opening = "0.00";
    for (const [month, days] of [
      ["10", 31],
      ["11", 30],
      ["12", 31],
    ] as const) {
      const statement: BankStatement = {
        iban: ACCOUNT,
        from: `2026-${month}-01`,
        till: `2026-${month}-${days}`,
        opening,
        transactions: [
          {
            amount: "1210.00",
            bookingDate: `2026-${month}-10`,
            name: "Klant",
            remittance: `Omzet ${month}`,
            bankReference: `IN${month}`,
          },
          {
            amount: "-300.25",
            bookingDate: `2026-${month}-20`,
            name: "Huur",
            remittance: `Huur ${month}`,
            bankReference: `OUT${month}`,
          },
        ],
      };
      const imported = json<{ bank_statement: Statement }>(
        await importFile(company, camt053([statement], { bank: "rabobank" })),
      );
      expect(imported.bank_statement).toMatchObject({ ledger_difference: "0.0" });
      opening = String(imported.bank_statement.closing_balance);
    }
    expect(opening).toBe("2729.25");
    // a statement whose earlier month was never imported shows what the books lack
    const gap = json<{ bank_statement: Statement }>(
      await importFile(
        company,
        camt053([{ iban: ACCOUNT, from: "2027-02-01", till: "2027-02-28", opening: "3000.00", transactions: [] }]),
      ),
    );
    expect(gap.bank_statement).toMatchObject({ ledger_difference: "270.75" });
  });
});
