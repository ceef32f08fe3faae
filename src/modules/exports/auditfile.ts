/**
 * The XML Auditfile Financieel of one calendar year (issue 30 part 5), streamed: the master data
 * (company, relations, chart, VAT codes, periods, opening balance) is read before the first byte
 * goes out, so a failure there is an answer in the error envelope; then the year's entries are
 * read a page at a time and written as they come (xaf-transactions.ts, as bytes into reused
 * parts), so a year of 100k entries never sits in memory, and leaves little garbage behind.
 *
 * Invariants:
 * - every ledger entry dated in the year is one transaction, in its kind's journal (xaf.ts, rules.ts
 *   JOURNALS), with one trLine per ledger line; totals and line counts are summed in SQL over the
 *   same lines (store.ts `lineTotals`), so they add up, and each entry balances as the ledger sealed it;
 * - every read of one file sees the books of one moment (snapshot.ts);
 * - the opening balance is every account's balance before the year, profit-and-loss accounts
 *   closed into the result account (our books never close a year), so it balances as the books do;
 * - a year without entries, or a company without postings, is still a valid file.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { setImmediate } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { companyChart } from "../accounts/service.js";
import { companyDetails } from "../companies/service.js";
import { contactsByIds } from "../contacts/service.js";
import { LEDGER_ACCOUNTS } from "../ledger/service.js";
import { addressOf, type Chart, chartOf, openingLines, relationOf, vatCodesOf } from "./auditfile-books.js";
import { RGS_VERSION } from "./rgs.js";
import { JOURNALS, monthsOf, type XafVersion, yearRange } from "./rules.js";
import { type BooksSnapshot, openSnapshot } from "./snapshot.js";
import { balancesPerAccount, balancesPerContact, contactsOfEntries, lineTotals } from "./store.js";
import { type EntryKey, entryPage } from "./store-entries.js";
import {
  customerSupplier,
  JOURNAL_END,
  journalStart,
  ledgerAccount,
  openingBalance,
  period,
  transactionsStart,
  vatCode,
  XAF_END,
  type XafHead,
  xafStart,
} from "./xaf.js";
import { TransactionWriter } from "./xaf-transactions.js";
import { XmlParts } from "./xml-parts.js";

type AccountRow = Awaited<ReturnType<typeof companyChart>>[number];

/**
 * Entries per page. A page is alive while it is written, and what is alive when V8 collects its
 * young generation decides how far that generation grows (xml-parts.ts): pages of 200 entries
 * took it to its largest over a file, 50 keep it at half. Queries are built once (store.ts).
 */
const ENTRY_PAGE = 50;
/** Contacts read per query (an IN list); their text stays below V8's large-object size. */
const CONTACT_PAGE = 100;

/** The version of the package this file belongs to (the header's softwareVersion). */
function packageVersion(): string {
  for (let directory = path.dirname(fileURLToPath(import.meta.url)); ; directory = path.dirname(directory)) {
    const file = path.join(directory, "package.json");
    if (existsSync(file)) return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
    if (path.dirname(directory) === directory) return "0.0.0";
  }
}
const SOFTWARE_VERSION = packageVersion();

export interface ExportFile {
  fileName: string;
  contentType: string;
  /** the file's text, part by part */
  body: AsyncGenerator<string>;
  /** releases what the file holds (a PostgreSQL connection); safe to call again, and after the end */
  close: () => Promise<void>;
}

async function* relationsPart(
  version: XafVersion,
  snapshot: BooksSnapshot,
  companyId: number,
  year: { from: string; till: string },
  chart: readonly AccountRow[],
  relationIds: Map<number, string>,
): AsyncGenerator<string> {
  const { executor, throughEntryId } = snapshot;
  const balanceAccounts = [LEDGER_ACCOUNTS.debtors, LEDGER_ACCOUNTS.creditors].flatMap((accountPath) =>
    chart.filter((account) => account.path === accountPath).map((account) => account.id),
  );
  const [uses, balances] = await Promise.all([
    contactsOfEntries(executor, companyId, year, throughEntryId),
    balancesPerContact(executor, companyId, balanceAccounts, year, throughEntryId),
  ]);
  const useOf = new Map(uses.map((use) => [use.contactId, use]));
  const ids = [
    ...new Set([
      ...useOf.keys(),
      ...[...balances].filter(([, b]) => b.openingCents !== 0n || b.closingCents !== 0n).map(([id]) => id),
    ]),
  ].sort((left, right) => left - right);
  yield "<customersSuppliers>\n";
  for (let start = 0; start < ids.length; start += CONTACT_PAGE) {
    const contacts = await contactsByIds(executor, companyId, ids.slice(start, start + CONTACT_PAGE));
    const part: string[] = [];
    for (const [contactId, contact] of contacts) {
      const id = contact.contact_number.length <= 35 ? contact.contact_number : `#${contactId}`;
      relationIds.set(contactId, id);
      const use = useOf.get(contactId) ?? { sold: false, bought: false };
      const balance = balances.get(contactId) ?? { openingCents: 0n, closingCents: 0n };
      part.push(customerSupplier(version, relationOf(contact, id, use, balance)));
    }
    yield part.join("");
  }
  yield "</customersSuppliers>\n";
}

