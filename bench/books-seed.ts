/**
 * The books of bench/books.ts: BOOK_INVOICES published 3-line sales invoices' worth of ledger
 * postings, written straight into `ledger_entries` and `ledger_lines` (no invoice rows: the reports
 * only read the ledger). Invariants: every entry is built by the ledger's own `salesInvoicePosting`
 * from the lines `invoiceBody` (bench/scenarios.ts) publishes — 4 × 75.00 at 21 %, 2 × 24.95 at 9 %,
 * 1 × 450.00 at 0 % — so its rows are exactly what publishing that body posts (bench/books.ts checks
 * this against a real publication); account paths are resolved to ids once; entries are inserted
 * unsealed, their lines added, then sealed, so the database's balance check runs on every entry;
 * source ids start at SOURCE_ID_BASE, clear of real invoice ids; dates are spread evenly over 2026.
 */
import { sql } from "kysely";
import type { Executor } from "../src/db/connection.js";
import type { DocumentPostingInput, PostingDraft } from "../src/modules/ledger/rules.js";
import type { LedgerTables } from "../src/modules/ledger/store.js";

export const BOOK_INVOICES = 100_000;
const SOURCE_ID_BASE = 1_000_000;
/** Entries per transaction; every insert stays at or under 500 rows (≤ 5,500 bind parameters). */
const ENTRIES_PER_TRANSACTION = 5_000;
const ROWS_PER_INSERT = 500;

export type SalesInvoicePosting = (input: DocumentPostingInput, kor: boolean) => PostingDraft;

/** The ledger's own table types; the seed writes its rows in bulk, as the ledger's store would. */
type Tables = LedgerTables & { accounts: { id: number; company_id: number; path: string } };

/** The lines of bench/scenarios.ts `invoiceBody`, in cents, as `postableLinesOf` hands them over. */
const INVOICE_LINES: DocumentPostingInput["lines"] = [
  { vatTypeName: "vat_high", vatRate: "0.21", netCents: 30_000, vatCents: 6_300 },
  { vatTypeName: "vat_low_new", vatRate: "0.09", netCents: 4_990, vatCents: 449 },
  { vatTypeName: "vat_zero", vatRate: "0", netCents: 45_000, vatCents: 0 },
].map((line) => ({ ...line, accountId: null, reverseChargeVatRate: null }));
/** What one invoice adds to debtors and to box 1a's base. */
export const INVOICE_GROSS_CENTS = INVOICE_LINES.reduce((sum, line) => sum + line.netCents + line.vatCents, 0);
export const INVOICE_1A_BASE_CENTS = 30_000;

/** The date of seeded invoice `index`: the year 2026 in even steps, so a quarter holds ~25k. */
export function seededDate(index: number): string {
  const day = Math.floor((index * 365) / BOOK_INVOICES);
  return new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
}

/** How many seeded invoices are dated from `from` to `till` (inclusive). */
export function seededBetween(from: string, till: string): number {
  let count = 0;
  for (let index = 0; index < BOOK_INVOICES; index++) {
    const date = seededDate(index);
    if (date >= from && date <= till) count++;
  }
  return count;
}

