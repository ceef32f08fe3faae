/**
 * The statements of a posting: its entry is inserted unsealed, then its lines, then it is sealed
 * with its description (where the database checks the balance), and its lines are added to the
 * month totals, all in the caller's transaction. They are reusable queries (db/reusable-query.ts):
 * built once, not per posting, whose Kysely building was most of a publication's own allocations.
 *
 * The insert and the seal are two calls (`insertUnsealedEntry`, `sealEntry`), so that a document
 * created published can write its entry before it takes its number and seal it with the
 * description that names the number after (documents/publication.ts): the description is written
 * by the seal, for every entry, and an entry is never seen unsealed outside its transaction.
 *
 * On PostgreSQL the four statements are two, because each was a round trip, and a create's
 * round trips were most of its CPU time in this process and in the database (issue 13):
 * - the entry and its first lines are one statement: the entry is a data-modifying WITH and the
 *   lines take its id from it (the foreign key is checked at the statement's end, entry in place);
 * - the seal and the month totals are one statement: the seal is a data-modifying WITH, which
 *   PostgreSQL runs to completion whether or not it is read, so its balance trigger raises as
 *   before and nothing is added to the months of an entry that does not balance.
 * SQLite runs the four one by one: it has no data-modifying WITH, and its statements are calls
 * into the process, not round trips.
 *
 * A month total is a bigint column: the seal adds to it only while the sum stays at most
 * MAX_MONTH_TOTAL_CENTS (2^63 − 1), and answers the accounts whose month could not take the entry
 * (the ledger refuses the posting then, before anything overflows: PostgreSQL would fail and
 * SQLite would turn the total into an inexact float). An entry's lines are summed per account as
 * bigint, as they may add up past 2^53.
 */
