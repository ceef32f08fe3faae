/** Wire shape of a template, field order as the reference. */
import { Type } from "@sinclair/typebox";
import { Nullable, ResponseObject } from "../../platform/fields.js";

export const TemplateSchema = ResponseObject({
  id: Nullable.integer(),
  name: Nullable.string(),
  is_default: Nullable.boolean(),
});

export const TemplateResponse = Type.Object({ template: TemplateSchema });
export const TemplateListResponse = Type.Object({ templates: Type.Array(TemplateSchema) });
