/**
 * What the ledger tests share: one company per run with three contacts (NL and BE with a VAT
 * number, US without), API shorthands, exact cents <-> decimal conversion, and direct reads of the
 * company's ledger rows (tests may read tables). Test code only.
 */
import { sql } from "kysely";
import { json, newCompany, request, type TestApp, type TestCompany } from "../support/app.js";

export const BANK = "activa.current_assets.liquid_assets.bank";
export const DEBTORS = "activa.current_assets.debtors";
export const CREDITORS = "passiva.current_liabilities.creditors";
export const UNALLOCATED = "passiva.current_liabilities.unallocated_receipts";
export const INPUT_VAT = "activa.current_assets.vat_to_claim";
export const SETTLEMENT = "passiva.current_liabilities.vat_settlement";
export const ROUNDING = "profit.costs.rounding_differences";
export const MISC = "profit.costs.other_costs.misc";
/** output VAT account per box, as the contract names them */
export const OUTPUT_VAT: Record<string, string> = {
  "1a": "passiva.current_liabilities.vat_to_pay.high",
  "1b": "passiva.current_liabilities.vat_to_pay.low",
  "1c": "passiva.current_liabilities.vat_to_pay.other_rates",
  "1d": "passiva.current_liabilities.vat_to_pay.private_use",
  "2a": "passiva.current_liabilities.vat_to_pay.reverse_charged",
  "4a": "passiva.current_liabilities.vat_to_pay.outside_eu",
  "4b": "passiva.current_liabilities.vat_to_pay.within_eu",
};

export interface Books {
  harness: TestApp;
  company: TestCompany;
  contacts: number[];
  vatTypeId: (name: string) => number;
  accountId: (path: string) => number;
  pathOf: Map<number, string>;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
}

export async function api(books: Books, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) {
  const { harness, company } = books;
  const url = `/api/v1/companies/${company.companyId}${path}`;
  const response = await request(harness.app, method, url, company.token, body);
  const parsed = response.body === "" ? {} : json(response);
  return {
    status: response.statusCode,
    body: parsed,
    text: `${method} ${path} -> ${response.statusCode} ${response.body}`,
  };
}

/** A new company with three contacts, its VAT type ids and its chart. */
export async function openBooks(harness: TestApp): Promise<Books> {
  const company = await newCompany(harness.deps, "Boeken BV");
  const books = { harness, company } as Books;
  const contacts = [
    { company_name: "Rompslomp.nl BV", country_code: "NL", vat_number: "NL123456789B01" },
    { company_name: "Brussel BVBA", country_code: "BE", vat_number: "BE0123456749" },
    { company_name: "Boston Inc", country_code: "US" },
  ];
  books.contacts = [];
  for (const contact of contacts) {
    const answer = await api(books, "POST", "/contacts", {
      contact: { ...contact, city: "Stad", address: "Straat 1" },
    });
    if (answer.status !== 201) throw new Error(answer.text);
    books.contacts.push((answer.body.contact as { id: number }).id);
  }
  const vatTypes = (await api(books, "GET", "/vat_types?selection=all&per_page=100")).body.vat_types as Array<{
    id: number;
    name: string;
  }>;
  books.vatTypeId = (name) => vatTypes.find((type) => type.name === name)?.id ?? -1;
  const accounts = (await api(books, "GET", "/accounts?per_page=100")).body.accounts as Array<{
    id: number;
    path: string;
  }>;
  books.pathOf = new Map(accounts.map((account) => [account.id, account.path]));
  books.accountId = (path) => {
    const account = accounts.find((candidate) => candidate.path === path);
    if (!account) throw new Error(`no account ${path}`);
    return account.id;
  };
  return books;
}

/** Exact: "-12.3" -> -1230. */
export function cents(decimal: string | number | null | undefined): number {
  if (decimal === null || decimal === undefined) return 0;
  const text = String(decimal).trim();
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = text.replace(/^[-+]/, "").split(".");
  if (fraction.replace(/0+$/, "").length > 2) throw new Error(`more than two decimals: ${text}`);
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  return negative ? 0 - value : value;
}

