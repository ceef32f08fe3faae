/**
 * Pure rules of the exports: amounts from integer cents, text made safe for XML and CSV, which
 * journal an entry belongs to, an account's XAF type, the months of a year and the rate of a VAT
 * box. No database, no clock.
 *
 * Invariants: an amount is written from integer cents by integer arithmetic (never a float);
 * text in a file is always escaped (XML) or quoted (CSV) here, and never longer than the field
 * it goes in.
 */
import { centsToDecimal } from "../../platform/money.js";
import { EntryLines, type LineRow } from "./entry-lines.js";

export type XafVersion = "4.0" | "3.2";
export const XAF_VERSIONS: readonly XafVersion[] = ["4.0", "3.2"];

/** The ledger's source types (ledger/rules.ts SourceType), as read back from the books. */
export type SourceType = "sales_invoice" | "expense" | "payment" | "journal_entry" | "vat_return";

export interface Journal {
  /** jrnID */
  id: string;
  /** desc */
  description: string;
  /** jrnTp: S sales, P purchases, B bank, M memo (the XSD's code list) */
  type: "S" | "P" | "B" | "M";
  sources: readonly SourceType[];
  /** how a transaction's document is named when the entry has no description */
  documentLabel: string;
}

/**
 * One journal per kind of entry. Payments are one journal whether they went through the bank or
 * the till: the ledger books both on a payment account, and the kind (bank) is the same.
 */
export const JOURNALS: readonly Journal[] = [
  { id: "VRK", description: "Verkoopboek", type: "S", sources: ["sales_invoice"], documentLabel: "Factuur" },
  { id: "INK", description: "Inkoopboek", type: "P", sources: ["expense"], documentLabel: "Uitgave" },
  { id: "BNK", description: "Bank en kas", type: "B", sources: ["payment"], documentLabel: "Betaling" },
  {
    id: "MEM",
    description: "Memoriaal",
    type: "M",
    sources: ["journal_entry", "vat_return"],
    documentLabel: "Memoriaalboeking",
  },
];

const SOURCE_LABELS: Record<SourceType, string> = {
  sales_invoice: "Factuur",
  expense: "Uitgave",
  payment: "Betaling",
  journal_entry: "Memoriaalboeking",
  vat_return: "Btw-aangifte",
};

export function journalOf(source: SourceType): Journal {
  const journal = JOURNALS.find((candidate) => candidate.sources.includes(source));
  if (journal === undefined) throw new Error(`no journal for ${source}`);
  return journal;
}

/**
 * The document a line refers to: the entry's description where the ledger wrote the document's
 * number in it (an invoice, an expense), else the kind and id of its source.
 */
export function documentReference(source: SourceType, sourceId: number, description: string | null): string {
  if ((source === "sales_invoice" || source === "expense") && description !== null && description.trim() !== "") {
    return description.trim();
  }
  return `${SOURCE_LABELS[source]} ${sourceId}`;
}

/** Where an entry came from, as the API names it (`sales_invoice/12`): Source / sourceID. */
export function sourceReference(source: SourceType, sourceId: number): string {
  return `${source}/${sourceId}`;
}

/** accTp: P for profit-and-loss accounts (under `profit`), B for the rest. */
export function accountTypeOf(path: string): "B" | "P" {
  return path === "profit" || path.startsWith("profit.") ? "P" : "B";
}

/**
 * An amount as XAF writes it: the magnitude with two decimals, its side apart (amntTp). A line's
 * cents are a safe integer and take integer arithmetic on numbers (a file writes millions, and a
 * bigint each was most of the garbage its server collected); a sum may be a bigint.
 */
export function xafAmount(cents: bigint | number): string {
  if (typeof cents === "number" && Number.isSafeInteger(cents)) {
    const magnitude = Math.abs(cents);
    const remainder = magnitude % 100;
    return `${(magnitude - remainder) / 100}.${remainder < 10 ? "0" : ""}${remainder}`;
  }
  const big = BigInt(cents);
  const magnitude = big < 0n ? -big : big;
  return `${magnitude / 100n}.${String(magnitude % 100n).padStart(2, "0")}`;
}

/** D for a debit (a positive signed amount, and zero), C for a credit. */
export function sideOf(signedCents: bigint | number): "D" | "C" {
  return signedCents < 0 ? "C" : "D";
}

