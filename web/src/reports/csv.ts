/**
 * A report as a CSV file for Dutch spreadsheets: cells separated by semicolons, amounts with a
 * decimal comma and no thousands separator (`-1234,50`, which Dutch Excel reads as a number),
 * dates as `dd-mm-jjjj`, lines ended by CRLF, UTF-8 with a byte order mark so accented names
 * survive Excel. Cells holding a separator, a quote or a line break are quoted, quotes doubled; a
 * cell a spreadsheet would run as a formula (= + - @ at the start, unless it is a number) gets a
 * leading apostrophe. Amounts are the server's decimal strings, rewritten, never recomputed.
 */
import { formatDate } from "../format.js";

export type Cell = string | number | null;

/** `"1234.5"` → `"1234,50"`, `"-0.5"` → `"-0,50"`; text that is no decimal is kept as it is. */
export function csvAmount(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined) return "";
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (match === null) return decimal;
  const [, sign = "", whole = "0", fraction = ""] = match;
  return `${sign}${whole.replace(/^0+(?=\d)/, "")},${fraction.replace(/0+$/, "").padEnd(2, "0")}`;
}

export function csvDate(iso: string | null | undefined): string {
  return formatDate(iso);
}

const NUMBER = /^-?\d+(,\d+)?$/;

function cellText(cell: Cell): string {
  if (cell === null) return "";
  const text = String(cell);
  const safe = /^[=+\-@\t\r]/.test(text) && !NUMBER.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return `\ufeff${rows.map((row) => row.map(cellText).join(";")).join("\r\n")}\r\n`;
}
