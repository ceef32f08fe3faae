/**
 * What the shared security suite needs to reach every resource: a valid minimal request body per
 * resource, and a way to find (or make) an existing resource of a company, nested ones by their
 * parent (`expenses/attachments`). A new resource without an entry here fails the suite.
 */
import { expect } from "vitest";
import { json, request, type TestApp, type TestCompany } from "./app.js";
import { camt053 } from "./bank-files.js";

/** A resource's path parameters: its `id`, and its parent's id for nested resources. */
export type PathIds = Record<string, string>;

/**
 * How to find an existing resource of a company, per resource path segment; a nested resource
 * whose parent matters is keyed by the parent's segment too (`expenses/attachments`).
 */
export type Fixture =
  | { kind: "company"; existingIds: (harness: TestApp, owner: TestCompany) => Promise<PathIds> }
  /** reference data shared by every company: another company's id is the same resource */
  | { kind: "global" };

/** A one-transaction CAMT.053 statement, base64, as a bank statement import takes it. */
const SECURITY_STATEMENT = Buffer.from(
  camt053([
    {
      iban: "NL69INGB0123456789",
      from: "2024-03-01",
      till: "2024-03-31",
      opening: "0.00",
      transactions: [{ amount: "19.95", bookingDate: "2024-03-02", bankReference: "SEC-1" }],
    },
  ]),
).toString("base64");

/** A valid minimal body per resource segment, for POST (create) and PATCH (update). */
const BODIES: Record<string, { create: unknown; update: unknown }> = {
  companies: { create: { company: { name: "Security Suite BV" } }, update: { company: { name: "Renamed BV" } } },
  vat_returns: { create: { vat_return: { period: "2024Q1" } }, update: { vat_return: { period: "2024Q1" } } },
  bookkeeping_settings: {
    create: { bookkeeping_settings: { vat_period: "month" } },
    update: { bookkeeping_settings: { vat_period: "month" } },
  },
  contacts: {
    create: { contact: { company_name: "Security Suite Klant BV" } },
    update: { contact: { company_name: "Renamed Klant BV", city: "Utrecht" } },
  },
  hours: {
    create: { hour: { date: "2024-03-02", duration: 1 } },
    update: { hour: { date: "2024-03-03", description: "Changed" } },
  },
  journal_entries: {
    create: {
      journal_entry: {
        date: "2024-03-02",
        lines: [
          { account_path: "activa.current_assets.liquid_assets.bank", credit_amount: "10" },
          { account_path: "profit.costs.other_costs.misc", debit_amount: "10" },
        ],
      },
    },
    update: { journal_entry: { description: "Changed", date: "2024-03-05" } },
  },
  products: {
    create: { product: { invoice_line: { description: "Machine", price_per_unit: "1895.0" } } },
    update: { product: { has_stock: true, invoice_line: { price_per_unit: "1995.00" } } },
  },
  payments: {
    create: {
      payment: { amount: "19.95", account_path: "activa.current_assets.liquid_assets.bank", paid_at: "2024-03-01" },
    },
    update: { payment: { amount: 300, description: "Changed" } },
  },
  bank_statements: {
    create: { bank_statement: { attachment: SECURITY_STATEMENT, attachment_file_name: "afschrift.xml" } },
    update: { bank_statement: { attachment: SECURITY_STATEMENT } },
  },
  // a payment split over documents: refused before the documents are looked at
  split: {
    create: { split: { parts: [{ amount: "19.95", sales_invoice_id: 1 }] } },
    update: { split: { parts: [{ amount: "19.95", sales_invoice_id: 1 }] } },
  },
  // a payment booked to a cost account: refused before the account is looked at
  book: {
    create: { booking: { account_id: 1, description: "Security suite" } },
    update: { booking: { account_id: 1, description: "Security suite" } },
  },
  sales_invoices: {
    create: { sales_invoice: { description: "Security suite", invoice_lines: [{ price_per_unit: "10" }] } },
    update: { sales_invoice: { description: "Changed", invoice_lines: [{ price_per_unit: "5" }] } },
  },
  expenses: {
    // the type account is per company: fixtures create expenses with `createdExpense`, and the
    // requests that carry this body are refused before the account is looked at
    create: { expense: { type_account_id: 1, invoice_lines: [{ price_per_unit: "10" }] } },
    update: { expense: { date: "2024-03-05", invoice_lines: [{ price_per_unit: "5" }] } },
  },
  quotations: {
    // the contact is per company: fixtures create quotations with `createdQuotation`, and the
    // requests that carry this body are refused before the contact is looked at
    create: { quotation: { contact_id: 1, invoice_lines: [{ price_per_unit: "10" }] } },
    update: { quotation: { date: "2024-03-05", invoice_lines: [{ price_per_unit: "5" }] } },
  },
  attachments: {
    create: {
      attachment_object: { attachment: Buffer.from("receipt").toString("base64"), attachment_file_name: "r.txt" },
    },
    update: {},
  },
  rides: {
    create: { ride: { km_start: 0, km_end: 10, date: "2024-03-02" } },
    update: { ride: { km_end: 345, date: "2024-04-01" } },
  },
};

async function firstListed(harness: TestApp, owner: TestCompany, segment: string): Promise<string> {
  const response = await request(harness.app, "GET", `/api/v1/companies/${owner.companyId}/${segment}`, owner.token);
  expect(response.statusCode, `listing ${segment} to find a fixture`).toBe(200);
  const first = json<Record<string, Array<{ id: number }> | undefined>>(response)[segment]?.[0];
  if (first === undefined) throw new Error(`a new company has no ${segment} to use as a fixture`);
  return String(first.id);
}

