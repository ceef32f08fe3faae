/**
 * Money and exact decimals. Posted amounts are integer cents; unit prices, quantities and rates
 * are exact decimal strings handled with big.js. No float ever holds money. Pure code.
 *
 * `formatDecimal` prints an already canonical stored text without big.js (ten times cheaper; a
 * page of 40 invoices prints hundreds): one of the changes behind 0.38 → 0.42 of raw for the
 * PostgreSQL reads of the mixed workload (bench/RESULTS.md, "Mixed multi-tenant workload
 * (issue 27): after the session of 2026-11-27").
 */
import Big from "big.js";
import type { Problem } from "./catalogue/keys.js";

// Never switch to exponent notation when printing.
Big.NE = -1e6;
Big.PE = 1e6;

// No leading "+": big.js refuses it, and the API is as strict as the reference ("+1" is not a number).
const DECIMAL_PATTERN = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The largest magnitude of any amount, in euros: 10^13 (ten trillion). Amounts are integer cents
 * in bigint columns and JavaScript numbers; 10^13 euros is 10^15 cents, below
 * Number.MAX_SAFE_INTEGER (about 9.007 × 10^15), so an amount, a line total (at most twice this
 * with VAT) and a sum of a few of them stay exact integers everywhere.
 */
export const MAX_AMOUNT = "10000000000000";
export const MAX_AMOUNT_CENTS = 1e15;
/** The largest magnitude of a quantity; quantity × price is checked against MAX_AMOUNT as well. */
export const MAX_QUANTITY = "1000000000";
/** Digits after the decimal point a value may carry; more cannot show on any document. */
export const MAX_DECIMAL_PLACES = 10;
/**
 * A JSON number reaches us as a float; one with at most 15 significant digits converts back to
 * exactly the digits that were sent, one with more may not, so it must be sent as a string.
 */
const EXACT_FLOAT_DIGITS = 15;

/** Parses user input into a Big, or null when it is not a plain decimal number. */
export function parseDecimal(input: string | number): Big | null {
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return null;
    // String() gives the shortest text that round-trips, so 0.1 stays "0.1".
    return new Big(String(input));
  }
  const text = input.trim();
  if (!DECIMAL_PATTERN.test(text)) return null;
  return new Big(text);
}

export type DecimalReading = { ok: true; value: Big } | { ok: false; problem: Problem };

function significantDigits(float: number): number {
  const mantissa = String(Math.abs(float)).split("e")[0] ?? "";
  return mantissa.replace(".", "").replace(/^0+/, "").length;
}

/**
 * Reads an exact decimal from a request: a decimal string or a JSON number, at most
 * `maximum` in magnitude and with at most MAX_DECIMAL_PLACES decimals. The text is checked
 * before big.js sees it, so no size of input costs more than reading it once.
 */
export function readDecimal(input: unknown, maximum: string = MAX_AMOUNT): DecimalReading {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { ok: false, problem: { key: "notANumber" } };
    if (significantDigits(input) > EXACT_FLOAT_DIGITS) {
      return { ok: false, problem: { key: "tooManyDigits" } };
    }
    text = new Big(String(input)).toFixed();
  } else if (typeof input === "string") {
    text = input.trim();
  } else return { ok: false, problem: { key: "notANumber" } };
  if (!DECIMAL_PATTERN.test(text)) return { ok: false, problem: { key: "notANumber" } };
  const [whole = "", fraction = ""] = text.replace(/^-/, "").split(".");
  const minimum = `-${maximum}`;
  if (whole.replace(/^0+/, "").length > maximum.length) {
    return { ok: false, problem: { key: "between", minimum, maximum } };
  }
  if (fraction.replace(/0+$/, "").length > MAX_DECIMAL_PLACES) {
    return { ok: false, problem: { key: "maxDecimals", most: MAX_DECIMAL_PLACES } };
  }
  const value = new Big(text);
  if (value.abs().gt(maximum)) return { ok: false, problem: { key: "between", minimum, maximum } };
  return { ok: true, value };
}