/** The transactions (xaf-transactions.ts), each part handed on as soon as it is full. */
async function* transactionsPart(
  version: XafVersion,
  snapshot: BooksSnapshot,
  companyId: number,
  year: { from: string; till: string },
  chart: Chart,
  relationIds: ReadonlyMap<number, string>,
): AsyncGenerator<string> {
  const { executor, throughEntryId } = snapshot;
  const parts = new XmlParts();
  const transactions = new TransactionWriter(version, chart, relationIds, parts);
  parts.xml(transactionsStart(await lineTotals(executor, companyId, year, throughEntryId)));
  for (const journal of JOURNALS) {
    parts.xml(journalStart(journal));
    for (const source of journal.sources) {
      let after: EntryKey | null = null;
      for (;;) {
        // a turn of the event loop per page: on SQLite every read answers at once, so without it
        // a download held the server for its whole length (another request waited 5.7 s for a
        // year of 100k entries) and V8's own tasks waited with it
        await setImmediate();
        const entries = await entryPage(executor, companyId, source, year, { after, throughEntryId, size: ENTRY_PAGE });
        for (const entry of entries) {
          transactions.write(entry);
          if (parts.hasFull) yield* parts.takeFull();
        }
        const last = entries[entries.length - 1];
        const more = last !== undefined && entries.length === ENTRY_PAGE;
        if (last !== undefined) after = { sourceId: last.source_id, id: last.id };
        if (!more) break;
      }
    }
    parts.xml(JOURNAL_END);
  }
  parts.xml(XAF_END);
  yield* parts.flush();
}

/**
 * The auditfile of `year` in `version`. The company's details and chart are read before this
 * answers; the rest as the body is read.
 */
export async function auditfileExport(
  deps: ServiceDeps,
  company: CompanyAccess,
  request: { year: number; version: XafVersion },
): Promise<ExportFile> {
  const { year, version } = request;
  const range = yearRange(year);
  const snapshot = await openSnapshot(deps.db, company.companyId);
  try {
    const [details, rows, opening] = await Promise.all([
      companyDetails(snapshot.executor, company.companyId),
      companyChart(snapshot.executor, company.companyId),
      balancesPerAccount(
        snapshot.executor,
        company.companyId,
        { till: addDaysBefore(range.from) },
        snapshot.throughEntryId,
      ),
    ]);
    if (details === undefined) throw new Error(`company ${company.companyId} has no row`);
    const chart = chartOf(rows);
    const head: XafHead = {
      version,
      year,
      startDate: range.from,
      endDate: range.till,
      dateCreated: dateInTimeZone(deps.now(), company.timeZone),
      softwareVersion: SOFTWARE_VERSION,
      rgsVersion: chart.accounts.some((account) => account.rgsCode !== null) ? RGS_VERSION : null,
      companyName: details.name,
      kvkNumber: details.kvk_number,
      vatNumber: details.vat_number,
      country: details.country_code,
      address: addressOf(details),
    };
    const masterData = [
      "<generalLedger>\n",
      ...chart.accounts.map((account) => ledgerAccount(version, account)),
      "</generalLedger>\n<vatCodes>\n",
      ...vatCodesOf(chart).map((code) => vatCode(version, code)),
      "</vatCodes>\n<periods>\n",
      ...monthsOf(year).map((month) => period(version, month)),
      "</periods>\n",
      openingBalance(version, range.from, openingLines(chart, opening)),
    ].join("");
    async function* body(): AsyncGenerator<string> {
      try {
        yield xafStart(head);
        const relationIds = new Map<number, string>();
        yield* relationsPart(version, snapshot, company.companyId, range, rows, relationIds);
        yield masterData;
        yield* transactionsPart(version, snapshot, company.companyId, range, chart, relationIds);
      } finally {
        await snapshot.close();
      }
    }
    return {
      fileName: `auditfile-${company.companyId}-${year}.xaf`,
      contentType: "application/xml; charset=utf-8",
      body: body(),
      close: snapshot.close,
    };
  } catch (error) {
    await snapshot.close();
    throw error;
  }
}

/** The day before a YYYY-01-01: the last day of the opening balance. */
function addDaysBefore(firstOfYear: string): string {
  return `${String(Number(firstOfYear.slice(0, 4)) - 1).padStart(4, "0")}-12-31`;
}
