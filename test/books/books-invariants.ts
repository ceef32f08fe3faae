/**
 * The invariants the books keep after every step of the property test, read from the tables and
 * from the API: balanced sealed entries, equal trial balance totals, control accounts that equal
 * the documents' open amounts, VAT accounts that equal their box tags, reversals that mirror what
 * they reverse, one entry in force per source, and posted rows that never change.
 */
import { sql } from "kysely";
import { expect } from "vitest";
import {
  activeEntries,
  api,
  BANK,
  type Books,
  balanceOf,
  CREDITORS,
  cents,
  creditOf,
  DEBTORS,
  type EntryRow,
  INPUT_VAT,
  type LineRow,
  lineKey,
  OUTPUT_VAT,
  readLedger,
  UNALLOCATED,
} from "./books-support.js";

/** What the run has made through the API, as the property's interpreter tracks it. */
export interface Model {
  invoices: Map<number, { published: boolean; contact: number }>;
  deletedInvoices: Set<number>;
  expenses: Map<number, { published: boolean }>;
  payments: Set<number>;
  deletedPayments: Set<number>;
  journalEntries: Map<number, number[]>;
  deletedJournalEntries: Set<number>;
  filed: boolean;
}

export function emptyModel(): Model {
  return {
    invoices: new Map(),
    deletedInvoices: new Set(),
    expenses: new Map(),
    payments: new Set(),
    deletedPayments: new Set(),
    journalEntries: new Map(),
    deletedJournalEntries: new Set(),
    filed: false,
  };
}

export interface Snapshot {
  entries: EntryRow[];
  lines: LineRow[];
}

export const noSnapshot: Snapshot = { entries: [], lines: [] };

type Listed = Array<Record<string, unknown>>;

async function readPayments(books: Books) {
  const { rows } = await sql<{
    id: number;
    amount_cents: number;
    document_type: string | null;
    document_id: number | null;
  }>`
    select id, amount_cents, document_type, document_id from payments where company_id = ${books.company.companyId}`.execute(
    books.harness.deps.db,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    amount_cents: Number(row.amount_cents),
    document_type: row.document_type,
    document_id: row.document_id === null ? null : Number(row.document_id),
  }));
}

async function list(books: Books, path: string, key: string): Promise<Listed> {
  const answer = await api(books, "GET", path);
  expect(answer.status, answer.text).toBe(200);
  return answer.body[key] as Listed;
}

