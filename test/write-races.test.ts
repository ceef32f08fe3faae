/**
 * Writes that race on one row, as two clients of one company send them at the same moment (found
 * by an outside concurrency run on PostgreSQL, where transactions run side by side; SQLite runs
 * one writer at a time and must answer the same). Each race runs for a few rounds; every answer
 * must be one the API gives when the two requests come one after the other — never a 500 — and
 * the books must say what those answers say.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "./support/app.js";
import { mt940 } from "./support/bank-files.js";

/** rounds of each race; a race that is lost only now and then is run for more */
const ROUNDS = 6;
const MORE_ROUNDS = 20;
const BANK = "activa.current_assets.liquid_assets.bank";
let harness: TestApp;
let company: TestCompany;

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps, "Race BV");
});
afterAll(async () => {
  await harness.close();
});

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
  request(harness.app, method, `/api/v1/companies/${company.companyId}${path}`, company.token, body);

async function created<Body>(path: string, body: unknown): Promise<Body> {
  const response = await call("POST", path, body);
  expect(response.statusCode, response.body).toBe(201);
  return json<Body>(response);
}

/** The balance of `path` in the trial balance (debit positive), in cents. */
async function balanceCents(path: string): Promise<number> {
  const response = await call("GET", "/reports/trial_balance?date=2099-12-31");
  expect(response.statusCode, response.body).toBe(200);
  const { accounts } = json<{ trial_balance: { accounts: Array<{ path: string; debit: string; credit: string }> } }>(
    response,
  ).trial_balance;
  const account = accounts.find((candidate) => candidate.path === path);
  return account === undefined ? 0 : Math.round((Number(account.debit) - Number(account.credit)) * 100);
}

async function publishedInvoice(): Promise<{ id: number; payment_reference_rf: string }> {
  const contact = await created<{ contact: { id: number } }>("/contacts", { contact: { company_name: "Klant BV" } });
  const { sales_invoice } = await created<{ sales_invoice: { id: number; payment_reference_rf: string } }>(
    "/sales_invoices",
    { sales_invoice: { contact_id: contact.contact.id, _publish: true, invoice_lines: [{ price_per_unit: "100" }] } },
  );
  return sales_invoice;
}

/** A statement of the account NL69INGB0123456789 with one credit of `amount` quoting `paymentReference`. */
function statementFile(amount: string, paymentReference: string, bankReference: string): string {
  return mt940([
    {
      iban: "NL69INGB0123456789",
      from: "2031-05-01",
      till: "2031-05-31",
      opening: "0.00",
      transactions: [
        { amount, bookingDate: "2031-05-05", name: "Klant BV", reference: paymentReference, bankReference },
      ],
    },
  ]);
}

const importFile = (file: string) =>
  call("POST", "/bank_statements", {
    bank_statement: { attachment: Buffer.from(file).toString("base64"), attachment_file_name: "afschrift.sta" },
  });

describe("bank statement imports at the same moment", () => {
  it("book an invoice that two statements pay in full once, and leave the other payment unbooked", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const invoice = await publishedInvoice();
      const answers = await Promise.all(
        ["a", "b"].map((side) => importFile(statementFile("121.00", invoice.payment_reference_rf, `R${round}${side}`))),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
      const matched = answers.map((answer) => json<{ bank_statement: { matched_count: number } }>(answer));
      expect(matched.map((statement) => statement.bank_statement.matched_count).sort()).toEqual([0, 1]);
      const shown = json<{ sales_invoice: { open_amount: string; payment_status: string } }>(
        await call("GET", `/sales_invoices/${invoice.id}`),
      ).sales_invoice;
      expect(shown).toMatchObject({ open_amount: "0.0", payment_status: "paid" });
    }
  });

  it("of overlapping statements all succeed, each transaction stored once and its copies marked", async () => {
    const transactions = ["1.00", "2.00", "3.00"].map((amount, index) => ({
      amount,
      bookingDate: `2032-02-0${index + 1}`,
      name: "Klant BV",
      bankReference: `OVERLAP-${index}`,
    }));
    const files = [
      [0, 1],
      [1, 2],
      [2, 0],
    ].map((pair) =>
      mt940([
        {
          iban: "NL69INGB0123456789",
          from: "2032-02-01",
          till: "2032-02-03",
          opening: "0.00",
          transactions: pair.flatMap((index) => transactions.slice(index, index + 1)),
        },
      ]),
    );
    const answers = await Promise.all(files.map(importFile));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const counts = answers.map((answer) => json<{ bank_statement: { new_count: number } }>(answer));
    expect(counts.reduce((sum, statement) => sum + statement.bank_statement.new_count, 0)).toBe(3);
  });
});