/**
 * Stored decimals are canonical (`canonicalDecimal`): no sign on zero, no leading zeros, no
 * trailing fractional zeros. Such a text is already its wire format but for a missing ".0", and
 * recognising it is ten times cheaper than big.js's parse and print (1.0 against 0.1 µs): a page
 * of 40 invoices prints several hundred of them.
 */
const CANONICAL_DECIMAL = /^(?!-0$)-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** The wire format: shortest exact text with at least one fractional digit ("363.0", "0.21"). */
export function formatDecimal(value: Big | string): string {
  if (typeof value === "string" && CANONICAL_DECIMAL.test(value)) {
    return value.includes(".") ? value : `${value}.0`;
  }
  const text = new Big(value).toFixed();
  const normalised = text === "-0" ? "0" : text;
  return normalised.includes(".") ? normalised : `${normalised}.0`;
}

/** Canonical storage text of an exact decimal: no exponent, no trailing zeros. */
export function canonicalDecimal(value: Big): string {
  const text = value.toFixed();
  return text === "-0" ? "0" : text;
}

/**
 * Integer cents in the wire format, by integer arithmetic: exact for every safe integer and every
 * bigint (the sums of reports, which may pass 2^53), and a list of 100 invoices prints about 2,000
 * amounts, for which big.js (two parses and a division each) was a tenth of the answer's CPU time
 * on PostgreSQL. Any other number goes through big.js. The one formatter of cents: no other code
 * writes them as a decimal.
 */
export function centsToDecimal(cents: number | bigint): string {
  if (typeof cents === "bigint") return bigCentsToDecimal(cents);
  if (!Number.isSafeInteger(cents)) return formatDecimal(new Big(cents).div(100));
  const magnitude = Math.abs(cents);
  const remainder = magnitude % 100;
  return `${cents < 0 ? "-" : ""}${(magnitude - remainder) / 100}.${centsFraction(remainder)}`;
}

/** The digits after the point of a remainder of cents (0-99): one when the second is a zero. */
function centsFraction(remainder: number): string {
  return remainder % 10 === 0 ? String(remainder / 10) : String(remainder).padStart(2, "0");
}

function bigCentsToDecimal(cents: bigint): string {
  const magnitude = cents < 0n ? -cents : cents;
  const remainder = Number(magnitude % 100n);
  return `${cents < 0n ? "-" : ""}${magnitude / 100n}.${centsFraction(remainder)}`;
}

/** The integer cents of an amount with at most two decimals, as text; null when it has more. */
function wholeCentsText(value: Big): string | null {
  const cents = value.times(100);
  if (!cents.eq(cents.round(0, Big.roundDown))) return null;
  return cents.toFixed(0);
}

/** Converts an amount with at most two decimals to integer cents; null when it has more. */
export function decimalToCents(value: Big): number | null {
  const cents = wholeCentsText(value);
  return cents === null ? null : Number(cents);
}

/** `decimalToCents` at any size: for amounts that are sums (a report's), which may pass 2^53 cents. */
export function decimalToBigCents(value: Big): bigint | null {
  const cents = wholeCentsText(value);
  return cents === null ? null : BigInt(cents);
}

const LARGEST_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * An exact sum (cents, kilometres) as a number, for what is stored or answered as one (a ledger
 * line, a JSON integer), or null when a number would not hold it exactly: the caller refuses what
 * it cannot state, never a rounded amount.
 */
export function exactNumber(value: bigint): number | null {
  return value >= -LARGEST_EXACT && value <= LARGEST_EXACT ? Number(value) : null;
}

/** Rounds half away from zero to whole cents (the invoice-line rounding of docs/bookkeeping.md 4). */
export function roundToCents(value: Big): number {
  return Number(value.times(100).round(0, Big.roundHalfUp).toFixed(0));
}
