/** Wire shapes of a company's bookkeeping settings (issue 11). */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";
import { VAT_PERIODS, VAT_RETURN_ROUNDINGS } from "./rules.js";

/** Every setting always has a value (rules.ts `BookkeepingSettings`): none is ever null. */
export const BookkeepingSettingsSchema = ResponseObject({
  vat_return_rounding: Filled.enumeration(VAT_RETURN_ROUNDINGS),
  vat_period: Filled.enumeration(VAT_PERIODS),
  kor: Filled.boolean(),
});

export const BookkeepingSettingsResponse = Type.Object({ bookkeeping_settings: BookkeepingSettingsSchema });

export const BookkeepingSettingsPayload = {
  wrapper: "bookkeeping_settings",
  schema: Type.Object({
    vat_return_rounding: Nullable.enumeration(VAT_RETURN_ROUNDINGS),
    vat_period: Nullable.enumeration(VAT_PERIODS),
    kor: Nullable.boolean(),
  }),
  readOnly: [],
} as const;