/** Checks every invariant; answers the snapshot the next step is compared with. */
export async function checkBooks(books: Books, model: Model, before: Snapshot): Promise<Snapshot> {
  const now = await readLedger(books);
  const { entries, lines } = now;

  // (5) posted rows never change or disappear
  const entryById = new Map(now.entries.map((entry) => [entry.id, entry]));
  for (const entry of before.entries) expect(entryById.get(entry.id), `entry ${entry.id} changed`).toEqual(entry);
  const lineById = new Map(now.lines.map((line) => [line.id, line]));
  for (const line of before.lines) expect(lineById.get(line.id), `line ${line.id} changed`).toEqual(line);

  // (1) every entry is sealed, has two lines or more, and balances
  for (const entry of entries) {
    const own = lines.filter((line) => line.entry_id === entry.id);
    expect(entry.sealed, `entry ${entry.id} sealed`).toBe(1);
    expect(own.length, `entry ${entry.id} lines`).toBeGreaterThanOrEqual(2);
    const debit = own.reduce((sum, line) => sum + line.debit_cents, 0);
    const credit = own.reduce((sum, line) => sum + line.credit_cents, 0);
    expect(debit, `entry ${entry.id} (${entry.source_type} ${entry.source_id}) balances`).toBe(credit);
    for (const line of own) expect(line.date, `line ${line.id} dated as its entry`).toBe(entry.date);
  }

  // reversals mirror exactly the entry they cancel, on its date and for its source; none is reversed twice
  const reversedIds = entries.flatMap((entry) => (entry.reverses_entry_id === null ? [] : [entry.reverses_entry_id]));
  expect(new Set(reversedIds).size, "an entry is reversed at most once").toBe(reversedIds.length);
  for (const reversal of entries.filter((entry) => entry.reverses_entry_id !== null)) {
    const original = entryById.get(reversal.reverses_entry_id ?? -1);
    expect(original, `reversal ${reversal.id} names an entry`).toBeDefined();
    if (!original) continue;
    expect([reversal.date, reversal.source_type, reversal.source_id]).toEqual([
      original.date,
      original.source_type,
      original.source_id,
    ]);
    const keys = (entryId: number, mirrored: boolean) =>
      lines
        .filter((line) => line.entry_id === entryId)
        .map((line) => lineKey(line, mirrored))
        .sort();
    expect(keys(reversal.id, false), `reversal ${reversal.id} mirrors ${original.id}`).toEqual(keys(original.id, true));
  }

  // (2) trial balance totals, in the tables and through the report route
  const totalDebit = lines.reduce((sum, line) => sum + line.debit_cents, 0);
  const totalCredit = lines.reduce((sum, line) => sum + line.credit_cents, 0);
  expect(totalDebit, "total debits = total credits").toBe(totalCredit);
  const answer = await api(books, "GET", "/reports/trial_balance");
  expect(answer.status, answer.text).toBe(200);
  type Row = { path: string; debit: string; credit: string; balance: string };
  const report = answer.body.trial_balance as { total_debit: string; total_credit: string; accounts: Row[] };
  for (const row of report.accounts) {
    const own = lines.filter((line) => books.pathOf.get(line.account_id) === row.path);
    const debit = own.reduce((sum, line) => sum + line.debit_cents, 0);
    const credit = own.reduce((sum, line) => sum + line.credit_cents, 0);
    expect([cents(row.debit), cents(row.credit), cents(row.balance)], `trial balance of ${row.path}`).toEqual([
      debit,
      credit,
      debit - credit,
    ]);
  }
  expect([cents(report.total_debit), cents(report.total_credit)], "trial balance report").toEqual([
    totalDebit,
    totalCredit,
  ]);

  // (3) debtors = the open amounts of published invoices; (4) creditors = what published expenses
  // still owe; unallocated receipts = the payments settling no posted document; bank = all payments
  const published = await list(books, "/sales_invoices?selection=published&per_page=100", "sales_invoices");
  expect(published.length).toBe([...model.invoices.values()].filter((invoice) => invoice.published).length);
  const expenses = await list(books, "/expenses?per_page=100", "expenses");
  const publishedExpenses = expenses.filter((expense) => expense.state === "published");
  const open = published.reduce((sum, invoice) => sum + cents(invoice.open_amount as string), 0);
  expect(balanceOf(books, lines, DEBTORS), "debtors = Σ open_amount of published invoices").toBe(open);
  const payments = await readPayments(books);
  expect(payments.map((payment) => payment.id).sort()).toEqual([...model.payments].sort());
  const settling = (type: string, documents: Listed) => {
    const ids = new Set(documents.map((document) => document.id));
    return payments
      .filter((payment) => payment.document_type === type && ids.has(payment.document_id))
      .reduce((sum, payment) => sum + payment.amount_cents, 0);
  };
  const paidOnInvoices = published.reduce(
    (sum, invoice) => sum + cents(invoice.price_with_vat as string) - cents(invoice.open_amount as string),
    0,
  );
  expect(settling("sales_invoice", published), "linked payments = price_with_vat − open_amount").toBe(paidOnInvoices);
  const paidOnExpenses = settling("expense", publishedExpenses);
  const paid = payments.reduce((sum, payment) => sum + payment.amount_cents, 0);
  expect(balanceOf(books, lines, BANK), "bank = Σ payments").toBe(paid);
  expect(creditOf(books, lines, UNALLOCATED), "unallocated receipts = payments settling no posted document").toBe(
    paid - paidOnInvoices - paidOnExpenses,
  );
  const owed = publishedExpenses
    .flatMap((expense) => expense.invoice_lines as Listed)
    .reduce((sum, line) => sum + cents(line.price_with_vat as string), 0);
  expect(creditOf(books, lines, CREDITORS), "creditors = Σ published expenses + their (negative) payments").toBe(
    owed + paidOnExpenses,
  );

  // generated postings stay out of GET /journal_entries
  const manual = await list(books, "/journal_entries?per_page=100", "journal_entries");
  expect(manual.map((entry) => entry.id).sort(), "GET /journal_entries lists the manual entries only").toEqual(
    [...model.journalEntries.keys()].sort(),
  );

  // every VAT account equals the VAT tags of its box, until a settlement clears them
  if (!model.filed) {
    const tagged = (box: string) =>
      lines.filter((line) => line.vat_box === box).reduce((sum, line) => sum + (line.vat_cents ?? 0), 0);
    for (const [box, path] of Object.entries(OUTPUT_VAT)) {
      expect(creditOf(books, lines, path), `account of box ${box} = its VAT tags`).toBe(tagged(box));
    }
    expect(balanceOf(books, lines, INPUT_VAT), "input VAT account = 5b tags").toBe(tagged("5b"));
  }

  // one entry in force per source: each live payment and journal entry, each published invoice/expense
  const activeCount = (type: string, id: number) => activeEntries(entries, type, id).length;
  for (const id of model.payments) expect(activeCount("payment", id), `payment ${id} posted once`).toBe(1);
  for (const id of model.deletedPayments) expect(activeCount("payment", id), `deleted payment ${id}`).toBe(0);
  for (const id of model.journalEntries.keys()) expect(activeCount("journal_entry", id), `journal entry ${id}`).toBe(1);
  for (const id of model.deletedJournalEntries) expect(activeCount("journal_entry", id), `deleted entry ${id}`).toBe(0);
  const postsSomething = (document: Record<string, unknown> | undefined) =>
    (document?.invoice_lines as Listed | undefined)?.some(
      (line) => cents(line.price_without_vat as string) !== 0 || cents(line.vat_amount as string) !== 0,
    ) ?? false;
  for (const [type, documents, listed] of [
    ["sales_invoice", model.invoices, published],
    ["expense", model.expenses, expenses],
  ] as const) {
    for (const [id, { published: isPublished }] of documents) {
      const all = entries.filter((entry) => entry.source_type === type && entry.source_id === id);
      if (!isPublished) expect(all, `concept ${type} ${id} posts nothing`).toEqual([]);
      else {
        const posts = postsSomething(listed.find((document) => document.id === id));
        expect(activeCount(type, id), `published ${type} ${id} posted once`).toBe(posts ? 1 : 0);
      }
    }
  }
  for (const id of model.deletedInvoices) {
    expect(activeCount("sales_invoice", id), `deleted concept ${id} posts nothing`).toBe(0);
  }
  return now;
}
