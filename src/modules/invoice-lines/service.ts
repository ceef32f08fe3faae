/**
 * The lines of a document (sales invoice, quotation, expense), in one place for every kind:
 * nested-subresource changes (platform/nested.ts) are planned and checked first — every problem
 * recorded, nothing written — and applied afterwards in the caller's transaction, so a request
 * changes all of its lines or none. Amounts come from the shared line arithmetic (rules.ts).
 */
import type { Static } from "@sinclair/typebox";
import Big from "big.js";
import type { Executor } from "../../db/connection.js";
import { MAX_ARRAY_ITEMS } from "../../platform/attributes.js";
import type { ValidationErrors } from "../../platform/errors.js";
import { MAX_AMOUNT } from "../../platform/money.js";
import { planNestedChanges } from "../../platform/nested.js";
import { resolveAccountReference } from "../accounts/service.js";
import type { PostableLine } from "../ledger/service.js";
import { resolveLineVat, type VatTypeLookup, vatTypeNamesByIds, vatTypesFor } from "../vat-types/service.js";
import { type LineTotals, lineTotals, lineWithinLimits, sumLineTotals, totalsWithinLimits } from "./rules.js";
import type { ExpenseLineAttributes } from "./schemas.js";

/** The line schemas every document embeds, and the line arithmetic products price with. */
export { lineTotals } from "./rules.js";
export {
  DESCRIPTION_MAX_LENGTH,
  ExpenseLineAttributes,
  INVOICE_LINE_READ_ONLY,
  InvoiceLineAttributes,
  InvoiceLineSchema,
} from "./schemas.js";

import {
  type DocumentReference,
  deleteLines,
  finalQuantitiesOfProducts,
  findLinesOfDocuments,
  type InvoiceLineRow,
  type InvoiceLineValues,
  insertLines,
  markLinesFinal,
  updateLine,
} from "./store.js";

export type { InvoiceLine } from "./present.js";
export { presentLine, presentLineRows, presentLinesByDocument } from "./present.js";
export type { DocumentReference, InvoiceLineRow } from "./store.js";
/** The documents with a text in a line's description, as a subquery for their `search[q]`. */
export { documentIdsWithLineText } from "./store.js";
/** A line as a request gives it; only expense lines carry `reverse_charge_vat_rate`. */
export type InvoiceLineItem = Partial<Static<typeof ExpenseLineAttributes>>;
type LineChanges = Omit<InvoiceLineItem, "id" | "_destroy">;

/** What a product contributes to a line that names it and leaves the field out. */
export interface ProductLineDefaults {
  description: string | null;
  extended_description: string | null;
  price_per_unit: string;
  vat_type_id: number;
  vat_rate: string | null;
  account_id: number | null;
}

export type ProductDefaultsLookup = (productId: number) => Promise<ProductLineDefaults | undefined>;

export interface PlannedLine {
  /** the stored line, null for a new one */
  row: InvoiceLineRow | null;
  values: InvoiceLineValues;
  /** the VAT type's name (vat_high, vat_reverse_charged, …), for document rules */
  vatTypeName: string;
  changed: boolean;
}

export interface LinesPlan {
  lines: PlannedLine[];
  destroyedIds: number[];
  totals: LineTotals;
  /** true when the request changes any line */
  changesLines: boolean;
}

const DEFAULT_QUANTITY = "1";

