/**
 * The year's transactions of an auditfile (XAF 4.0 or 3.2), written straight into bytes
 * (xml-parts.ts): the one part of the file that grows with the books, 150 MB for a year of 100k
 * entries. An entry's lines are read into reused arrays (entry-lines.ts) and each element is
 * written as it is met, so an entry leaves nothing behind but its bytes. Pure: auditfile.ts reads
 * the entries, auditfile-books.ts shapes the chart and relations.
 *
 * Invariants:
 * - every ledger entry is one transaction and every one of its lines one trLine, in posting
 *   order, with its signed amount (debit positive) unchanged and its side apart;
 * - a line carries a VAT element where it carries VAT, or where its box is a 0 % box; the rate is
 *   the box's VAT over its base within the entry (rules.ts `vatPercentage`), input VAT (5b)
 *   over the entry's profit and loss when its lines give no base, and the VAT is on the line's
 *   side;
 * - element names, order and lengths are the schemas' (xaf.ts says where they come from); text is
 *   written as xaf.ts's `element` writes it.
 */
import type { Chart } from "./auditfile-books.js";
import { EntryLines } from "./entry-lines.js";
import {
  accountTypeOf,
  documentReference,
  isZeroRateBox,
  JOURNALS,
  periodOf,
  sourceReference,
  vatPercentageOfCents,
  type XafVersion,
} from "./rules.js";
import type { EntryRow } from "./store-entries.js";
import { markup, type XmlParts, xmlTag } from "./xml-parts.js";

const TAG = {
  nr: xmlTag("nr"),
  desc: xmlTag("desc"),
  periodNumber: xmlTag("periodNumber"),
  trDt: xmlTag("trDt"),
  source: xmlTag("Source"),
  sourceId: xmlTag("sourceID"),
  accId: xmlTag("accID"),
  docRef: xmlTag("docRef"),
  effDate: xmlTag("effDate"),
  amnt: xmlTag("amnt"),
  custSupId: xmlTag("custSupID"),
  vatId: xmlTag("vatID"),
  vatPerc: xmlTag("vatPerc"),
  vatAmnt: xmlTag("vatAmnt"),
};
const MARKUP = {
  transaction: markup("<transaction>"),
  transactionEnd: markup("</transaction>\n"),
  line: markup("<trLine>"),
  lineEnd: markup("</trLine>\n"),
  newLine: markup("\n"),
  debit: markup("<amntTp>D</amntTp>"),
  credit: markup("<amntTp>C</amntTp>"),
  vat: markup("<vat>"),
  vatDebit: markup("<vatAmntTp>D</vatAmntTp></vat>"),
  vatCredit: markup("<vatAmntTp>C</vatAmntTp></vat>"),
};

/** `sales_invoice/` and the like: what `sourceReference` writes before the id. */
const SOURCE_PREFIXES: Partial<Record<string, Uint8Array>> = Object.fromEntries(
  JOURNALS.flatMap((journal) => journal.sources).map((source) => [source, markup(`${source}/`)]),
);

/** What of a line a sum over an entry's lines adds up. */
type Summand = "base" | "vat" | "profit";

export class TransactionWriter {
  readonly #lines = new EntryLines();
  /** vatPerc per VAT box of the entry being written */
  readonly #percentages = new Map<string, string>();

  constructor(
    private readonly version: XafVersion,
    private readonly chart: Chart,
    private readonly relationIds: ReadonlyMap<number, string>,
    private readonly parts: XmlParts,
  ) {}

