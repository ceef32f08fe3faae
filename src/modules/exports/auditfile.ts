/**
 * The XML Auditfile Financieel of one calendar year (issue 30 part 5), streamed: the master data
 * (company, relations, chart, VAT codes, periods, opening balance) is read before the first byte
 * goes out, so a failure there is an answer in the error envelope; then the year's entries are
 * read a page at a time and written as they come, so a year of 100k entries never sits in memory.
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
import { fileURLToPath } from "node:url";
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { companyChart } from "../accounts/service.js";
import { companyDetails } from "../companies/service.js";
import { type ContactRow, contactsByIds, presentContact } from "../contacts/service.js";
import { LEDGER_ACCOUNTS, OUTPUT_VAT_ACCOUNTS } from "../ledger/service.js";
import { RGS_BY_PATH, RGS_VERSION } from "./rgs.js";
import {
  accountTypeOf,
  documentReference,
  isZeroRateBox,
  JOURNALS,
  monthsOf,
  periodOf,
  sourceReference,
  splitStreetAddress,
  VAT_BOX_CODES,
  vatPercentage,
  type XafVersion,
  yearRange,
} from "./rules.js";
import { type BooksSnapshot, openSnapshot } from "./snapshot.js";
import {
  balancesPerAccount,
  balancesPerContact,
  contactsOfEntries,
  type EntryRow,
  entryPage,
  type LineRow,
  linesOfEntries,
  lineTotals,
} from "./store.js";
import {
  customerSupplier,
  JOURNAL_END,
  journalStart,
  ledgerAccount,
  openingBalance,
  period,
  transaction,
  transactionsStart,
  vatCode,
  XAF_END,
  type XafAddress,
  type XafHead,
  type XafLine,
  type XafRelation,
  xafStart,
} from "./xaf.js";

type AccountRow = Awaited<ReturnType<typeof companyChart>>[number];

/** Entries per page: a page and its lines are a few hundred kB of text at most. */
const ENTRY_PAGE = 500;
/** Contacts read per query (an IN list). */
const CONTACT_PAGE = 500;

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

function addressOf(row: {
  address: string | null;
  zipcode: string | null;
  city: string | null;
  country_code: string | null;
}): XafAddress | null {
  if ([row.address, row.zipcode, row.city].every((part) => part === null || part.trim() === "")) return null;
  const street = splitStreetAddress(row.address ?? "");
  return { ...street, city: row.city, postalCode: row.zipcode, country: row.country_code };
}

/** The chart as the auditfile names it: reference as accID, RGS code, parent as 3.2's lead. */
function chartOf(chart: readonly AccountRow[]) {
  const byId = new Map(chart.map((account) => [account.id, account]));
  const accounts = chart.map((account) => {
    const parent = account.parent_id === null ? undefined : byId.get(account.parent_id);
    return {
      id: account.reference,
      description: account.name,
      type: accountTypeOf(account.path),
      rgsCode: RGS_BY_PATH[account.path] ?? null,
      parent: parent === undefined ? null : { id: parent.reference, description: parent.name },
    };
  });
  const referenceOf = (accountId: number) => byId.get(accountId)?.reference ?? String(accountId);
  const idOfPath = (accountPath: string) => chart.find((account) => account.path === accountPath)?.id;
  return { accounts, referenceOf, idOfPath, byId };
}

type Chart = ReturnType<typeof chartOf>;

function vatCodesOf(chart: Chart) {
  const referenceOfPath = (accountPath: string) => {
    const id = chart.idOfPath(accountPath);
    return id === undefined ? null : chart.referenceOf(id);
  };
  const inputVat = referenceOfPath(LEDGER_ACCOUNTS.inputVat);
  return VAT_BOX_CODES.map(({ box, description }) => {
    const owed = box in OUTPUT_VAT_ACCOUNTS ? OUTPUT_VAT_ACCOUNTS[box as keyof typeof OUTPUT_VAT_ACCOUNTS] : undefined;
    const selfAssessed = box === "2a" || box === "4a" || box === "4b";
    return {
      id: box,
      description,
      toPayAccountId: owed === undefined ? null : referenceOfPath(owed),
      toClaimAccountId: box === "5b" || selfAssessed ? inputVat : null,
    };
  });
}

/** Balances before the year; profit and loss of earlier years closed into the result account. */
function openingLines(chart: Chart, balances: ReadonlyMap<number, bigint>) {
  const resultId = chart.idOfPath("passiva.equity.result");
  const folded = new Map<number, bigint>();
  for (const [accountId, cents] of balances) {
    const account = chart.byId.get(accountId);
    const isProfit = account !== undefined && accountTypeOf(account.path) === "P";
    const target = isProfit && resultId !== undefined ? resultId : accountId;
    folded.set(target, (folded.get(target) ?? 0n) + cents);
  }
  return [...folded]
    .filter(([, cents]) => cents !== 0n)
    .sort(([left], [right]) => left - right)
    .map(([accountId, cents]) => ({ accountId: chart.referenceOf(accountId), cents }));
}