export function decimal(value: number): string {
  const sign = value < 0 ? "-" : "";
  const absolute = Math.abs(value);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

export interface LineRow {
  id: number;
  entry_id: number;
  date: string;
  account_id: number;
  contact_id: number | null;
  debit_cents: number;
  credit_cents: number;
  vat_box: string | null;
  vat_base_cents: number | null;
  vat_cents: number | null;
}

export interface EntryRow {
  id: number;
  date: string;
  source_type: string;
  source_id: number;
  reverses_entry_id: number | null;
  sealed: number;
}

const nullableNumber = (value: unknown) => (value === null ? null : Number(value));

/** Every entry and line of the company, numbers as numbers on both databases. */
export async function readLedger(books: Books): Promise<{ entries: EntryRow[]; lines: LineRow[] }> {
  const db = books.harness.deps.db;
  const companyId = books.company.companyId;
  const entries = await sql<EntryRow>`select id, date, source_type, source_id, reverses_entry_id, sealed
    from ledger_entries where company_id = ${companyId} order by id`.execute(db);
  const lines = await sql<LineRow>`select id, entry_id, date, account_id, contact_id, debit_cents, credit_cents,
    vat_box, vat_base_cents, vat_cents from ledger_lines where company_id = ${companyId} order by id`.execute(db);
  return {
    entries: entries.rows.map((row) => ({
      ...row,
      id: Number(row.id),
      source_id: Number(row.source_id),
      reverses_entry_id: nullableNumber(row.reverses_entry_id),
      sealed: Number(row.sealed),
    })),
    lines: lines.rows.map((row) => ({
      ...row,
      id: Number(row.id),
      entry_id: Number(row.entry_id),
      account_id: Number(row.account_id),
      contact_id: nullableNumber(row.contact_id),
      debit_cents: Number(row.debit_cents),
      credit_cents: Number(row.credit_cents),
      vat_base_cents: nullableNumber(row.vat_base_cents),
      vat_cents: nullableNumber(row.vat_cents),
    })),
  };
}

/** debit − credit of the lines on `path`, optionally within [from, till]. */
export function balanceOf(books: Books, lines: readonly LineRow[], path: string, from = "0000", till = "9999"): number {
  const accountId = books.accountId(path);
  return lines
    .filter((line) => line.account_id === accountId && line.date >= from && line.date <= till)
    .reduce((sum, line) => sum + line.debit_cents - line.credit_cents, 0);
}

/** credit − debit of the lines on `path` (a liability's or revenue's balance), never −0. */
export function creditOf(books: Books, lines: readonly LineRow[], path: string, from = "0000", till = "9999"): number {
  return 0 - balanceOf(books, lines, path, from, till);
}

/** The entries of a source that are in force: neither a reversal nor reversed. */
export function activeEntries(entries: readonly EntryRow[], type: string, id: number): EntryRow[] {
  const reversed = new Set(entries.map((entry) => entry.reverses_entry_id).filter((value) => value !== null));
  return entries.filter(
    (entry) =>
      entry.source_type === type &&
      entry.source_id === id &&
      entry.reverses_entry_id === null &&
      !reversed.has(entry.id),
  );
}

/** A line as a multiset key, with the sides and tags as a reversal would mirror them. */
export function lineKey(line: LineRow, mirrored = false): string {
  const flip = (value: number | null) => (value === null || !mirrored ? value : -value);
  const [debit, credit] = mirrored ? [line.credit_cents, line.debit_cents] : [line.debit_cents, line.credit_cents];
  return JSON.stringify([
    line.account_id,
    line.contact_id,
    debit,
    credit,
    line.vat_box,
    flip(line.vat_base_cents),
    flip(line.vat_cents),
  ]);
}
