/**
 * Writes the demo's year (demo-plan.ts) through the services, exactly as API requests would:
 * every invoice, payment, expense and filing is validated, numbered and posted by the code that
 * serves the API, so the demo's books are real books (balanced, gapless, VAT boxes tagged).
 *
 * The services' clock (DemoClock) is moved to each event's day before it is written, so what they
 * stamp (published_at, created_at, a filing's "has the quarter ended") is that day, as if the owner
 * had kept the books through the year. Events run in date order, so invoice numbers follow dates.
 */

import { accountIdsByPath } from "../modules/accounts/service.js";
import { companyAccess, createCompanyForOperator } from "../modules/companies/service.js";
import { createHour } from "../modules/hours/service.js";
import { createJournalEntry } from "../modules/journal-entries/service.js";
import { createPayment } from "../modules/payments/service.js";
import { createQuotation, updateCompanyQuotation } from "../modules/quotations/service.js";
import { createRide } from "../modules/rides/service.js";
import { createSalesInvoice, showSalesInvoice, updateCompanySalesInvoice } from "../modules/sales-invoices/service.js";
import { fileVatReturn, showVatReturn } from "../modules/vat-returns/service.js";
import type { ServiceDeps } from "../platform/deps.js";
import { BANK, castAndProducts, DemoBooks, type DemoClock, WRITE_OPTIONS, writeExpense } from "./demo-books.js";
import { DEMO_COMPANY, DEMO_CUSTOMERS } from "./demo-cast.js";
import type { DemoPlan, PlannedEvent } from "./demo-events.js";

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
