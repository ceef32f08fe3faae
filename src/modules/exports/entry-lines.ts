/**
 * An entry's lines read from their text (store.ts `LINES_OF_ENTRY`: `account,contact,debit,credit,
 * box,base,vat` per line, blank for null, lines joined by `;`) into arrays kept from one entry to
 * the next: a year of 600k lines makes no object, array or string per line but a VAT box's code.
 * rules.ts `linesOf` is the same table as objects. Pure.
 *
 * Invariants: each field reads as `Number(field)` reads it (up to 15 digits, optionally after a
 * minus, are summed from their digits, which is that number, and any other text goes to Number
 * itself); a blank contact, base or VAT is null, a blank box is null; a field a line lacks reads
 * as `split` left it (undefined: null, or NaN for account, debit and credit); fields after the
 * seventh are ignored.
 */

/** A ledger line as the auditfile reads it with its entry (store.ts `entryPage`). */
export interface LineRow {
  account_id: number;
  contact_id: number | null;
  debit_cents: number;
  credit_cents: number;
  vat_box: string | null;
  vat_base_cents: number | null;
  vat_cents: number | null;
}

const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
/** Below 10^15 every integer is exact as a double, and so is every step of summing its digits. */
const MOST_DIGITS = 15;

/** Bits of `nulls`: which nullable fields of a line are null. */
const NULL_CONTACT = 1;
const NULL_BASE = 2;
const NULL_VAT = 4;
const ALL_NULL = NULL_CONTACT | NULL_BASE | NULL_VAT;

/** The VAT boxes met so far, by their two characters: a dozen codes, read on every other line. */
const BOXES = new Map<number, string>();
const MOST_BOXES = 64;

/** `text` from `start` to `end`, the same string each time for a box of two characters (1a, 5b). */
function boxIn(text: string, start: number, end: number): string {
  if (end - start !== 2) return text.slice(start, end);
  const key = text.charCodeAt(start) * 0x10000 + text.charCodeAt(start + 1);
  const known = BOXES.get(key);
  if (known !== undefined) return known;
  const box = text.slice(start, end);
  if (BOXES.size < MOST_BOXES) BOXES.set(key, box);
  return box;
}

/** A field of `text` from `start` to `end` as `Number` reads it. */
function numberIn(text: string, start: number, end: number): number {
  const negative = start < end && text.charCodeAt(start) === MINUS;
  const first = negative ? start + 1 : start;
  if (end === first || end - first > MOST_DIGITS) return Number(text.slice(start, end));
  let value = 0;
  for (let index = first; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code < ZERO || code > NINE) return Number(text.slice(start, end));
    value = value * 10 + (code - ZERO);
  }
  return negative ? -value : value;
}

export class EntryLines {
  /** how many lines the last text read had */
  count = 0;
  account = new Float64Array(16);
  contact = new Float64Array(16);
  debit = new Float64Array(16);
  credit = new Float64Array(16);
  base = new Float64Array(16);
  vat = new Float64Array(16);
  nulls = new Uint8Array(16);
  /** each line's VAT box, or null */
  readonly box: Array<string | null> = [];

  read(text: string | null): void {
    this.count = 0;
    if (text === null || text === "") return;
    let field = 0;
    let start = 0;
    this.#start(0);
    for (let at = 0; at <= text.length; at++) {
      const code = at === text.length ? SEMICOLON : text.charCodeAt(at);
      if (code !== COMMA && code !== SEMICOLON) continue;
      if (field < 7) this.#field(this.count, field, text, start, at);
      start = at + 1;
      field++;
      if (code === SEMICOLON) {
        this.count++;
        field = 0;
        if (at < text.length) this.#start(this.count);
      }
    }
  }

  isNull(line: number, bit: "contact" | "base" | "vat"): boolean {
    const mask = bit === "contact" ? NULL_CONTACT : bit === "base" ? NULL_BASE : NULL_VAT;
    return ((this.nulls[line] ?? 0) & mask) !== 0;
  }

  /** The lines read, as objects (rules.ts `linesOf`). */
  rows(): LineRow[] {
    const rows: LineRow[] = [];
    for (let line = 0; line < this.count; line++) {
      rows.push({
        account_id: this.account[line] ?? Number.NaN,
        contact_id: this.isNull(line, "contact") ? null : (this.contact[line] ?? null),
        debit_cents: this.debit[line] ?? Number.NaN,
        credit_cents: this.credit[line] ?? Number.NaN,
        vat_box: this.box[line] ?? null,
        vat_base_cents: this.isNull(line, "base") ? null : (this.base[line] ?? null),
        vat_cents: this.isNull(line, "vat") ? null : (this.vat[line] ?? null),
      });
    }
    return rows;
  }

  /** A line as a missing field leaves it, with room for it. */
  #start(line: number): void {
    if (line >= this.account.length) this.#grow();
    this.account[line] = Number.NaN;
    this.debit[line] = Number.NaN;
    this.credit[line] = Number.NaN;
    this.nulls[line] = ALL_NULL;
    this.box[line] = null;
  }

  #field(line: number, field: number, text: string, start: number, end: number): void {
    const blank = start === end;
    switch (field) {
      case 0:
        this.account[line] = numberIn(text, start, end);
        return;
      case 1:
        if (!blank) this.#nullable(this.contact, NULL_CONTACT, line, numberIn(text, start, end));
        return;
      case 2:
        this.debit[line] = numberIn(text, start, end);
        return;
      case 3:
        this.credit[line] = numberIn(text, start, end);
        return;
      case 4:
        this.box[line] = blank ? null : boxIn(text, start, end);
        return;
      case 5:
        if (!blank) this.#nullable(this.base, NULL_BASE, line, numberIn(text, start, end));
        return;
      default:
        if (!blank) this.#nullable(this.vat, NULL_VAT, line, numberIn(text, start, end));
    }
  }

  #nullable(values: Float64Array, bit: number, line: number, value: number): void {
    values[line] = value;
    this.nulls[line] = (this.nulls[line] ?? 0) & ~bit;
  }

  #grow(): void {
    const larger = (values: Float64Array) => {
      const grown = new Float64Array(values.length * 2);
      grown.set(values);
      return grown;
    };
    this.account = larger(this.account);
    this.contact = larger(this.contact);
    this.debit = larger(this.debit);
    this.credit = larger(this.credit);
    this.base = larger(this.base);
    this.vat = larger(this.vat);
    const nulls = new Uint8Array(this.nulls.length * 2);
    nulls.set(this.nulls);
    this.nulls = nulls;
  }
}
