/**
 * Quotation → invoice (`_invoice`, a Kasboek addition): a concept sales invoice with the
 * quotation's contact, template and lines, made through the sales-invoice service in the
 * quotation's own transaction, so the quotation is `invoiced` exactly when the invoice exists.
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { linesOfDocuments } from "../invoice-lines/service.js";
import { createConceptSalesInvoiceIn } from "../sales-invoices/service.js";
import { DOCUMENT_TYPE } from "./present.js";
import type { QuotationRow } from "./store.js";

export async function invoiceQuotation(
  transaction: Executor,
  deps: ServiceDeps,
  company: CompanyAccess,
  quotation: QuotationRow,
): Promise<number> {
  const lines = await linesOfDocuments(transaction, company.companyId, DOCUMENT_TYPE, [quotation.id]);
  return createConceptSalesInvoiceIn(transaction, deps, company, {
    contact_id: quotation.contact_id,
    template_id: quotation.template_id,
    invoice_lines: lines.map((line) => ({
      id: null,
      _destroy: null,
      description: line.description,
      extended_description: line.extended_description,
      price_per_unit: line.price_per_unit,
      quantity: line.quantity,
      vat_type_id: line.vat_type_id,
      vat_rate: line.is_custom_vat_rate ? line.vat_rate : null,
      product_id: line.product_id,
      account_id: line.account_id,
      account_path: null,
    })),
  });
}