/** Cents added as numbers while the sum stays exact, as a bigint when it would not. */
export function sumOfCents(values: readonly number[]): number | bigint {
  let sum = 0;
  for (const value of values) sum += value;
  if (Number.isSafeInteger(sum)) return sum;
  return values.reduce((total, value) => total + BigInt(value), 0n);
}

/** An amount as the CSV writes it: two decimals after a decimal comma, no thousands separator. */
export function csvAmount(cents: bigint | number): string {
  const text = centsToDecimal(cents);
  const [whole, fraction = ""] = text.split(".");
  return `${whole},${fraction.padEnd(2, "0")}`;
}

// XML 1.0 allows tab, line feed and carriage return below U+0020, and nothing in U+FFFE–U+FFFF or
// unpaired surrogates; such characters cannot be escaped, so they are left out
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const HAS_NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const NEEDS_ESCAPE = /[&<>"']/;

// Most text needs nothing done: tested once, it is returned as it is, since a file of 100k
// entries writes millions of values and every copy made is garbage the server must collect.
export function xmlText(text: string): string {
  const valid = HAS_NOT_XML.test(text) ? text.replace(NOT_XML, "") : text;
  if (!NEEDS_ESCAPE.test(valid)) return valid;
  return valid
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** At most `maximum` characters (the XSD counts characters, not bytes), without outer spaces. */
export function clip(text: string, maximum: number): string {
  const trimmed = text.trim();
  // a string of at most `maximum` UTF-16 units has at most that many characters
  if (trimmed.length <= maximum) return trimmed;
  const characters = Array.from(trimmed);
  return characters.length <= maximum ? trimmed : characters.slice(0, maximum).join("").trimEnd();
}

/**
 * A CSV field for Dutch Excel: quoted when it holds the separator, a quote or a line break; text
 * that Excel would run as a formula (=, +, -, @ first) gets a leading apostrophe.
 */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export interface Month {
  number: number;
  from: string;
  till: string;
}

/** The twelve months of a calendar year: the auditfile's periods. */
export function monthsOf(year: number): Month[] {
  const yyyy = String(year).padStart(4, "0");
  return Array.from({ length: 12 }, (_unused, index) => {
    const month = String(index + 1).padStart(2, "0");
    const lastDay = new Date(Date.UTC(year, index + 1, 0)).getUTCDate();
    return { number: index + 1, from: `${yyyy}-${month}-01`, till: `${yyyy}-${month}-${lastDay}` };
  });
}

export function yearRange(year: number): { from: string; till: string } {
  const yyyy = String(year).padStart(4, "0");
  return { from: `${yyyy}-01-01`, till: `${yyyy}-12-31` };
}

/** A period whose missing end is the other end's year's (or, with neither, this year's). */
export function periodWithDefaults(
  requested: { from?: string | undefined; till?: string | undefined },
  today: string,
): { from: string; till: string } {
  const yearOfDate = (date: string) => Number(date.slice(0, 4));
  return {
    from: requested.from ?? yearRange(yearOfDate(requested.till ?? today)).from,
    till: requested.till ?? yearRange(yearOfDate(requested.from ?? today)).till,
  };
}

/** The period (month) of a date. */
export function periodOf(date: string): number {
  return Number(date.slice(5, 7));
}

/** The VAT boxes of the return, as the ledger tags lines, with what the auditfile says of them. */
export const VAT_BOX_CODES = [
  { box: "1a", description: "Leveringen/diensten belast met hoog tarief (1a)" },
  { box: "1b", description: "Leveringen/diensten belast met laag tarief (1b)" },
  { box: "1c", description: "Leveringen/diensten belast met overige tarieven (1c)" },
  { box: "1d", description: "Privégebruik (1d)" },
  { box: "1e", description: "Leveringen/diensten belast met 0% of niet bij u belast (1e)" },
  { box: "2a", description: "Leveringen/diensten waarbij de btw naar u is verlegd (2a)" },
  { box: "3a", description: "Leveringen naar landen buiten de EU (3a)" },
  { box: "3b", description: "Leveringen naar of diensten in landen binnen de EU (3b)" },
  { box: "3c", description: "Installatie/afstandsverkopen binnen de EU (3c)" },
  { box: "4a", description: "Leveringen/diensten uit landen buiten de EU (4a)" },
  { box: "4b", description: "Leveringen/diensten uit landen binnen de EU (4b)" },
  { box: "5b", description: "Voorbelasting (5b)" },
] as const;

/** Boxes whose lines carry no VAT at all: their base lines get a VAT element of 0 %. */
const ZERO_RATE_BOXES = new Set(["1e", "3a", "3b", "3c"]);

export function isZeroRateBox(box: string): boolean {
  return ZERO_RATE_BOXES.has(box);
}

/** The rates our VAT types apply, in percent: a derived rate this close to one of them is it. */
const KNOWN_RATES = [21n, 9n, 6n, 0n];

/**
 * vatPerc of a box in one entry: its VAT over its base, in percent with three decimals. VAT is
 * rounded to cents, so the quotient misses the rate by up to half a cent over the base; a
 * quotient that close to a rate our VAT types apply (21, 9, 6, 0) is that rate, any other (a
 * custom rate, or lines of two rates in one box) is written rounded half up. 0 without a base.
 */
export function vatPercentage(baseCents: bigint, vatCents: bigint): string {
  if (baseCents === 0n) return "0.000";
  const base = baseCents < 0n ? -baseCents : baseCents;
  const vat = vatCents < 0n ? -vatCents : vatCents;
  // |vat − base × rate / 100| ≤ ½ cent, in whole numbers: |200 × vat − 2 × base × rate| ≤ 100
  const known = KNOWN_RATES.find((rate) => {
    const difference = 200n * vat - 2n * base * rate;
    return (difference < 0n ? -difference : difference) <= 100n;
  });
  // percentage × 1000, rounded half up: vat × 100 000 / base
  const thousandths = known !== undefined ? known * 1000n : (vat * 100_000n * 2n + base) / (2n * base);
  return `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, "0")}`;
}

/** Up to this many cents every product and sum `vatPercentage` forms is exact as a double. */
const SMALL_CENTS = 2 ** 31;
const KNOWN_NUMBERS = KNOWN_RATES.map(Number);
const KNOWN_PERCENTAGES = KNOWN_RATES.map((rate) => `${rate}.000`);

/**
 * `vatPercentage` of sums as `sumOfCents` gives them, by the same arithmetic on doubles while the
 * cents are small (an auditfile asks once per box of every entry, and a bigint each was garbage),
 * with the bigints beyond.
 */
export function vatPercentageOfCents(baseCents: number | bigint, vatCents: number | bigint): string {
  if (typeof baseCents !== "number" || typeof vatCents !== "number") {
    return vatPercentage(BigInt(baseCents), BigInt(vatCents));
  }
  const base = Math.abs(baseCents);
  const vat = Math.abs(vatCents);
  if (base > SMALL_CENTS || vat > SMALL_CENTS || !Number.isInteger(base) || !Number.isInteger(vat)) {
    return vatPercentage(BigInt(baseCents), BigInt(vatCents));
  }
  if (base === 0) return "0.000";
  for (let index = 0; index < KNOWN_NUMBERS.length; index++) {
    const rate = KNOWN_NUMBERS[index] ?? 0;
    if (Math.abs(200 * vat - 2 * base * rate) <= 100) return KNOWN_PERCENTAGES[index] ?? "";
  }
  const thousandths = Math.floor((vat * 100_000 * 2 + base) / (2 * base));
  return `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, "0")}`;
}

/** An entry's lines from their text (`account,contact,debit,credit,box,base,vat` joined by `;`). */
export function linesOf(text: string | null): LineRow[] {
  const lines = new EntryLines();
  lines.read(text);
  return lines.rows();
}

/** A street address in one field ("Keizersgracht 123-A") as XAF's street, number and extension. */
export function splitStreetAddress(address: string): {
  street: string;
  number: string | null;
  extension: string | null;
} {
  const match = /^(.*?)\s+(\d+)\s*[-/]?\s*(\S.*)?$/.exec(address.trim());
  if (match === null || (match[1] ?? "") === "") return { street: address.trim(), number: null, extension: null };
  return { street: match[1] ?? "", number: match[2] ?? null, extension: match[3]?.trim() || null };
}