import { type QueryCreator, type RawBuilder, sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { isPostgres } from "../../db/dialect.js";
import { reusableQuery } from "../../db/reusable-query.js";
import type { IcpKind, VatBox } from "./classification.js";
import type { PostingLine, SourceType } from "./rules.js";
import { type LedgerEntryValues, type LedgerLineValues, type LedgerTables, ledger } from "./store.js";

/** Bind-parameter budget per insert (SQLite allows 32,766; PostgreSQL 65,535). */
const LINES_PER_INSERT = 500;

/** An entry's values as the arguments of a reusable query. */
type EntryArguments = [
  companyId: number,
  date: string,
  sourceType: string,
  sourceId: number,
  reversesEntryId: number | null,
  contactId: number | null,
  counterpartyCountry: string | null,
  counterpartyVatNumber: string | null,
  createdAt: string,
];

/** Lines as the arguments of a reusable query: one list per column, element i of each making line i. */
type LineArguments = [
  accountIds: readonly number[],
  contactIds: readonly (number | null)[],
  debitCents: readonly number[],
  creditCents: readonly number[],
  vatBoxes: readonly (string | null)[],
  vatBaseCents: readonly (number | null)[],
  vatCents: readonly (number | null)[],
  icpKinds: readonly (string | null)[],
];

/** Month totals as arguments: the account of each, and its debits and credits. */
type MonthArguments = [
  companyId: number,
  month: string,
  accountIds: readonly number[],
  debitCents: readonly bigint[],
  creditCents: readonly bigint[],
];

/** The most a month total holds: a bigint column's largest value. */
export const MAX_MONTH_TOTAL_CENTS = 9_223_372_036_854_775_807n;

function entryArguments(entry: UnsealedEntryValues): EntryArguments {
  return [
    entry.company_id,
    entry.date,
    entry.source_type,
    entry.source_id,
    entry.reverses_entry_id,
    entry.contact_id,
    entry.counterparty_country,
    entry.counterparty_vat_number,
    entry.created_at,
  ];
}

function lineArguments(lines: readonly LedgerLineValues[]): LineArguments {
  return [
    lines.map((line) => line.account_id),
    lines.map((line) => line.contact_id),
    lines.map((line) => line.debit_cents),
    lines.map((line) => line.credit_cents),
    lines.map((line) => line.vat_box),
    lines.map((line) => line.vat_base_cents),
    lines.map((line) => line.vat_cents),
    lines.map((line) => line.icp_kind),
  ];
}

/** The debits and credits of `lines` summed per account, exactly. */
function monthArguments(companyId: number, month: string, lines: readonly LedgerLineValues[]): MonthArguments {
  const byAccount = new Map<number, { debit: bigint; credit: bigint }>();
  for (const line of lines) {
    const sums = byAccount.get(line.account_id) ?? { debit: 0n, credit: 0n };
    sums.debit += BigInt(line.debit_cents);
    sums.credit += BigInt(line.credit_cents);
    byAccount.set(line.account_id, sums);
  }
  const totals = [...byAccount];
  return [
    companyId,
    month,
    totals.map(([accountId]) => accountId),
    totals.map(([, sums]) => sums.debit),
    totals.map(([, sums]) => sums.credit),
  ];
}

function unsealedEntry(...entry: EntryArguments) {
  const [companyId, date, sourceType, sourceId, reversesEntryId, contactId, country, vatNumber, createdAt] = entry;
  return {
    company_id: companyId,
    date,
    source_type: sourceType as SourceType,
    source_id: sourceId,
    reverses_entry_id: reversesEntryId,
    contact_id: contactId,
    counterparty_country: country,
    counterparty_vat_number: vatNumber,
    created_at: createdAt,
    sealed: 0,
  };
}

function lineRows(companyId: number, entryId: number | RawBuilder<number>, date: string, ...columns: LineArguments) {
  const [accountIds, contactIds, debitCents, creditCents, vatBoxes, vatBaseCents, vatCents, icpKinds] = columns;
  return accountIds.map((accountId, index) => ({
    account_id: accountId,
    contact_id: contactIds[index] ?? null,
    debit_cents: debitCents[index] ?? 0,
    credit_cents: creditCents[index] ?? 0,
    vat_box: (vatBoxes[index] ?? null) as VatBox | null,
    vat_base_cents: vatBaseCents[index] ?? null,
    vat_cents: vatCents[index] ?? null,
    icp_kind: (icpKinds[index] ?? null) as IcpKind | null,
    company_id: companyId,
    entry_id: entryId,
    date,
  }));
}

/**
 * The insert that adds month totals, on `creator` (the ledger's tables, or those and a WITH): a
 * month whose total would pass MAX_MONTH_TOTAL_CENTS is left as it is, and only the accounts of
 * the months added to are returned.
 */
function addToMonths<Tables extends LedgerTables>(creator: QueryCreator<Tables>, ...totals: MonthArguments) {
  const [companyId, month, accountIds, debitCents, creditCents] = totals;
  const months = (creator as unknown as QueryCreator<LedgerTables>).insertInto("ledger_account_months");
  const most = sql.lit(MAX_MONTH_TOTAL_CENTS);
  const stored = (column: "debit_cents" | "credit_cents") => sql.ref(`ledger_account_months.${column}`);
  return months
    .values(
      accountIds.map((accountId, index) => ({
        company_id: companyId,
        account_id: accountId,
        month,
        debit_cents: debitCents[index] ?? 0n,
        credit_cents: creditCents[index] ?? 0n,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(["company_id", "account_id", "month"])
        .doUpdateSet((update) => ({
          debit_cents: sql<bigint>`${stored("debit_cents")} + ${update.ref("excluded.debit_cents")}`,
          credit_cents: sql<bigint>`${stored("credit_cents")} + ${update.ref("excluded.credit_cents")}`,
        }))
        // the new total is at most the most: compared as most − added, which cannot overflow
        .where(({ and, ref }) =>
          and([
            sql<boolean>`${stored("debit_cents")} <= ${most} - ${ref("excluded.debit_cents")}`,
            sql<boolean>`${stored("credit_cents")} <= ${most} - ${ref("excluded.credit_cents")}`,
          ]),
        ),
    )
    .returning("ledger_account_months.account_id");
}

const insertEntryAlone = reusableQuery((executor, ...entry: EntryArguments) =>
  ledger(executor)
    .insertInto("ledger_entries")
    .values(unsealedEntry(...entry))
    .returning("id"),
);

const insertLines = reusableQuery(
  (executor, companyId: number, entryId: number, date: string, ...columns: LineArguments) =>
    ledger(executor)
      .insertInto("ledger_lines")
      .values(lineRows(companyId, entryId, date, ...columns)),
);

/** PostgreSQL: the entry and its lines in one statement; each line answers its entry's id. */
const ENTRY_ARGUMENT_COUNT = 9;
const insertEntryWithLines = reusableQuery((executor, ...args: [...EntryArguments, ...LineArguments]) => {
  const entry = args.slice(0, ENTRY_ARGUMENT_COUNT) as EntryArguments;
  const columns = args.slice(ENTRY_ARGUMENT_COUNT) as LineArguments;
  return ledger(executor)
    .with("entry", (creator) =>
      creator
        .insertInto("ledger_entries")
        .values(unsealedEntry(...entry))
        .returning("id"),
    )
    .insertInto("ledger_lines")
    .values(lineRows(entry[0], sql<number>`(select id from entry)`, entry[1], ...columns))
    .returning("entry_id");
});

const sealAlone = reusableQuery((executor, entryId: number, description: string | null) =>
  ledger(executor).updateTable("ledger_entries").set({ sealed: 1, description }).where("id", "=", entryId),
);

const addMonthTotals = reusableQuery((executor, ...totals: MonthArguments) => addToMonths(ledger(executor), ...totals));

/** PostgreSQL: the seal and the month totals in one statement. */
const sealWithMonthTotals = reusableQuery(
  (executor, entryId: number, description: string | null, ...totals: MonthArguments) =>
    addToMonths(
      ledger(executor).with("sealed", (creator) =>
        creator.updateTable("ledger_entries").set({ sealed: 1, description }).where("id", "=", entryId).returning("id"),
      ),
      ...totals,
    ),
);

/** An entry's values but its description, which its seal writes. */
export type UnsealedEntryValues = Omit<LedgerEntryValues, "description">;

/** An entry inserted with its lines, not yet sealed: what its seal needs. */
export interface UnsealedEntry {
  id: number;
  companyId: number;
  date: string;
  lines: readonly LedgerLineValues[];
}

/** Inserts an entry with its lines in `transaction`, unsealed: it must be sealed (`sealEntry`) before commit. */
export async function insertUnsealedEntry(
  transaction: Executor,
  entry: UnsealedEntryValues,
  lines: readonly LedgerLineValues[],
): Promise<UnsealedEntry> {
  const first = lines.slice(0, LINES_PER_INSERT);
  let entryId: number | undefined;
  if (isPostgres(transaction) && first.length > 0) {
    const inserted = await insertEntryWithLines(transaction, ...entryArguments(entry), ...lineArguments(first));
    entryId = inserted[0]?.entry_id;
  } else {
    entryId = (await insertEntryAlone(transaction, ...entryArguments(entry)))[0]?.id;
    if (entryId !== undefined && first.length > 0) {
      await insertLines(transaction, entry.company_id, entryId, entry.date, ...lineArguments(first));
    }
  }
  if (entryId === undefined) throw new Error("the ledger entry was not inserted");
  for (let start = LINES_PER_INSERT; start < lines.length; start += LINES_PER_INSERT) {
    const batch = lines.slice(start, start + LINES_PER_INSERT);
    await insertLines(transaction, entry.company_id, entryId, entry.date, ...lineArguments(batch));
  }
  return { id: entryId, companyId: entry.company_id, date: entry.date, lines };
}

/**
 * Seals an entry with its description (the database checks its balance) and adds it to the month
 * totals. Answers the accounts whose month total could not take the entry (none: all is written);
 * the caller must then not commit.
 */
export async function sealEntry(
  transaction: Executor,
  entry: UnsealedEntry,
  description: string | null,
): Promise<number[]> {
  const totals = monthArguments(entry.companyId, entry.date.slice(0, 7), entry.lines);
  let added: Array<{ account_id: number }> = [];
  if (isPostgres(transaction) && entry.lines.length > 0) {
    added = await sealWithMonthTotals(transaction, entry.id, description, ...totals);
  } else {
    await sealAlone(transaction, entry.id, description);
    if (entry.lines.length > 0) added = await addMonthTotals(transaction, ...totals);
  }
  const [, , accountIds] = totals;
  return accountIds.filter((accountId) => !added.some((row) => row.account_id === accountId));
}

/** Posts an entry with its lines in `transaction`: inserted, sealed, added to the months; its id. */
export async function insertEntry(
  transaction: Executor,
  entry: LedgerEntryValues,
  lines: readonly LedgerLineValues[],
): Promise<number> {
  const { description, ...unsealed } = entry;
  const inserted = await insertUnsealedEntry(transaction, unsealed, lines);
  const full = await sealEntry(transaction, inserted, description);
  if (full.length > 0)
    throw new Error(`the month totals of accounts ${full.join(", ")} cannot take entry ${inserted.id}`);
  return inserted.id;
}

/**
 * Adds lines of one month, of any entries already sealed, to the month totals; answers the
 * accounts whose total could not take them (the caller must then not commit).
 */
export async function addLinesToMonth(
  transaction: Executor,
  companyId: number,
  month: string,
  lines: readonly LedgerLineValues[],
): Promise<number[]> {
  if (lines.length === 0) return [];
  const totals = monthArguments(companyId, month, lines);
  const added = await addMonthTotals(transaction, ...totals);
  const [, , accountIds] = totals;
  return accountIds.filter((accountId) => !added.some((row) => row.account_id === accountId));
}

/** A posting line as the ledger stores it, its account named by id (`idByPath` has the paths' ids). */
export function lineValues(line: PostingLine, idByPath: ReadonlyMap<string, number>): LedgerLineValues {
  const accountId = "id" in line.account ? line.account.id : idByPath.get(line.account.path);
  // Only a company whose books predate the ledger lacks one (serve warns at start): a fault of the
  // installation, not of the request, so a 500 whose log names the fix.
  if (accountId === undefined) {
    throw new Error(`the chart has no account ${JSON.stringify(line.account)}; run \`kasboek books backfill\``);
  }
  return {
    account_id: accountId,
    contact_id: line.contactId,
    debit_cents: line.debitCents,
    credit_cents: line.creditCents,
    vat_box: line.vatBox,
    vat_base_cents: line.vatBaseCents,
    vat_cents: line.vatCents,
    icp_kind: line.icpKind,
  };
}
