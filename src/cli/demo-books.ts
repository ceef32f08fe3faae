/**
 * What the demo's writer (demo-write.ts) knows as it goes (the ids the services answered), the
 * services' clock, and the first and most involved writes: the cast, the products, and an
 * expense with its receipt. Through the services only, exactly as API requests would write them.
 */

import { uploadAttachment } from "../modules/attachments/service.js";
import { createContact } from "../modules/contacts/service.js";
import { createExpense, type Expense, requireExpense } from "../modules/expenses/service.js";
import { createProduct } from "../modules/products/service.js";
import type { SalesInvoice } from "../modules/sales-invoices/service.js";
import { vatTypeByName } from "../modules/vat-types/service.js";
import type { PrintableParty } from "../pdf/printable.js";
import type { CompanyAccess } from "../platform/access.js";
import type { ServiceDeps } from "../platform/deps.js";
import { DEMO_COMPANY, DEMO_CUSTOMERS, DEMO_PRODUCTS, DEMO_SUPPLIERS, type DemoProductKey } from "./demo-cast.js";
import type { PlannedEvent, PlannedLine, VatName } from "./demo-events.js";
import { supplierInvoicePdf, tillReceiptPng } from "./demo-receipts.js";

export const BANK = "activa.current_assets.liquid_assets.bank";
const VAT_RATES: Record<VatName, string> = { vat_high: "0.21", vat_low_new: "0.09", vat_reverse_charged: "0" };
/** Nested payments need manage:payments besides manage:sales_invoices; the operator has every scope. */
export const WRITE_OPTIONS = { requirePaymentsScope: () => {} };

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
export class DemoBooks {
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

export async function castAndProducts(books: DemoBooks): Promise<void> {
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

export async function writeExpense(
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
