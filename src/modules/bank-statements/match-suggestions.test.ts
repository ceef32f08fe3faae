/**
 * Matching bank payments through the API (issue 29): a payment from a contact's IBAN for exactly
 * one open document's amount is booked at import, as is a payment out naming an expense's
 * supplier number; a contact learns its IBAN from a confirmed match (at import or linked by hand)
 * and the next payment from it matches by itself; everything else waits with scored suggestions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  errorOf,
  json,
  type Method,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
  tokenFor,
} from "../../../test/support/app.js";
import { type BankTransaction, mt940 } from "../../../test/support/bank-files.js";

let harness: TestApp;

const ACCOUNT = "NL69INGB0123456789";
const CUSTOMER_IBAN = "NL91ABNA0417164300";
const SUPPLIER_IBAN = "NL20INGB0001234567";
type Document = { id: number; open_amount?: string; payment_status?: string; invoice_number?: string | null };
type Payment = { id: number; amount: string };
type Suggestion = { document_type: string; document_id: number; score: number; reasons: string[]; open_amount: string };

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-26T10:00:00Z"));
});
afterAll(() => harness.close());

const api = (company: TestCompany, path: string) => `/api/v1/companies/${company.companyId}${path}`;

async function call(company: TestCompany, method: Method, path: string, body?: unknown, status = 200) {
  const response = await request(harness.app, method, api(company, path), company.token, body);
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

async function contact(company: TestCompany, name: string, fields: Record<string, unknown> = {}): Promise<number> {
  const response = await call(
    company,
    "POST",
    "/contacts",
    { contact: { company_name: name, address: "Kerkplein 7", zipcode: "5611 AA", city: "Eindhoven", ...fields } },
    201,
  );
  return json<{ contact: { id: number } }>(response).contact.id;
}

async function invoice(company: TestCompany, contactId: number, price: string): Promise<Document> {
  const response = await call(
    company,
    "POST",
    "/sales_invoices",
    {
      sales_invoice: {
        date: "2026-10-01",
        contact_id: contactId,
        invoice_lines: [{ description: "Advies", quantity: "1", price_per_unit: price, vat_rate: "0.21" }],
        _publish: true,
      },
    },
    201,
  );
  return json<{ sales_invoice: Document }>(response).sales_invoice;
}

async function expense(company: TestCompany, contactId: number, price: string): Promise<Document> {
  const accounts = json<{ accounts: Array<{ id: number; path: string }> }>(
    await call(company, "GET", "/accounts?per_page=100"),
  ).accounts;
  const costs = accounts.find((account) => account.path === "profit.costs.other_costs.misc");
  const response = await call(
    company,
    "POST",
    "/expenses",
    {
      expense: {
        date: "2026-10-02",
        type_account_id: costs?.id,
        contact_id: contactId,
        state: "published",
        invoice_lines: [{ description: "Drukwerk", price_per_unit: price, vat_rate: "0.21" }],
      },
    },
    201,
  );
  return json<{ expense: Document }>(response).expense;
}

let statementNumber = 0;
async function importTransactions(company: TestCompany, transactions: BankTransaction[]) {
  statementNumber += 1;
  const file = mt940([{ iban: ACCOUNT, from: "2026-10-01", till: "2026-10-31", opening: "0.00", transactions }]);
  const response = await call(
    company,
    "POST",
    "/bank_statements",
    { bank_statement: { attachment: Buffer.from(file).toString("base64") } },
    201,
  );
  expect(statementNumber).toBeGreaterThan(0);
  return json<{ bank_statement: { matched_count: number; new_count: number } }>(response).bank_statement;
}

const show = async (company: TestCompany, path: string, key: string) =>
  json<Record<string, Document & Record<string, unknown>>>(await call(company, "GET", path))[key];

const unbooked = async (company: TestCompany) =>
  json<{ payments: Payment[] }>(await call(company, "GET", "/payments?selection=unbooked")).payments;

const suggestionsFor = async (company: TestCompany, paymentId: number) =>
  json<{ match_suggestions: Suggestion[] }>(await call(company, "GET", `/payments/${paymentId}/match_suggestions`))
    .match_suggestions;

describe("matching a statement's payments", () => {
  it("books a payment from the contact's IBAN for exactly one open amount, and not when two fit", async () => {
    const company = await newCompany(harness.deps, "IBAN BV");
    const customer = await contact(company, "Klant BV", { iban: "nl91 abna 0417 1643 00" });
    expect((await show(company, `/contacts/${customer}`, "contact"))?.iban).toBe(CUSTOMER_IBAN);
    const paid = await invoice(company, customer, "100");
    const twinA = await invoice(company, customer, "50");
    const twinB = await invoice(company, customer, "50");
    const counts = await importTransactions(company, [
      { amount: "121.00", bookingDate: "2026-10-05", name: "KLANT B.V.", iban: CUSTOMER_IBAN, bankReference: "I1" },
      { amount: "60.50", bookingDate: "2026-10-06", name: "KLANT B.V.", iban: CUSTOMER_IBAN, bankReference: "I2" },
    ]);
    expect(counts).toMatchObject({ new_count: 2, matched_count: 1 });
    expect(await show(company, `/sales_invoices/${paid.id}`, "sales_invoice")).toMatchObject({
      payment_status: "paid",
      open_amount: "0.0",
    });
    // two open invoices of 60.50: not certain, so both are suggested, neither booked
    const [waiting, ...others] = await unbooked(company);
    expect(others).toEqual([]);
    expect(waiting?.amount).toBe("60.5");
    const suggestions = await suggestionsFor(company, waiting?.id ?? 0);
    expect(suggestions.map((suggestion) => suggestion.document_id).sort()).toEqual([twinA.id, twinB.id].sort());
    for (const suggestion of suggestions) {
      expect(suggestion).toMatchObject({ document_type: "sales_invoice", open_amount: "60.5", score: 80 });
      expect(suggestion.reasons).toEqual(["amount", "iban", "name", "date"]);
    }
  });

  it("books a payment out that names an expense's number; its supplier learns the IBAN and the next matches by it", async () => {
    const company = await newCompany(harness.deps, "Uitgaven BV");
    const supplier = await contact(company, "Drukkerij Jansen", { is_supplier: true });
    const bill = await expense(company, supplier, "200");
    const counts = await importTransactions(company, [
      {
        amount: "-242.00",
        bookingDate: "2026-10-09",
        name: "Drukkerij Jansen",
        iban: SUPPLIER_IBAN,
        remittance: `Uw boeking ${bill.invoice_number} klantnr 77`,
        bankReference: "E1",
      },
    ]);
    expect(counts).toMatchObject({ new_count: 1, matched_count: 1 });
    expect((await show(company, `/contacts/${supplier}`, "contact"))?.iban).toBe(SUPPLIER_IBAN);

    const next = await expense(company, supplier, "50");
    const again = await importTransactions(company, [
      { amount: "-60.50", bookingDate: "2026-10-19", name: "Jansen", iban: SUPPLIER_IBAN, bankReference: "E2" },
    ]);
    expect(again.matched_count).toBe(1);
    const booked = json<{ payments: Payment[] }>(await call(company, "GET", "/payments?selection=booked")).payments;
    expect(booked.map((payment) => payment.amount).sort()).toEqual(["-242.0", "-60.5"]);
    // both creditors are paid: nothing open for the supplier any more
    const payables = json<{ payables: { total: string } }>(await call(company, "GET", "/reports/payables"));
    expect(payables.payables.total).toBe("0.0");
    expect(next.id).not.toBe(bill.id);
  });

  it("learns the IBAN from a payment linked by hand, and matches the next one from it by itself", async () => {
    const company = await newCompany(harness.deps, "Leren BV");
    const customer = await contact(company, "Bakkerij De Korf");
    const first = await invoice(company, customer, "10");
    const second = await invoice(company, customer, "20");
    await importTransactions(company, [
      { amount: "12.10", bookingDate: "2026-10-05", name: "De Korf", iban: CUSTOMER_IBAN, bankReference: "L1" },
    ]);
    const [payment] = await unbooked(company);
    const [best] = await suggestionsFor(company, payment?.id ?? 0);
    expect(best).toMatchObject({ document_id: first.id, reasons: ["amount", "date"], score: 40 });

    await call(company, "PATCH", `/payments/${payment?.id}`, { payment: { sales_invoice_id: first.id } });
    expect((await show(company, `/contacts/${customer}`, "contact"))?.iban).toBe(CUSTOMER_IBAN);
    expect(await suggestionsFor(company, payment?.id ?? 0)).toEqual([]);

    const counts = await importTransactions(company, [
      { amount: "24.20", bookingDate: "2026-10-20", name: "De Korf", iban: CUSTOMER_IBAN, bankReference: "L2" },
    ]);
    expect(counts.matched_count).toBe(1);
    expect(await show(company, `/sales_invoices/${second.id}`, "sales_invoice")).toMatchObject({
      payment_status: "paid",
    });
  });

  it("suggests by reference and partial amount, best first, and only for the company's own payments", async () => {
    const company = await newCompany(harness.deps, "Suggesties BV");
    const customer = await contact(company, "Klant BV");
    const named = await invoice(company, customer, "1000");
    const other = await invoice(company, customer, "300");
    await importTransactions(company, [
      {
        amount: "500.00",
        bookingDate: "2026-10-07",
        name: "Iemand Anders",
        remittance: `Eerste termijn ${named.invoice_number}`,
        bankReference: "S1",
      },
    ]);
    const [payment] = await unbooked(company);
    const suggestions = await suggestionsFor(company, payment?.id ?? 0);
    expect(suggestions.map((suggestion) => [suggestion.document_id, suggestion.reasons, suggestion.score])).toEqual([
      [named.id, ["reference", "date"], 60],
    ]);
    expect(other.id).not.toBe(named.id);

    const stranger = await newCompany(harness.deps, "Vreemd BV");
    const refused = await request(
      harness.app,
      "GET",
      api(stranger, `/payments/${payment?.id}/match_suggestions`),
      stranger.token,
    );
    expect(refused.statusCode).toBe(404);
    const reader = await tokenFor(harness.deps, company.userId, ["read:reports"]);
    const forbidden = await request(
      harness.app,
      "GET",
      api(company, `/payments/${payment?.id}/match_suggestions`),
      reader,
    );
    expect(forbidden.statusCode).toBe(403);
  });

  it("refuses an IBAN that fails its check on a contact", async () => {
    const company = await newCompany(harness.deps, "Controle BV");
    const response = await request(harness.app, "POST", api(company, "/contacts"), company.token, {
      contact: { company_name: "Fout BV", iban: "NL91ABNA0417164301" },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({ type: "client.parameters.validation" });
    expect(errorOf(response).message).toContain("iban");
  });
});
