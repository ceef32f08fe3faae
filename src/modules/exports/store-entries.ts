/**
 * The pages of a year's ledger entries with their lines, as the auditfile writes its transactions
 * (store.ts says what the exports read and how a file sees one moment of the books). Every page
 * names the same last entry id; a page is one range of the ledger's index on (company, source
 * type, source id), so a page costs the same however many came before.
 */
import { sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { reusableQuery } from "../../db/reusable-query.js";
import type { LedgerTables } from "../ledger/service.js";
import type { SourceType } from "./rules.js";
import type { DateRange } from "./store.js";

function reading(executor: Executor) {
  return executor.withTables<LedgerTables>();
}

export interface EntryRow {
  id: number;
  date: string;
  description: string | null;
  source_type: SourceType;
  source_id: number;
  contact_id: number | null;
  /** the entry's lines in posting order, as `linesOf` in rules.ts reads them */
  lines: string | null;
}

/** Where a page of entries ended: its last entry's source id and id. */
export interface EntryKey {
  sourceId: number;
  id: number;
}

const text = (column: string) => sql`coalesce(cast(${sql.ref(column)} as text), '')`;

/**
 * Each line of an entry as `account,contact,debit,credit,box,base,vat` (blank for null), the lines
 * joined by `;` in posting order: one text per entry instead of a row per line. A page of rows
 * lives while the database answers (over the network, on PostgreSQL) and what lives then is
 * promoted to V8's old space, where it stays until a full collection: as rows, the lines of 100k
 * entries raised the server's peak memory by 110 MB on PostgreSQL. string_agg with ORDER BY is
 * PostgreSQL's, and SQLite's since 3.44.
 */
const LINES_OF_ENTRY = sql<string | null>`(select string_agg(${sql.join(
  [
    "line.account_id",
    "line.contact_id",
    "line.debit_cents",
    "line.credit_cents",
    "line.vat_box",
    "line.vat_base_cents",
    "line.vat_cents",
  ].map(text),
  sql` || ',' || `,
)}, ';' order by line.id) from ledger_lines as line where line.entry_id = entry.id and +line.company_id = entry.company_id)`;

function entriesOfSource(
  executor: Executor,
  companyId: number,
  source: string,
  from: string,
  till: string,
  throughEntryId: number,
) {
  return reading(executor)
    .selectFrom("ledger_entries as entry")
    .select([
      "entry.id",
      "entry.date",
      "entry.description",
      "entry.source_type",
      "entry.source_id",
      "entry.contact_id",
      LINES_OF_ENTRY.as("lines"),
    ])
    .where("entry.company_id", "=", companyId)
    .where("entry.source_type", "=", source as SourceType)
    .where("entry.id", "<=", throughEntryId)
    .where("entry.date", ">=", from)
    .where("entry.date", "<=", till);
}

// built and compiled once: a year of 100k entries reads 2,000 pages, and building each anew was
// a tenth of what the file's writing allocated
const firstEntries = reusableQuery(
  (executor, companyId: number, source: string, from: string, till: string, through: number, size: number) =>
    entriesOfSource(executor, companyId, source, from, till, through)
      .orderBy("entry.source_id")
      .orderBy("entry.id")
      .limit(size),
);
const nextEntries = reusableQuery(
  (
    executor,
    companyId: number,
    source: string,
    from: string,
    till: string,
    through: number,
    afterSourceId: number,
    afterId: number,
    size: number,
  ) =>
    entriesOfSource(executor, companyId, source, from, till, through)
      .where("entry.source_id", ">=", afterSourceId)
      .where((eb) => eb.or([eb("entry.source_id", ">", afterSourceId), eb("entry.id", ">", afterId)]))
      .orderBy("entry.source_id")
      .orderBy("entry.id")
      .limit(size),
);

/**
 * The next page of the range's entries of one source type after `after`, with their lines, by
 * source (the document's id, so a journal reads in the order its documents were made) and then
 * entry id (a document's reversal and repost): the order of the ledger's index on (company,
 * source type, source id), so each page is one range of that index, however many came before.
 * The lines are read along the entry index: `+` keeps SQLite, which has no statistics, from
 * walking the company's part of the account index instead (all of its lines, for every entry).
 */
export async function entryPage(
  executor: Executor,
  companyId: number,
  source: SourceType,
  range: Required<DateRange>,
  window: { after: EntryKey | null; throughEntryId: number; size: number },
): Promise<EntryRow[]> {
  const { after, throughEntryId, size } = window;
  const rows =
    after === null
      ? await firstEntries(executor, companyId, source, range.from, range.till, throughEntryId, size)
      : await nextEntries(
          executor,
          companyId,
          source,
          range.from,
          range.till,
          throughEntryId,
          after.sourceId,
          after.id,
          size,
        );
  return rows;
}
