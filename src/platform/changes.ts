/**
 * Which attributes of a request would change a locked document (a published invoice, a sent
 * quotation). A value sent back exactly as the document shows it is no change, so clients may
 * send the whole document back. Pure code.
 */
import { parseDecimal } from "./money.js";

function sameValue(given: unknown, current: unknown): boolean {
  if (given === null || given === undefined) return current === null || current === undefined;
  if (typeof given === "string" && typeof current === "string") {
    const [left, right] = [parseDecimal(given), parseDecimal(current)];
    if (left !== null && right !== null) return left.eq(right);
  }
  return given === current;
}

/**
 * The request's attributes that differ from the document as presented, except `editable` ones.
 * Nested lists (`invoice_lines`) and inline objects (`contact`) count as changes when non-empty.
 */
export function lockedChanges(
  attributes: Record<string, unknown>,
  current: Record<string, unknown>,
  editable: ReadonlySet<string>,
): string[] {
  return Object.entries(attributes).flatMap(([key, value]) => {
    if (value === undefined || editable.has(key)) return [];
    if (Array.isArray(value)) return value.length > 0 ? [key] : [];
    if (typeof value === "object" && value !== null) return [key];
    return sameValue(value, current[key]) ? [] : [key];
  });
}
