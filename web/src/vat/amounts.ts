/**
 * Amounts of the VAT return as the form shows them: the filed figures in whole euros, and the
 * sign of a figure for the words beside it. The decimals are the server's strings, never numbers.
 */
import { formatDecimal } from "../format.js";

/** A whole-euro amount as filed: `"1000.0"` → `"€ 1.000"`, `"-12.0"` → `"€ -12"`; "" for none. */
export function formatWholeEuros(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined) return "";
  const formatted = formatDecimal(decimal, 0);
  return formatted === null ? decimal : `€\u00a0${formatted}`;
}

/** The sign of a decimal as the server wrote it, for words such as "to pay" and "to reclaim". */
export function signOf(decimal: string | null | undefined): -1 | 0 | 1 {
  if (decimal === null || decimal === undefined || /^-?0*(\.0*)?$/.test(decimal)) return 0;
  return decimal.startsWith("-") ? -1 : 1;
}
