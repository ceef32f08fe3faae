/**
 * Wire shapes of the VAT return (issue 11): the return with its 14 boxes in the form's order, the
 * drill-down lines behind a box, the filing request, and the periods a company can choose from
 * (issue 30). Amounts are decimal strings.
 */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";
import { RETURN_BOXES, type ReturnBox } from "./rules.js";

export const VatReturnBoxSchema = ResponseObject({
  base: Nullable.string(),
  vat: Nullable.string(),
  base_filed: Nullable.string(),
  vat_filed: Nullable.string(),
});

const boxProperties = Object.fromEntries(RETURN_BOXES.map((box) => [box, VatReturnBoxSchema])) as Record<
  ReturnBox,
  typeof VatReturnBoxSchema
>;

export const VatReturnSchema = ResponseObject({
  period: Filled.string(),
  from: Filled.date(),
  till: Filled.date(),
  state: Filled.enumeration(["open", "filed"] as const),
  filed_at: Nullable.dateTime(),
  rounding: Filled.enumeration(["favour", "arithmetic"] as const),
  boxes: ResponseObject(boxProperties),
});

export const VatReturnResponse = Type.Object({ vat_return: VatReturnSchema });
export const VatReturnListResponse = Type.Object({ vat_returns: Type.Array(VatReturnSchema) });

export const VatReturnPeriodSchema = ResponseObject({
  period: Filled.string(),
  from: Filled.date(),
  till: Filled.date(),
  state: Filled.enumeration(["open", "filed"] as const),
  timing: Filled.enumeration(["past", "current", "future"] as const),
});

export const VatReturnPeriodListResponse = Type.Object({ vat_return_periods: Type.Array(VatReturnPeriodSchema) });

/** `selection` of a box's lines: every line, or the documents' lines whose counterparty had no country */
export const VAT_RETURN_LINE_SELECTIONS = ["all", "without_country"] as const;

export const VatReturnLineSchema = ResponseObject({
  id: Filled.integer(),
  ledger_entry_id: Filled.integer(),
  date: Filled.date(),
  box: Nullable.string(),
  source_type: Filled.string(),
  source_id: Filled.integer(),
  description: Nullable.string(),
  account_id: Filled.integer(),
  account_path: Nullable.string(),
  base: Nullable.string(),
  vat: Nullable.string(),
});

export const VatReturnLineListResponse = Type.Object({ vat_return_lines: Type.Array(VatReturnLineSchema) });

export const VatReturnPayload = {
  wrapper: "vat_return",
  schema: Type.Object({ period: Nullable.string({ maxLength: 10 }) }),
  // what a return answers with; a client may send it back
  readOnly: ["from", "till", "state", "filed_at", "rounding", "boxes"],
} as const;