async function plannedLine(
  executor: Executor,
  companyId: number,
  row: InvoiceLineRow | null,
  changes: LineChanges,
  prefix: string,
  errors: ValidationErrors,
  productDefaults: ProductDefaultsLookup,
  vatTypes: VatTypeLookup,
): Promise<PlannedLine | null> {
  const given = <Key extends keyof LineChanges>(key: Key) => changes[key] !== undefined;
  let product: ProductLineDefaults | undefined;
  if (changes.product_id !== undefined && changes.product_id !== null) {
    product = await productDefaults(changes.product_id);
    if (!product) errors.add(`${prefix}product_id`, { key: "notACompanyProduct" });
  }
  const pick = <Value>(key: keyof LineChanges, fromProduct: Value | undefined, stored: Value): Value => {
    if (given(key)) return changes[key] as Value;
    return fromProduct !== undefined ? fromProduct : stored;
  };

  const description = pick("description", product?.description, row?.description ?? null);
  const extendedDescription = pick(
    "extended_description",
    product?.extended_description,
    row?.extended_description ?? null,
  );
  const pricePerUnit = pick<string | null>("price_per_unit", product?.price_per_unit, row?.price_per_unit ?? null);
  if (pricePerUnit === null) errors.add(`${prefix}price_per_unit`, { key: "blank" });
  const quantity = pick<string | null>("quantity", undefined, row?.quantity ?? DEFAULT_QUANTITY) ?? DEFAULT_QUANTITY;

  const vat = await resolveLineVat(
    vatTypes,
    {
      vat_type_id: pick("vat_type_id", product?.vat_type_id, row?.vat_type_id ?? null),
      vat_rate: pick("vat_rate", product?.vat_rate ?? undefined, row?.is_custom_vat_rate ? row.vat_rate : null),
    },
    errors,
    prefix,
  );

  let accountId = product?.account_id ?? row?.account_id ?? null;
  if (given("account_id") || given("account_path")) {
    accountId = (await resolveAccountReference(executor, companyId, changes, errors, prefix))?.id ?? null;
  }
  const reverseChargeVatRate = pick("reverse_charge_vat_rate", undefined, row?.reverse_charge_vat_rate ?? null);
  if (reverseChargeVatRate !== null && (new Big(reverseChargeVatRate).lt(0) || new Big(reverseChargeVatRate).gt(1))) {
    errors.add(`${prefix}reverse_charge_vat_rate`, { key: "rateFraction" });
  }
  if (vat === null || pricePerUnit === null) return null;
  if (!lineWithinLimits(quantity, pricePerUnit, vat.rate)) {
    errors.add(prefix.slice(0, -1), { key: "tooLargeInTotal", most: MAX_AMOUNT });
    return null;
  }
  const totals = lineTotals(quantity, pricePerUnit, vat.rate);
  return {
    row,
    vatTypeName: vat.name,
    changed: row === null || Object.keys(changes).length > 0,
    values: {
      position: row?.position ?? 0,
      description,
      extended_description: extendedDescription,
      price_per_unit: pricePerUnit,
      quantity,
      vat_type_id: vat.vatTypeId,
      vat_rate: vat.rate,
      is_custom_vat_rate: vat.customRate === null ? 0 : 1,
      product_id: pick("product_id", undefined, row?.product_id ?? null),
      account_id: accountId,
      is_final: row?.is_final ?? 0,
      reverse_charge_vat_rate: reverseChargeVatRate,
      ...totals,
    },
  };
}

/**
 * The document's lines as they will be after `items` is applied (`items` undefined: unchanged).
 * Problems are named `invoice_lines[i].field` by the element's place in the request.
 */
