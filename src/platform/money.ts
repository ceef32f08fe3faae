/**
 * Money and exact decimals. Posted amounts are integer cents; unit prices, quantities and rates
 * are exact decimal strings handled with big.js. No float ever holds money. Pure code.
 */
import Big from "big.js";

// Never switch to exponent notation when printing.
Big.NE = -1e6;
Big.PE = 1e6;

const DECIMAL_PATTERN = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

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

/** The wire format: shortest exact text with at least one fractional digit ("363.0", "0.21"). */
export function formatDecimal(value: Big | string): string {
  const text = new Big(value).toFixed();
  const normalised = text === "-0" ? "0" : text;
  return normalised.includes(".") ? normalised : `${normalised}.0`;
}

/** Canonical storage text of an exact decimal: no exponent, no trailing zeros. */
export function canonicalDecimal(value: Big): string {
  const text = value.toFixed();
  return text === "-0" ? "0" : text;
}

export function centsToDecimal(cents: number): string {
  return formatDecimal(new Big(cents).div(100));
}

/** Converts an amount with at most two decimals to integer cents; null when it has more. */
export function decimalToCents(value: Big): number | null {
  const cents = value.times(100);
  if (!cents.eq(cents.round(0, Big.roundDown))) return null;
  return Number(cents.toFixed(0));
}

/** Rounds half away from zero to whole cents (the rounding of DESIGN.md section 7). */
export function roundToCents(value: Big): number {
  return Number(value.times(100).round(0, Big.roundHalfUp).toFixed(0));
}
