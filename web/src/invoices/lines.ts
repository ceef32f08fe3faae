/**
 * The lines of a document editor (sales invoice or quotation: the API gives both the same invoice
 * lines) while the reader types, and the lines of the API body made of them. Invariants: text
 * stays as typed (a number the reader writes the Dutch way is turned into the API's form when
 * sent; one that cannot be read is sent as typed, so the server names the problem at its field);
 * lines keep their server ids, and a removed saved line is sent as `_destroy` after the lines
 * shown, so `invoice_lines[i]` in the server's answer is the i-th line on the screen.
 */
import type { Schema } from "@kasboek/client";
import { decimalForInput, parseDateInput, parseDecimalInput } from "../format.js";

export interface LineDraft {
  /** React's key: the server id, or a new line's own */
  key: string;
  id: number | null;
  description: string;
  quantity: string;
  price: string;
  vatTypeId: number | null;
  productId: number | null;
  /** the revenue account the line is booked on; null for the company's default */
  accountId: number | null;
}

type SavedLine = Schema<"SalesInvoice">["invoice_lines"][number];
export type LineInput = NonNullable<Schema<"SalesInvoiceInput">["invoice_lines"]>[number];

let lineCounter = 0;

export function emptyLine(): LineDraft {
  lineCounter += 1;
  return {
    key: `new-${lineCounter}`,
    id: null,
    description: "",
    quantity: "1",
    price: "",
    vatTypeId: null,
    productId: null,
    accountId: null,
  };
}

/** The saved lines as the editor holds them. */
export function lineDraftsOf(lines: readonly SavedLine[]): LineDraft[] {
  return lines.map((line) => ({
    key: `line-${line.id}`,
    id: line.id,
    description: line.description ?? "",
    quantity: decimalForInput(line.quantity),
    price: decimalForInput(line.price_per_unit, 2),
    vatTypeId: line.vat_type_id,
    productId: line.product_id,
    accountId: line.account_id,
  }));
}

/** A typed number as the API's decimal; as typed when unreadable; left out when empty. */
export function decimalOrTyped(text: string): string | undefined {
  if (text.trim() === "") return undefined;
  return parseDecimalInput(text) ?? text;
}

/** A typed date as the API's; as typed when unreadable; left out when empty. */
export function dateOrTyped(text: string): string | undefined {
  if (text.trim() === "") return undefined;
  return parseDateInput(text) ?? text.trim();
}

/** The `invoice_lines` of the body: the lines shown, in order, then the removed ones. */
export function lineInputsOf(lines: readonly LineDraft[], removedLineIds: readonly number[]): LineInput[] {
  const shown: LineInput[] = lines.map((line) => ({
    ...(line.id === null ? {} : { id: line.id }),
    description: line.description,
    quantity: decimalOrTyped(line.quantity),
    price_per_unit: decimalOrTyped(line.price),
    vat_type_id: line.vatTypeId,
    product_id: line.productId,
    account_id: line.accountId,
  }));
  return [...shown, ...removedLineIds.map((id) => ({ id, _destroy: true }))];
}

/** Whether a problem the server names belongs to a field of a line editor. */
export function isLineField(attribute: string): boolean {
  return (
    attribute === "invoice_lines" ||
    /^invoice_lines\[\d+\]\.(description|quantity|price_per_unit|vat_type_id|product_id|account_id)$/.test(attribute)
  );
}
