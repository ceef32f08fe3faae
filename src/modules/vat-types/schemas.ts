/** Wire shape of a VAT type, field order as the reference. */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const VAT_TYPE_NAMES = [
  "vat_high",
  "vat_low",
  "vat_low_new",
  "vat_reverse_charged",
  "vat_none",
  "vat_zero",
  "vat_custom",
] as const;

export const VatTypeSchema = ResponseObject({
  id: Filled.integer(),
  name: Filled.enumeration(VAT_TYPE_NAMES),
  friendly_name: Filled.string(),
  value: Nullable.string(),
});

export const VatTypeResponse = Type.Object({ vat_type: VatTypeSchema });
export const VatTypeListResponse = Type.Object({ vat_types: Type.Array(VatTypeSchema) });
