/**
 * Wire shapes of a product with its embedded invoice line, field order
 * as the reference. The line's amounts are for quantity 1.
 */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";
import { InvoiceLineSchema } from "../invoice-lines/service.js";

/** A product's line is an invoice line (same fields, same order) with its product code. */
export const ProductInvoiceLineSchema = ResponseObject({
  ...InvoiceLineSchema.properties,
  product_code: Filled.string(),
});

export const ProductSchema = ResponseObject({
  id: Filled.integer(),
  number_sold: Filled.integer(),
  has_stock: Nullable.boolean(),
  invoice_line: ProductInvoiceLineSchema,
});

export const ProductResponse = Type.Object({ product: ProductSchema });
export const ProductListResponse = Type.Object({ products: Type.Array(ProductSchema) });

export const PRODUCT_CODE_MAX_LENGTH = 100;

export const ProductInvoiceLineAttributes = Type.Object({
  description: Nullable.string({ maxLength: 255 }),
  extended_description: Nullable.string({ maxLength: 10_000 }),
  price_per_unit: Nullable.decimal(),
  vat_rate: Nullable.decimal(),
  vat_type_id: Nullable.integer(),
  account_id: Nullable.integer(),
  account_path: Nullable.string({ maxLength: 255 }),
  product_code: Nullable.string({ maxLength: PRODUCT_CODE_MAX_LENGTH }),
});

export const ProductAttributes = Type.Object({
  has_stock: Nullable.boolean(),
  invoice_line: ProductInvoiceLineAttributes,
});

export const ProductPayload = {
  wrapper: "product",
  schema: ProductAttributes,
  readOnly: ["id", "number_sold", "price_with_vat", "price_without_vat", "vat_amount", "quantity", "product_id"],
} as const;

export const PRODUCT_SELECTIONS = ["all"] as const;
