/**
 * Amounts and dates as a Dutch reader writes them, in either language: `€ 1.234,56`, `26-11-2026`.
 * Invariants: money stays a decimal string from the API to the screen and back — never a float;
 * what the reader types is read as Dutch (a comma for the decimals, dots between thousands) and
 * turned into the API's decimal (`1234.56`), or refused as unreadable, never guessed at.
 */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** `"1234.5"` → `"1.234,50"`; null when the text is no decimal. */
export function formatDecimal(decimal: string, minimumFractionDigits = 2): string | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (match === null) return null;
  const [, sign = "", whole = "0", fraction = ""] = match;
  const shown = fraction.replace(/0+$/, "").padEnd(minimumFractionDigits, "0");
  return `${sign}${groupThousands(whole.replace(/^0+(?=\d)/, ""))}${shown === "" ? "" : `,${shown}`}`;
}

/** An amount in euro: `"1234.56"` → `"€ 1.234,56"`, `"-5"` → `"€ -5,00"`; "" for none. */
export function formatAmount(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined) return "";
  const formatted = formatDecimal(decimal);
  return formatted === null ? decimal : `€\u00a0${formatted}`;
}

/** A quantity: `"4.0"` → `"4"`, `"1.5"` → `"1,5"`. */
export function formatQuantity(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined) return "";
  return formatDecimal(decimal, 0) ?? decimal;
}

/** A date (or the date of a date-time): `"2026-11-26"` → `"26-11-2026"`; "" for none. */
export function formatDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
  return match === null ? "" : `${match[3]}-${match[2]}-${match[1]}`;
}

/** Today in the reader's time zone, as the API writes dates. */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * What the reader typed as a number, as the API's decimal: `"1.234,56"` → `"1234.56"`,
 * `"75"` → `"75"`, `"-2,5"` → `"-2.5"`. A dot alone before one or two digits is read as the
 * decimal point (`"75.50"`), before exactly three as a thousands separator (`"1.250"`), as Dutch
 * writes it. Null when it is not a number.
 */
export function parseDecimalInput(text: string): string | null {
  const compact = text.replace(/[\s\u00a0€]/g, "");
  const match = /^([-+]?)([\d.]*)(?:,(\d*))?$/.exec(compact);
  if (match === null) return null;
  const [, sign = "", integerPart = "", commaFraction] = match;
  let whole = integerPart;
  let fraction = commaFraction ?? "";
  if (commaFraction === undefined && /^\d+\.\d{1,2}$/.test(integerPart)) {
    [whole = "", fraction = ""] = integerPart.split(".");
  } else if (whole.includes(".")) {
    if (!/^\d{1,3}(\.\d{3})+$/.test(whole)) return null;
    whole = whole.replaceAll(".", "");
  }
  if (whole === "" && fraction === "") return null;
  const normalWhole = whole === "" ? "0" : whole;
  return `${sign === "-" ? "-" : ""}${normalWhole}${fraction === "" ? "" : `.${fraction}`}`;
}

/**
 * A decimal from the API as the reader edits it: `"1234.5"` → `"1234,50"` (no thousands dots),
 * with at least `minimumFractionDigits` decimals (2 for money, 0 for a quantity).
 */
export function decimalForInput(decimal: string | null | undefined, minimumFractionDigits = 0): string {
  if (decimal === null || decimal === undefined) return "";
  const formatted = formatDecimal(decimal, minimumFractionDigits);
  return formatted === null ? decimal : formatted.replaceAll(".", "");
}

/**
 * A date as the reader typed it, the Dutch way (`26-11-2026`, `26/11/2026`, `26.11.2026`, or
 * the API's own `2026-11-26`), as the API writes it; null when it is no date of the calendar.
 */
export function parseDateInput(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const dutch = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(trimmed);
  const [year, month, day] =
    iso !== null ? [iso[1], iso[2], iso[3]] : dutch !== null ? [dutch[3], dutch[2], dutch[1]] : [];
  if (year === undefined || month === undefined || day === undefined) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}
