/**
 * Text formatting for printed documents (Dutch conventions): money "€ 1.234,56" (negative
 * "€ -1.234,56", as nl-NL prints it), exact decimals with a decimal comma and dot thousands
 * separators, rates as percentages, dates DD-MM-YYYY. Pure code: no database, no clock, no env,
 * no floats for money (cents are integers, decimals are exact strings handled with big.js; sums
 * of lines are bigint, which may pass 2^53 cents).
 */
import Big from "big.js";

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

function groupThousands(digits: string): string {
  return digits.replace(THOUSANDS, ".");
}

function requireCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount in cents must be a safe integer, got ${cents}`);
}

/** "1234.5" → "1.234,5"; at least `minFractionDigits` decimals, never rounded, never an exponent. */
export function formatDutchDecimal(value: string, minFractionDigits = 0): string {
  const exact = new Big(value).toFixed();
  const negative = exact.startsWith("-") && exact !== "-0";
  const [integerPart = "0", fractionPart = ""] = exact.replace("-", "").split(".");
  const fraction = fractionPart.padEnd(minFractionDigits, "0");
  const grouped = groupThousands(integerPart);
  return `${negative ? "-" : ""}${grouped}${fraction === "" ? "" : `,${fraction}`}`;
}

/** Digits of cents: a number must be a safe integer; a bigint (a sum of lines) is exact at any size. */
function formatCentsDigits(cents: number | bigint): string {
  if (typeof cents === "number") requireCents(cents);
  const whole = BigInt(cents);
  const absolute = whole < 0n ? -whole : whole;
  const euros = groupThousands(String(absolute / 100n));
  const rest = String(absolute % 100n).padStart(2, "0");
  return `${whole < 0n ? "-" : ""}${euros},${rest}`;
}

/** Euro cents as printed on a document: 123456 → "€ 1.234,56", -500 → "€ -5,00". */
export function formatEuroCents(cents: number | bigint): string {
  return `€ ${formatCentsDigits(cents)}`;
}

/** Cents of another currency, with its upper-case ISO code: "USD 1.234,56". */
export function formatForeignCents(cents: number | bigint, currencyCode: string): string {
  return `${currencyCode.toUpperCase()} ${formatCentsDigits(cents)}`;
}

/** An exact quantity: "12.345678" → "12,345678", "4.0" → "4". */
export function formatQuantity(quantity: string): string {
  return formatDutchDecimal(quantity, 0);
}

/** An exact unit price in euro with at least two decimals: "75" → "€ 75,00", "0.125" → "€ 0,125". */
export function formatUnitPrice(pricePerUnit: string): string {
  return `€ ${formatDutchDecimal(pricePerUnit, 2)}`;
}

/** A VAT rate (a fraction) as a percentage: "0.21" → "21%", "0.125" → "12,5%", "0" → "0%". */
export function formatRate(rate: string): string {
  return `${formatDutchDecimal(new Big(rate).times(100).toFixed(), 0)}%`;
}

/** "2024-03-01" → "01-03-2024". */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`date must be YYYY-MM-DD, got ${JSON.stringify(isoDate)}`);
  const [, year, month, day] = match;
  return `${day}-${month}-${year}`;
}

/** An IBAN as people read it, in groups of four: "NL91ABNA0417164300" → "NL91 ABNA 0417 1643 00". */
export function formatIban(iban: string): string {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  return compact.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The canonical text of an exact decimal, e.g. the key of a VAT rate ("0.210" → "0.21"). */
export function canonicalDecimal(value: string): string {
  const text = new Big(value).toFixed();
  return text === "-0" ? "0" : text;
}

/** Euro cents converted at `exchangeRate` (foreign units per euro), rounded half away from zero. */
export function convertCents(euroCents: number | bigint, exchangeRate: string): bigint {
  if (typeof euroCents === "number") requireCents(euroCents);
  return BigInt(new Big(euroCents.toString()).times(exchangeRate).round(0, Big.roundHalfUp).toFixed(0));
}

// Characters the PDF standard fonts can show (WinAnsiEncoding): printable Latin-1 plus these.
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const FALLBACKS: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", ı: "i", "\t": " ", "\u2212": "-" };

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/**
 * Makes free text printable with the standard fonts: keeps line breaks, strips accents the
 * encoding lacks ("ł" → "l", "ș" → "s") and replaces anything else with "?".
 */
export function printableText(text: string): string {
  let result = "";
  for (const char of text.replace(/\r\n?/g, "\n")) {
    if (char === "\n" || isWinAnsi(char)) {
      result += char;
      continue;
    }
    const fallback = FALLBACKS[char];
    if (fallback !== undefined) {
      result += fallback;
      continue;
    }
    const stripped = char.normalize("NFD").replace(/\p{M}/gu, "");
    result += stripped !== "" && [...stripped].every(isWinAnsi) ? stripped : "?";
  }
  return result;
}
