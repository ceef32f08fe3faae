/**
 * Writes the demo's year (demo-plan.ts) through the services, exactly as API requests would:
 * every invoice, payment, expense and filing is validated, numbered and posted by the code that
 * serves the API, so the demo's books are real books (balanced, gapless, VAT boxes tagged).
 *
 * The services' clock is moved to each event's day before it is written, so what they stamp
 * (published_at, created_at, a filing's "has the quarter ended") is that day, as if the owner had
 * kept the books through the year. Events run in date order, so invoice numbers follow dates.
 */

import { accountIdsByPath } from "../modules/accounts/service.js";
import { uploadAttachment } from "../modules/attachments/service.js";
import { companyAccess, createCompanyForOperator } from "../modules/companies/service.js";
import { createContact } from "../modules/contacts/service.js";
import { createExpense, type Expense, requireExpense } from "../modules/expenses/service.js";
import { createHour } from "../modules/hours/service.js";
import { createJournalEntry } from "../modules/journal-entries/service.js";
import { createPayment } from "../modules/payments/service.js";
import { createProduct } from "../modules/products/service.js";
import { createQuotation, updateCompanyQuotation } from "../modules/quotations/service.js";
import { createRide } from "../modules/rides/service.js";
import {
  createSalesInvoice,
  type SalesInvoice,
  showSalesInvoice,
  updateCompanySalesInvoice,
} from "../modules/sales-invoices/service.js";
import { fileVatReturn, showVatReturn } from "../modules/vat-returns/service.js";
import { vatTypeByName } from "../modules/vat-types/service.js";
import type { PrintableParty } from "../pdf/printable.js";
import type { CompanyAccess } from "../platform/access.js";
import type { ServiceDeps } from "../platform/deps.js";
import { DEMO_COMPANY, DEMO_CUSTOMERS, DEMO_PRODUCTS, DEMO_SUPPLIERS, type DemoProductKey } from "./demo-cast.js";
import type { DemoPlan, PlannedEvent, PlannedLine, VatName } from "./demo-plan.js";
import { supplierInvoicePdf, tillReceiptPng } from "./demo-receipts.js";

const BANK = "activa.current_assets.liquid_assets.bank";
const VAT_RATES: Record<VatName, string> = { vat_high: "0.21", vat_low_new: "0.09", vat_reverse_charged: "0" };
/** Nested payments need manage:payments besides manage:sales_invoices; the operator has every scope. */
const WRITE_OPTIONS = { requirePaymentsScope: () => {} };

/** The services' clock, set to the day being written (at noon UTC: that day in Europe/Amsterdam). */
export class DemoClock {
  #now = new Date();
  readonly now = () => new Date(this.#now);
  setDay(date: string): void {
    this.#now = new Date(`${date}T11:00:00.000Z`);
  }
}

interface Party {
  id: number;
  name: string;
  contact: Record<string, string | boolean>;
}

/** What the writer knows as it goes: the ids the services answered. */
class DemoBooks {
  readonly parties = new Map<string, Party>();
  readonly products = new Map<DemoProductKey, number>();
  readonly vatTypes = new Map<VatName, number>();
  readonly accounts = new Map<string, number>();
  /** the invoices written so far, by their place in the plan */
  readonly invoices = new Map<number, SalesInvoice>();
  /** the expenses written so far, by their place in the plan */
  readonly expenses = new Map<number, Expense>();
  #odometer = 48_210;
  #receipts = 0;

  constructor(
    readonly deps: ServiceDeps,
    readonly company: CompanyAccess,
  ) {}

  party(key: string): Party {
    const party = this.parties.get(key);
    if (party === undefined) throw new Error(`the demo has no contact "${key}"`);
    return party;
  }

  expense(place: number): Expense {
    const expense = this.expenses.get(place);
    if (expense === undefined) throw new Error(`the demo's event ${place} wrote no expense`);
    return expense;
  }

  invoice(place: number): SalesInvoice {
    const invoice = this.invoices.get(place);
    if (invoice === undefined) throw new Error(`the demo's event ${place} wrote no invoice`);
    return invoice;
  }

  line(line: PlannedLine) {
    const product = line.product === undefined ? undefined : this.products.get(line.product);
    if (product !== undefined) return { product_id: product, quantity: line.quantity };
    return {
      description: line.description ?? null,
      quantity: line.quantity,
      price_per_unit: line.price_per_unit ?? null,
      vat_type_id: this.vatTypes.get(line.vat ?? "vat_high") ?? null,
    };
  }

