/**
 * The credit invoice of a published invoice, as the API makes one: a new concept sales invoice
 * naming the invoice it corrects (`credited_invoice_id`) with the same contact and lines, each
 * with its quantity negated, so every amount the server then computes is the original's with the
 * sign turned. Only signs are flipped here, on the decimal strings as the server wrote them: no
 * amount is computed.
 */
import type { Schema } from "@kasboek/client";
import type { Invoice } from "./status.js";

type Input = Schema<"SalesInvoiceInput">;

const SALE_TYPES = ["supply", "service", "service_digital"] as const;

/** `"4.0"` → `"-4.0"`, `"-2"` → `"2"`, `"0"` stays `"0"`. */
export function negatedQuantity(quantity: string): string {
  const trimmed = quantity.trim();
  if (trimmed.startsWith("-")) return trimmed.slice(1);
  if (/^\+?0*(\.0*)?$/.test(trimmed)) return trimmed.replace(/^\+/, "");
  return `-${trimmed.replace(/^\+/, "")}`;
}

/** Whether `invoice` can be credited: published, and not a credit invoice itself. */
export function creditable(invoice: Invoice): boolean {
  return invoice.status !== "concept" && (invoice.credited_invoice_id ?? null) === null;
}

export function creditInvoiceBody(invoice: Invoice): Input {
  return {
    contact_id: invoice.contact_id,
    credited_invoice_id: invoice.id,
    payment_method: invoice.payment_method,
    ...(invoice.custom_payment_instructions == null
      ? {}
      : { custom_payment_instructions: invoice.custom_payment_instructions }),
    currency: invoice.currency,
    currency_exchange_rate: invoice.currency_exchange_rate,
    distance_sale: invoice.distance_sale,
    ...(invoice.template_id === null ? {} : { template_id: invoice.template_id }),
    ...(invoice.vat_number === null ? {} : { vat_number: invoice.vat_number }),
    sale_type: SALE_TYPES.find((saleType) => saleType === invoice.sale_type) ?? null,
    invoice_lines: invoice.invoice_lines.map((line) => ({
      description: line.description,
      extended_description: line.extended_description,
      quantity: negatedQuantity(line.quantity),
      price_per_unit: line.price_per_unit,
      vat_type_id: line.vat_type_id,
      vat_rate: line.vat_rate,
      product_id: line.product_id,
      account_id: line.account_id,
    })),
  };
}
