/** Wire shape of a template, field order as the reference. */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const TemplateSchema = ResponseObject({
  id: Filled.integer(),
  name: Filled.string(),
  is_default: Nullable.boolean(),
});

export const TemplateResponse = Type.Object({ template: TemplateSchema });
export const TemplateListResponse = Type.Object({ templates: Type.Array(TemplateSchema) });