export async function planDocumentLines(
  executor: Executor,
  companyId: number,
  document: { type: string; id: number | null },
  items: readonly InvoiceLineItem[] | undefined,
  errors: ValidationErrors,
  productDefaults: ProductDefaultsLookup,
  name = "invoice_lines",
): Promise<LinesPlan> {
  const stored =
    document.id === null ? [] : await findLinesOfDocuments(executor, companyId, document.type, [document.id]);
  const plan = planNestedChanges(stored, items ?? [], errors, name);
  // the lines the document will have, stored ones included: the cap is on the document
  if (plan.result.length > MAX_ARRAY_ITEMS) {
    errors.add(name, { key: "maxElements", most: MAX_ARRAY_ITEMS });
    return { lines: [], destroyedIds: [], totals: sumLineTotals([]), changesLines: false };
  }
  // every VAT type the request or the stored lines name, in one query rather than one per line
  const vatTypes = await vatTypesFor(
    executor,
    plan.result.flatMap(({ row, changes }) => {
      const id = changes.vat_type_id ?? row?.vat_type_id;
      return typeof id === "number" ? [id] : [];
    }),
  );
  const planned = await Promise.all(
    plan.result.map(({ row, changes, label }) =>
      plannedLine(executor, companyId, row, changes, `${label}.`, errors, productDefaults, vatTypes),
    ),
  );
  const lines = planned.flatMap((line) => (line === null ? [] : [line]));
  let position = Math.max(0, ...stored.map((row) => row.position));
  for (const line of lines) if (line.row === null) line.values.position = ++position;
  const totals = sumLineTotals(lines.map((line) => line.values));
  if (!totalsWithinLimits(totals)) errors.add(name, { key: "tooLargeInTotal", most: MAX_AMOUNT });
  return {
    lines,
    destroyedIds: plan.destroyed.map((row) => row.id),
    totals,
    changesLines: plan.destroyed.length > 0 || lines.some((line) => line.changed),
  };
}

/** Writes a plan made by `planDocumentLines`; call it in the same transaction. */
export async function applyDocumentLines(
  transaction: Executor,
  companyId: number,
  document: DocumentReference,
  plan: LinesPlan,
): Promise<void> {
  await deleteLines(transaction, companyId, document, plan.destroyedIds);
  for (const line of plan.lines) {
    if (line.row !== null && line.changed) await updateLine(transaction, companyId, document, line.row.id, line.values);
  }
  await insertLines(
    transaction,
    companyId,
    document,
    plan.lines.filter((line) => line.row === null).map((line) => line.values),
  );
}

/** One stored line as the ledger posts it; `names` holds the VAT type names by id. */
function postableLine(row: InvoiceLineRow, names: ReadonlyMap<number | null, string>): PostableLine {
  return {
    vatTypeName: names.get(row.vat_type_id) ?? "vat_custom",
    vatRate: row.vat_rate,
    netCents: row.price_without_vat_cents,
    vatCents: row.vat_amount_cents,
    accountId: row.account_id,
    reverseChargeVatRate: row.reverse_charge_vat_rate,
  };
}

export async function deleteDocumentLines(transaction: Executor, companyId: number, document: DocumentReference) {
  await deleteLines(transaction, companyId, document);
}

/** From publication on, a document's lines count (e.g. as products sold). */
export async function finaliseDocumentLines(transaction: Executor, companyId: number, document: DocumentReference) {
  await markLinesFinal(transaction, companyId, document);
}

/** The stored lines of documents, for callers that need their amounts (PDF, rules). */
export async function linesOfDocuments(
  executor: Executor,
  companyId: number,
  documentType: string,
  documentIds: readonly number[],
): Promise<InvoiceLineRow[]> {
  return findLinesOfDocuments(executor, companyId, documentType, documentIds);
}

/** A document's lines as the ledger posts them. */
export async function postableLinesOf(
  executor: Executor,
  companyId: number,
  document: DocumentReference,
): Promise<PostableLine[]> {
  const rows = await findLinesOfDocuments(executor, companyId, document.type, [document.id]);
  const names = await vatTypeNamesByIds(
    executor,
    rows.map((row) => row.vat_type_id),
  );
  return rows.map((row) => postableLine(row, names));
}

/** Units sold per product: the quantities on final lines of the document type, rounded to whole units. */
export async function unitsSoldByProduct(
  executor: Executor,
  companyId: number,
  documentType: string,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const sums = new Map<number, Big>();
  for (const { product_id, quantity } of await finalQuantitiesOfProducts(
    executor,
    companyId,
    documentType,
    productIds,
  )) {
    if (product_id === null) continue;
    sums.set(product_id, (sums.get(product_id) ?? new Big(0)).plus(quantity));
  }
  return new Map([...sums].map(([productId, sum]) => [productId, Number(sum.round(0, Big.roundHalfUp).toFixed(0))]));
}