function relationOf(
  contact: ContactRow,
  id: string,
  use: { sold: boolean; bought: boolean },
  balance: { openingCents: bigint; closingCents: bigint },
): XafRelation {
  const type = use.sold && use.bought ? "B" : use.sold ? "C" : use.bought ? "S" : contact.is_supplier ? "S" : "C";
  return {
    id,
    name: presentContact(contact).name,
    email: contact.contact_person_email_address,
    kvkNumber: contact.kvk_number,
    country: contact.country_code,
    vatNumber: contact.vat_number,
    type,
    openingCents: balance.openingCents,
    closingCents: balance.closingCents,
    address: addressOf(contact),
  };
}

/** The XAF line of each ledger line; VAT elements where the line carries VAT or a 0 % box. */
function transactionLines(
  entry: EntryRow,
  lines: readonly LineRow[],
  chart: Chart,
  relationIds: ReadonlyMap<number, string>,
): XafLine[] {
  const base = new Map<string, bigint>();
  const vat = new Map<string, bigint>();
  // input VAT (5b) is tagged without a base: its base is what the entry puts in profit and loss
  let profitAndLossCents = 0n;
  for (const line of lines) {
    const account = chart.byId.get(line.account_id);
    if (account !== undefined && accountTypeOf(account.path) === "P") {
      profitAndLossCents += BigInt(line.debit_cents) - BigInt(line.credit_cents);
    }
    if (line.vat_box === null) continue;
    base.set(line.vat_box, (base.get(line.vat_box) ?? 0n) + BigInt(line.vat_base_cents ?? 0));
    vat.set(line.vat_box, (vat.get(line.vat_box) ?? 0n) + BigInt(line.vat_cents ?? 0));
  }
  if ((base.get("5b") ?? 0n) === 0n) base.set("5b", profitAndLossCents);
  const reference = documentReference(entry.source_type, entry.source_id, entry.description);
  return lines.map((line) => {
    const cents = BigInt(line.debit_cents) - BigInt(line.credit_cents);
    const box = line.vat_box;
    const carriesVat = box !== null && line.vat_cents !== null;
    const lineVat =
      box === null || !(carriesVat || isZeroRateBox(box))
        ? null
        : {
            id: box,
            percentage: vatPercentage(base.get(box) ?? 0n, vat.get(box) ?? 0n),
            // the VAT is on this line's side of the entry
            cents: carriesVat ? (cents < 0n ? -1n : 1n) * BigInt(Math.abs(line.vat_cents ?? 0)) : 0n,
          };
    const contactId = line.contact_id ?? entry.contact_id;
    return {
      accountId: chart.referenceOf(line.account_id),
      documentReference: reference,
      date: entry.date,
      description: entry.description,
      cents,
      relationId: contactId === null ? null : (relationIds.get(contactId) ?? null),
      vat: lineVat,
    };
  });
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

async function* transactionsPart(
  version: XafVersion,
  snapshot: BooksSnapshot,
  companyId: number,
  year: { from: string; till: string },
  chart: Chart,
  relationIds: ReadonlyMap<number, string>,
): AsyncGenerator<string> {
  const { executor, throughEntryId } = snapshot;
  yield transactionsStart(await lineTotals(executor, companyId, year, throughEntryId));
  for (const journal of JOURNALS) {
    yield journalStart(journal);
    let afterId = 0;
    for (;;) {
      const entries = await entryPage(executor, companyId, journal.sources, year, {
        afterId,
        throughEntryId,
        size: ENTRY_PAGE,
      });
      if (entries.length === 0) break;
      const lines = await linesOfEntries(
        executor,
        companyId,
        entries.map((entry) => entry.id),
      );
      const linesByEntry = new Map<number, LineRow[]>();
      for (const line of lines) {
        const ofEntry = linesByEntry.get(line.entry_id);
        if (ofEntry === undefined) linesByEntry.set(line.entry_id, [line]);
        else ofEntry.push(line);
      }
      yield entries
        .map((entry) =>
          transaction(version, {
            number: String(entry.id),
            description: entry.description,
            period: periodOf(entry.date),
            date: entry.date,
            source: sourceReference(entry.source_type, entry.source_id),
            lines: transactionLines(entry, linesByEntry.get(entry.id) ?? [], chart, relationIds),
          }),
        )
        .join("");
      afterId = entries[entries.length - 1]?.id ?? afterId;
      if (entries.length < ENTRY_PAGE) break;
    }
    yield JOURNAL_END;
  }
  yield XAF_END;
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