  nextOdometer(km: number): { km_start: number; km_end: number } {
    const start = this.#odometer;
    this.#odometer += km;
    return { km_start: start, km_end: this.#odometer };
  }

  nextReceipt(): number {
    this.#receipts += 1;
    return this.#receipts;
  }
}

async function castAndProducts(books: DemoBooks): Promise<void> {
  const { deps, company } = books;
  for (const { key, contact } of [...DEMO_CUSTOMERS, ...DEMO_SUPPLIERS]) {
    const created = await createContact(deps, company, { contact });
    books.parties.set(key, { id: created.id, name: created.name ?? "", contact });
  }
  for (const name of Object.keys(VAT_RATES) as VatName[]) {
    const vatType = await vatTypeByName(deps.db, name);
    if (vatType !== undefined) books.vatTypes.set(name, vatType.id);
  }
  for (const [key, product] of Object.entries(DEMO_PRODUCTS) as Array<
    [DemoProductKey, (typeof DEMO_PRODUCTS)[DemoProductKey]]
  >) {
    const { vat, description, price_per_unit, product_code } = product;
    const invoice_line = { description, price_per_unit, vat_type_id: books.vatTypes.get(vat) ?? null };
    books.products.set(key, (await createProduct(deps, company, { product: { product_code, invoice_line } })).id);
  }
}

function printableParty(name: string, details: Readonly<Record<string, string | boolean>>): PrintableParty {
  const text = (key: string) => {
    const value = details[key];
    return typeof value === "string" ? value : null;
  };
  return {
    name,
    address: text("address"),
    zipcode: text("zipcode"),
    city: text("city"),
    country_code: text("country_code"),
    vat_number: text("vat_number"),
    kvk_number: text("kvk_number"),
    email: text("email"),
    iban: text("iban"),
  };
}

async function writeExpense(
  books: DemoBooks,
  event: Extract<PlannedEvent, { kind: "expense" }>,
  place: number,
): Promise<void> {
  const { deps, company } = books;
  const supplier = books.party(event.supplier);
  const body = {
    expense: {
      contact_id: supplier.id,
      date: event.date,
      state: "published",
      type_account_id: books.accounts.get(event.account) ?? null,
      invoice_lines: event.lines.map((line) => books.line(line)),
    },
  };
  const expense = await createExpense(deps, company, body);
  books.expenses.set(place, expense);
  const number = books.nextReceipt();
  const receipt =
    event.receipt === "png"
      ? tillReceiptPng(supplier.name, event.lines.length + 1, number)
      : await supplierInvoicePdf(
          printableParty(supplier.name, supplier.contact),
          printableParty(DEMO_COMPANY.name, DEMO_COMPANY),
          `${event.date.slice(0, 4)}-${String(100 + number)}`,
          event.date,
          event.lines.map((line) => ({
            description: line.description ?? "",
            quantity: line.quantity,
            price_per_unit: line.price_per_unit ?? "0",
            vat_rate: VAT_RATES[line.vat ?? "vat_high"],
          })),
          event.lines.some((line) => line.vat === "vat_reverse_charged"),
        );
  const document = {
    type: "expense",
    id: expense.id,
    path: `/api/v1/companies/${company.companyId}/expenses/${expense.id}`,
  };
  const upload = {
    attachment_object: { attachment: receipt.content.toString("base64"), attachment_file_name: receipt.fileName },
  };
  await uploadAttachment(deps, company, document, upload, (inside) => requireExpense(inside, company, expense.id));
}

async function writeEvent(books: DemoBooks, event: PlannedEvent, place: number): Promise<void> {
  const { deps, company } = books;
  switch (event.kind) {
    case "opening":
      return transfer(books, event.date, "Beginbalans: storting op de zakelijke rekening", {
        debit: BANK,
        credit: "passiva.equity.capital",
        amount: event.amount,
      });
    case "withdrawal":
      return transfer(books, event.date, "Privé-opname", {
        debit: "passiva.equity.private_withdrawals",
        credit: BANK,
        amount: event.amount,
      });
    case "invoice":
    case "concept": {
      const customer = DEMO_CUSTOMERS.find((candidate) => candidate.key === event.customer);
      const sales_invoice = {
        contact_id: books.party(event.customer).id,
        date: event.date,
        description: event.description,
        ...(customer?.kind === "abroad" ? { sale_type: "service" } : {}),
        ...(event.kind === "invoice" && event.reference !== undefined ? { api_reference: event.reference } : {}),
        _publish: event.kind === "invoice",
        invoice_lines: event.lines.map((line) => books.line(line)),
      };
      books.invoices.set(place, await createSalesInvoice(deps, company, { sales_invoice }, WRITE_OPTIONS));
      return;
    }
    case "credit": {
      const credited = books.invoice(event.invoice);
      const sales_invoice = {
        contact_id: credited.contact_id,
        date: event.date,
        description: event.description,
        credited_invoice_id: credited.id,
        _publish: true,
        invoice_lines: event.lines.map((line) => books.line(line)),
      };
      books.invoices.set(place, await createSalesInvoice(deps, company, { sales_invoice }, WRITE_OPTIONS));
      return;
    }
    case "payment": {
      const invoice = await showSalesInvoice(deps, company, books.invoice(event.invoice).id);
      const payment = { amount: event.amount ?? invoice.open_amount, paid_at: event.date, account_path: BANK };
      await updateCompanySalesInvoice(
        deps,
        company,
        invoice.id,
        { sales_invoice: { payments: [payment] } },
        WRITE_OPTIONS,
      );
      return;
    }
    case "receipt": {
      const invoice = await showSalesInvoice(deps, company, books.invoice(event.invoice).id);
      const description = `Overboeking ${invoice.cached_contact?.name ?? ""}, factuur ${invoice.invoice_number ?? ""}`;
      await createPayment(deps, company, {
        payment: { amount: invoice.open_amount, description, account_path: BANK, paid_at: event.date },
      });
      return;
    }
    case "bank": {
      // a one-line expense: what left the bank is what its line states, with VAT
      const [line] = books.expense(event.expense).invoice_lines;
      const amount = `-${line?.price_with_vat ?? "0.0"}`;
      await createPayment(deps, company, {
        payment: { amount, description: event.description, account_path: BANK, paid_at: event.date },
      });
      return;
    }
    case "expense":
      return writeExpense(books, event, place);
    case "hour": {
      const hour = {
        date: event.date,
        duration: event.duration,
        description: event.description,
        client_id: books.party(event.customer).id,
      };
      await createHour(deps, company, { hour });
      return;
    }
    case "ride": {
      const ride = {
        departure_address: "Oudegracht 120, Utrecht",
        visiting_address: event.to,
        private: event.private,
        date: event.date,
        ...books.nextOdometer(event.km),
      };
      await createRide(deps, company, { ride });
      return;
    }
    case "quotation": {
      const quotation = {
        contact_id: books.party(event.customer).id,
        date: event.date,
        _publish: event.outcome !== "concept",
        creates_sign_url_on_publish: event.outcome === "signing",
        invoice_lines: event.lines.map((line) => books.line(line)),
      };
      const created = await createQuotation(deps, company, { quotation });
      if (event.outcome === "invoiced") {
        await updateCompanyQuotation(deps, company, created.id, { quotation: { _approve: true } });
        await updateCompanyQuotation(deps, company, created.id, { quotation: { _invoice: true } });
      }
      return;
    }
    case "filing":
      await fileVatReturn(deps, company, { vat_return: { period: event.period } });
      return;
    case "vatPayment":
      return payVat(books, event);
  }
}

/** A manual entry of `amount` from one account to another. */
async function transfer(
  books: DemoBooks,
  date: string,
  description: string,
  { debit, credit, amount }: { debit: string; credit: string; amount: string },
): Promise<void> {
  await createJournalEntry(books.deps, books.company, {
    journal_entry: {
      date,
      description,
      lines: [
        { account_path: debit, debit_amount: amount },
        { account_path: credit, credit_amount: amount },
      ],
    },
  });
}

/** Pays the filed return's balance (5g) to the tax office, or books its refund. */
async function payVat(books: DemoBooks, event: Extract<PlannedEvent, { kind: "vatPayment" }>): Promise<void> {
  const filed = await showVatReturn(books.deps, books.company, event.period);
  const balance = filed.boxes["5g"]?.vat_filed ?? "0.0";
  if (/^-?0(\.0+)?$/.test(balance)) return;
  const amount = balance.replace(/^-/, "");
  const owed = !balance.startsWith("-");
  const settlement = "passiva.current_liabilities.vat_settlement";
  const description = `Btw-aangifte ${event.period} ${owed ? "betaald" : "terugontvangen"}`;
  await transfer(books, event.date, description, {
    debit: owed ? settlement : BANK,
    credit: owed ? BANK : settlement,
    amount,
  });
}

/** Creates the demo company for `userId` and writes its year; answers the company's id. */
export async function writeDemoYear(
  deps: ServiceDeps,
  clock: DemoClock,
  userId: number,
  plan: DemoPlan,
): Promise<number> {
  clock.setDay(plan.firstDay);
  const companyId = await createCompanyForOperator(deps, userId, { ...DEMO_COMPANY });
  const company = await companyAccess(deps, companyId, userId);
  if (company === null) throw new Error("the demo company cannot be read back");
  const books = new DemoBooks(deps, company);
  await castAndProducts(books);
  const paths = plan.events.flatMap((event) => (event.kind === "expense" ? [event.account] : []));
  for (const [path, id] of await accountIdsByPath(deps.db, companyId, paths)) books.accounts.set(path, id);
  for (const [place, event] of plan.events.entries()) {
    clock.setDay(event.date);
    await writeEvent(books, event, place);
  }
  return companyId;
}