function chunks<Item>(items: readonly Item[], size: number): Item[][] {
  const result: Item[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Writes the books of BOOK_INVOICES invoices to `contactId` (an NL contact without VAT number). */
export async function seedBooks(
  executor: Executor,
  companyId: number,
  contactId: number,
  salesInvoicePosting: SalesInvoicePosting,
): Promise<{ entries: number; lines: number }> {
  const db = executor.withTables<Tables>();
  const idByPath = new Map(
    (await db.selectFrom("accounts").select(["id", "path"]).where("company_id", "=", companyId).execute()).map(
      (account) => [account.path, account.id],
    ),
  );
  const accountId = (reference: { id: number } | { path: string }): number => {
    const id = "id" in reference ? reference.id : idByPath.get(reference.path);
    if (id === undefined) throw new Error(`the chart has no account ${JSON.stringify(reference)}`);
    return id;
  };
  const createdAt = new Date().toISOString();
  let lineCount = 0;
  for (let first = 0; first < BOOK_INVOICES; first += ENTRIES_PER_TRANSACTION) {
    const drafts: PostingDraft[] = [];
    for (let index = first; index < Math.min(first + ENTRIES_PER_TRANSACTION, BOOK_INVOICES); index++) {
      const input: DocumentPostingInput = {
        source: { type: "sales_invoice", id: SOURCE_ID_BASE + index },
        date: seededDate(index),
        description: `Factuur B${index + 1}`,
        contactId,
        country: "NL",
        vatNumber: null,
        saleType: null,
        distanceSale: false,
        defaultAccountId: null,
        lines: INVOICE_LINES,
      };
      drafts.push(salesInvoicePosting(input, false));
    }
    await db.transaction().execute(async (transaction) => {
      const entryIds = new Map<number, number>();
      for (const batch of chunks(drafts, ROWS_PER_INSERT)) {
        const inserted = await transaction
          .insertInto("ledger_entries")
          .values(
            batch.map((draft) => ({
              company_id: companyId,
              date: draft.date,
              description: draft.description,
              source_type: draft.source.type,
              source_id: draft.source.id,
              reverses_entry_id: null,
              contact_id: draft.contactId,
              counterparty_country: draft.counterpartyCountry,
              counterparty_vat_number: draft.counterpartyVatNumber,
              sealed: 0,
              created_at: createdAt,
            })),
          )
          .returning(["id", "source_id"])
          .execute();
        for (const row of inserted) entryIds.set(Number(row.source_id), Number(row.id));
      }
      const lines = drafts.flatMap((draft) => {
        const entryId = entryIds.get(draft.source.id);
        if (entryId === undefined) throw new Error(`no entry id came back for source ${draft.source.id}`);
        return draft.lines.map((line) => ({
          company_id: companyId,
          entry_id: entryId,
          date: draft.date,
          account_id: accountId(line.account),
          contact_id: line.contactId,
          debit_cents: line.debitCents,
          credit_cents: line.creditCents,
          vat_box: line.vatBox,
          vat_base_cents: line.vatBaseCents,
          vat_cents: line.vatCents,
          icp_kind: line.icpKind,
        }));
      });
      for (const batch of chunks(lines, ROWS_PER_INSERT)) {
        await transaction.insertInto("ledger_lines").values(batch).execute();
      }
      lineCount += lines.length;
      const ids = [...entryIds.values()];
      await transaction
        .updateTable("ledger_entries")
        .set({ sealed: 1 })
        .where("company_id", "=", companyId)
        .where("id", ">=", Math.min(...ids))
        .where("id", "<=", Math.max(...ids))
        .where("sealed", "=", 0)
        .execute();
    });
  }
  // the month totals the ledger keeps as it posts, built here in one statement for the seeded lines
  await sql`insert into ledger_account_months (company_id, account_id, month, debit_cents, credit_cents)
    select line.company_id, line.account_id, substr(cast(line.date as text), 1, 7),
      sum(line.debit_cents), sum(line.credit_cents)
    from ledger_lines line join ledger_entries entry on entry.id = line.entry_id
    where line.company_id = ${companyId} and entry.source_type = 'sales_invoice' and entry.source_id >= ${SOURCE_ID_BASE}
    group by line.company_id, line.account_id, substr(cast(line.date as text), 1, 7)
    on conflict (company_id, account_id, month) do update set
      debit_cents = ledger_account_months.debit_cents + excluded.debit_cents,
      credit_cents = ledger_account_months.credit_cents + excluded.credit_cents`.execute(executor);
  return { entries: BOOK_INVOICES, lines: lineCount };
}

/** The rows an entry posted, without ids and dates, sorted: equal for equal postings. */
export async function entrySignature(executor: Executor, companyId: number, sourceId: number): Promise<string> {
  const rows = await executor
    .withTables<Tables>()
    .selectFrom("ledger_lines")
    .innerJoin("ledger_entries", "ledger_entries.id", "ledger_lines.entry_id")
    .select([
      "ledger_lines.account_id",
      "ledger_lines.contact_id",
      "ledger_lines.debit_cents",
      "ledger_lines.credit_cents",
      "ledger_lines.vat_box",
      "ledger_lines.vat_base_cents",
      "ledger_lines.vat_cents",
      "ledger_lines.icp_kind",
      "ledger_entries.sealed",
    ])
    .where("ledger_entries.company_id", "=", companyId)
    .where("ledger_entries.source_type", "=", "sales_invoice")
    .where("ledger_entries.source_id", "=", sourceId)
    .execute();
  return JSON.stringify(
    rows.map((row) => JSON.stringify(Object.values(row).map((v) => (v === null ? v : String(v))))).sort(),
  );
}

export const FIRST_SEEDED_SOURCE_ID = SOURCE_ID_BASE;