async function created(harness: TestApp, owner: TestCompany, segment: string, parentPath = ""): Promise<string> {
  const url = `/api/v1/companies/${owner.companyId}${parentPath}/${segment}`;
  const response = await request(harness.app, "POST", url, owner.token, bodyFor("POST", segment));
  expect(response.statusCode, `creating a ${segment} fixture`).toBeLessThan(300);
  const body = json<Record<string, { id: number } | undefined>>(response);
  const resource = Object.values(body)[0];
  if (resource === undefined) throw new Error(`creating a ${segment} fixture returned no resource`);
  return String(resource.id);
}

/** A concept expense of the company, booked on its miscellaneous costs account. */
async function createdExpense(harness: TestApp, owner: TestCompany): Promise<string> {
  const base = `/api/v1/companies/${owner.companyId}`;
  const accounts = await request(harness.app, "GET", `${base}/accounts?per_page=100`, owner.token);
  const misc = json<{ accounts: Array<{ id: number; path: string }> }>(accounts).accounts.find(
    (account) => account.path === "profit.costs.other_costs.misc",
  );
  const response = await request(harness.app, "POST", `${base}/expenses`, owner.token, {
    expense: { type_account_id: misc?.id, invoice_lines: [{ price_per_unit: "10" }] },
  });
  expect(response.statusCode, `creating an expenses fixture: ${response.body}`).toBe(201);
  return String(json<{ expense: { id: number } }>(response).expense.id);
}

async function createdQuotation(harness: TestApp, owner: TestCompany): Promise<string> {
  const base = `/api/v1/companies/${owner.companyId}`;
  const contact = await request(harness.app, "POST", `${base}/contacts`, owner.token, {
    contact: { company_name: "Security Suite Offerte BV" },
  });
  const response = await request(harness.app, "POST", `${base}/quotations`, owner.token, {
    quotation: {
      contact_id: json<{ contact: { id: number } }>(contact).contact.id,
      invoice_lines: [{ price_per_unit: "10" }],
    },
  });
  expect(response.statusCode, `creating a quotations fixture: ${response.body}`).toBe(201);
  return String(json<{ quotation: { id: number } }>(response).quotation.id);
}

const own = (create: (harness: TestApp, owner: TestCompany) => Promise<string>): Fixture => ({
  kind: "company",
  existingIds: async (harness, owner) => ({ id: await create(harness, owner) }),
});

const FIXTURES: Record<string, Fixture> = {
  rides: own((harness, owner) => created(harness, owner, "rides")),
  contacts: own((harness, owner) => created(harness, owner, "contacts")),
  hours: own((harness, owner) => created(harness, owner, "hours")),
  journal_entries: own((harness, owner) => created(harness, owner, "journal_entries")),
  products: own((harness, owner) => created(harness, owner, "products")),
  payments: own((harness, owner) => created(harness, owner, "payments")),
  // a payment's match suggestions: the payment's id
  match_suggestions: own((harness, owner) => created(harness, owner, "payments")),
  bank_statements: own((harness, owner) => created(harness, owner, "bank_statements")),
  // a payment's split: the payment's id
  split: own((harness, owner) => created(harness, owner, "payments")),
  // a payment's booking to an account: the payment's id
  book: own((harness, owner) => created(harness, owner, "payments")),
  sales_invoices: own((harness, owner) => created(harness, owner, "sales_invoices")),
  // the PDF of an invoice: the invoice's id
  pdf: own((harness, owner) => created(harness, owner, "sales_invoices")),
  "sales_invoices/attachments": {
    kind: "company",
    existingIds: async (harness, owner) => {
      const invoiceId = await created(harness, owner, "sales_invoices");
      const id = await created(harness, owner, "attachments", `/sales_invoices/${invoiceId}`);
      return { sales_invoice_id: invoiceId, id };
    },
  },
  quotations: own((harness, owner) => createdQuotation(harness, owner)),
  "quotations/pdf": own((harness, owner) => createdQuotation(harness, owner)),
  expenses: own((harness, owner) => createdExpense(harness, owner)),
  "expenses/attachments": {
    kind: "company",
    existingIds: async (harness, owner) => {
      const expenseId = await createdExpense(harness, owner);
      const id = await created(harness, owner, "attachments", `/expenses/${expenseId}`);
      return { expense_id: expenseId, id };
    },
  },
  accounts: own((harness, owner) => firstListed(harness, owner, "accounts")),
  templates: own((harness, owner) => firstListed(harness, owner, "templates")),
  vat_types: { kind: "global" },
};

export function bodyFor(method: string, segment: string): unknown {
  if (method !== "POST" && method !== "PATCH") return undefined;
  const bodies = BODIES[segment];
  if (bodies === undefined) {
    throw new Error(`no request body for ${method} ${segment}: add one to BODIES in test/support/security-suite.ts`);
  }
  return method === "POST" ? bodies.create : bodies.update;
}

/** The last literal path segment: the resource the route acts on (`rides` for `…/rides/:id`). */
export function resourceSegment(url: string): string {
  return (
    url
      .split("/")
      .filter((part) => part !== "" && !part.startsWith(":"))
      .at(-1) ?? ""
  );
}

/**
 * The fixture of the route's resource: keyed by its parent's segment and its own
 * (`expenses/attachments`) when there is one, else by its own segment.
 */
export function fixtureFor(url: string): Fixture | undefined {
  const literal = url.split("/").filter((part) => part !== "" && !part.startsWith(":"));
  const company = literal.indexOf("companies");
  const inCompany = company === -1 ? [] : literal.slice(company + 1);
  const nested = inCompany.length >= 2 ? FIXTURES[inCompany.slice(-2).join("/")] : undefined;
  return nested ?? FIXTURES[resourceSegment(url)];
}