  write(entry: EntryRow): void {
    const { parts, version } = this;
    const lines = this.#lines;
    lines.read(entry.lines);
    this.#percentages.clear();
    parts.bytes(MARKUP.transaction);
    parts.integer(TAG.nr, entry.id);
    parts.optional(TAG.desc, entry.description, 9999);
    parts.integer(TAG.periodNumber, periodOf(entry.date));
    parts.element(TAG.trDt, entry.date);
    // rules.ts `sourceReference`, at most 14 + 16 characters: within both versions' maximum
    const source = SOURCE_PREFIXES[entry.source_type];
    if (Number.isSafeInteger(entry.source_id) && entry.source_id >= 0 && source !== undefined) {
      parts.numbered(version === "4.0" ? TAG.source : TAG.sourceId, source, entry.source_id);
    } else {
      const text = sourceReference(entry.source_type, entry.source_id);
      parts.element(version === "4.0" ? TAG.source : TAG.sourceId, text, version === "4.0" ? 999 : 35);
    }
    parts.bytes(MARKUP.newLine);
    const reference = documentReference(entry.source_type, entry.source_id, entry.description);
    for (let line = 0; line < lines.count; line++) this.#line(entry, line, reference);
    parts.bytes(MARKUP.transactionEnd);
  }

  #line(entry: EntryRow, line: number, reference: string): void {
    const { parts } = this;
    const lines = this.#lines;
    // one positive side per line, each a safe integer: their difference is exact
    const cents = (lines.debit[line] ?? 0) - (lines.credit[line] ?? 0);
    parts.bytes(MARKUP.line);
    parts.integer(TAG.nr, line + 1);
    parts.element(TAG.accId, this.chart.referenceOf(lines.account[line] ?? Number.NaN), 35);
    parts.element(TAG.docRef, reference, this.version === "4.0" ? 255 : 999);
    parts.element(TAG.effDate, entry.date);
    // no desc: the transaction's says it once (on every line it was a fifth of the file)
    parts.amount(TAG.amnt, cents);
    parts.bytes(cents < 0 ? MARKUP.credit : MARKUP.debit);
    const contactId = lines.isNull(line, "contact") ? entry.contact_id : (lines.contact[line] ?? null);
    parts.element(TAG.custSupId, contactId === null ? null : this.relationIds.get(contactId), 35);
    const box = lines.box[line] ?? null;
    const carriesVat = box !== null && !lines.isNull(line, "vat");
    if (box !== null && (carriesVat || isZeroRateBox(box))) {
      // the VAT is on this line's side of the entry
      const vatCents = carriesVat ? Math.sign(cents) * Math.abs(lines.vat[line] ?? 0) : 0;
      parts.bytes(MARKUP.vat);
      parts.element(TAG.vatId, box, 35);
      parts.element(TAG.vatPerc, this.#percentage(box));
      parts.amount(TAG.vatAmnt, vatCents);
      parts.bytes(vatCents < 0 ? MARKUP.vatCredit : MARKUP.vatDebit);
    }
    parts.bytes(MARKUP.lineEnd);
  }

  /** vatPerc of `box` in this entry: its VAT over its base (input VAT tagged without a base: over profit and loss). */
  #percentage(box: string): string {
    const known = this.#percentages.get(box);
    if (known !== undefined) return known;
    let base = this.#sum("base", box);
    if (box === "5b" && (base === 0 || base === 0n)) base = this.#sum("profit", box);
    const percentage = vatPercentageOfCents(base, this.#sum("vat", box));
    this.#percentages.set(box, percentage);
    return percentage;
  }

  /** The entry's lines' bases or VAT in `box`, or its profit and loss, as rules.ts `sumOfCents` adds them. */
  #sum(summand: Summand, box: string): number | bigint {
    let sum = 0;
    for (let line = 0; line < this.#lines.count; line++) sum += this.#summand(summand, box, line);
    if (Number.isSafeInteger(sum)) return sum;
    let exact = 0n;
    for (let line = 0; line < this.#lines.count; line++) exact += BigInt(this.#summand(summand, box, line));
    return exact;
  }

  /** What `line` adds to the sum: a null base or VAT, or a line outside it, adds 0. */
  #summand(summand: Summand, box: string, line: number): number {
    const lines = this.#lines;
    if (summand === "profit") {
      const account = this.chart.byId.get(lines.account[line] ?? Number.NaN);
      if (account === undefined || accountTypeOf(account.path) !== "P") return 0;
      return (lines.debit[line] ?? 0) - (lines.credit[line] ?? 0);
    }
    if (lines.box[line] !== box || lines.isNull(line, summand)) return 0;
    return (summand === "base" ? lines.base[line] : lines.vat[line]) ?? 0;
  }
}