describe("a payment linked to an expense that is deleted at the same moment", () => {
  it("is refused or unlinked, so creditors hold nothing for the deleted expense", async () => {
    const { rows } = await sql<{ id: number }>`select id from accounts
      where company_id = ${company.companyId} and path = 'profit.costs.other_costs.misc'`.execute(harness.deps.db);
    const costAccount = Number(rows[0]?.id);
    for (let round = 0; round < ROUNDS; round++) {
      const { expense } = await created<{ expense: { id: number } }>("/expenses", {
        expense: {
          type_account_id: costAccount,
          state: "published",
          date: "2031-03-20",
          invoice_lines: [{ description: "Papier", price_per_unit: "10" }],
        },
      });
      const [paid, deleted] = await Promise.all([
        call("POST", "/payments", {
          payment: { amount: "-12.1", account_path: BANK, paid_at: "2031-03-21", expense_id: expense.id },
        }),
        call("DELETE", `/expenses/${expense.id}`),
      ]);
      expect([201, 422], paid.body).toContain(paid.statusCode);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await balanceCents("passiva.current_liabilities.creditors")).toBe(0);
    }
  });
});

describe("PATCH of a row that is deleted at the same moment", () => {
  const cases: Array<{ resource: string; path: string; body: () => Promise<unknown>; patch: unknown }> = [
    {
      resource: "contact",
      path: "/contacts",
      body: async () => ({ contact: { company_name: "Weg BV" } }),
      patch: { contact: { city: "Utrecht" } },
    },
    {
      resource: "product",
      path: "/products",
      body: async () => ({ product: { invoice_line: { description: "Uur", price_per_unit: "10" } } }),
      patch: { product: { invoice_line: { description: "Halve dag" } } },
    },
    {
      resource: "hour",
      path: "/hours",
      body: async () => ({ hour: { started_at: "2031-03-01T09:00:00Z", description: "Werk" } }),
      patch: { hour: { description: "Meer werk" } },
    },
    {
      resource: "ride",
      path: "/rides",
      body: async () => ({ ride: { km_end: 5, date: "2031-01-01" } }),
      patch: { ride: { km_end: 7 } },
    },
    {
      resource: "payment",
      path: "/payments",
      body: async () => ({ payment: { amount: "50", account_path: BANK, paid_at: "2031-04-02" } }),
      patch: { payment: { amount: "40" } },
    },
  ];
  it.each(cases)("answers the $resource's PATCH with 200 or 404", async ({ resource, path, body, patch }) => {
    for (let round = 0; round < MORE_ROUNDS; round++) {
      const made = await created<Record<string, { id: number }>>(path, await body());
      const id = made[resource]?.id;
      const [patched, deleted] = await Promise.all([
        call("PATCH", `${path}/${id}`, patch),
        call("DELETE", `${path}/${id}`),
      ]);
      expect([200, 404], patched.body).toContain(patched.statusCode);
      expect(deleted.statusCode, deleted.body).toBe(204);
    }
  });
});

describe("a journal entry edited twice at the same moment", () => {
  it("takes the edits one after the other: the second is checked against the first's lines", async () => {
    for (let round = 0; round < MORE_ROUNDS; round++) {
      const { journal_entry } = await created<{
        journal_entry: {
          id: number;
          lines: Array<{ id: number; debit_amount: string | null; credit_amount: string | null }>;
        };
      }>("/journal_entries", {
        journal_entry: {
          date: "2031-11-02",
          description: "Kas",
          lines: [
            { account_path: BANK, credit_amount: "10" },
            { account_path: "profit.costs.other_costs.misc", debit_amount: "10" },
          ],
        },
      });
      const credit = journal_entry.lines.find((line) => line.credit_amount !== null)?.id;
      const debit = journal_entry.lines.find((line) => line.debit_amount !== null)?.id;
      const answers = await Promise.all([
        call("PATCH", `/journal_entries/${journal_entry.id}`, {
          journal_entry: {
            lines: [
              { id: debit, debit_amount: "20" },
              { id: credit, credit_amount: "20" },
            ],
          },
        }),
        call("PATCH", `/journal_entries/${journal_entry.id}`, {
          journal_entry: {
            lines: [
              { id: credit, credit_amount: "15" },
              { account_path: "profit.costs.other_costs.misc", debit_amount: "5" },
            ],
          },
        }),
      ]);
      for (const answer of answers) expect([200, 422], answer.body).toContain(answer.statusCode);
    }
  });
});

describe("a contact deleted while a document is made for it", () => {
  it("either refuses the delete (in use) or the document (no such contact)", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { contact } = await created<{ contact: { id: number } }>("/contacts", {
        contact: { company_name: "Kort BV" },
      });
      const [deleted, invoice, quotation] = await Promise.all([
        call("DELETE", `/contacts/${contact.id}`),
        call("POST", "/sales_invoices", {
          sales_invoice: { contact_id: contact.id, _publish: true, invoice_lines: [{ price_per_unit: "5" }] },
        }),
        call("POST", "/quotations", {
          quotation: { contact_id: contact.id, invoice_lines: [{ price_per_unit: "5" }] },
        }),
      ]);
      expect([204, 422], deleted.body).toContain(deleted.statusCode);
      for (const document of [invoice, quotation]) expect([201, 422], document.body).toContain(document.statusCode);
      if (deleted.statusCode === 204) {
        expect(invoice.statusCode, invoice.body).toBe(422);
        expect(quotation.statusCode, quotation.body).toBe(422);
      }
    }
  });
});
