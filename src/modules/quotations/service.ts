/**
 * Quotation use cases, written through the one documents pipeline (documents/service.ts) with
 * the quotation's configuration (kind.ts): each write is one transaction with the quotation row
 * locked first; the request's trigger moves the status only as the transition table allows.
 * The public signing page reaches quotations through the signing functions exported here.
 */

import type { CompanyAccess } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { deleteDocument, findDocument, saveDocument } from "../documents/service.js";
import { QUOTATION } from "./kind.js";
import { presentQuotation, presentQuotations, type Quotation, signLinks } from "./present.js";
import { quotationPdf } from "./printable.js";
import type { QuotationStatus } from "./rules.js";
import type { QuotationSelection } from "./schemas.js";
import { listQuotations } from "./store.js";

export type { Quotation } from "./present.js";
export {
  decideBySigning,
  quotationForSigning,
  quotationPdfForSigning,
  SIGNER_NAME_MAX_LENGTH,
  type SigningDecision,
  type SigningState,
  type SigningView,
} from "./signing.js";

export function createQuotation(deps: ServiceDeps, company: CompanyAccess, body: unknown): Promise<Quotation> {
  return saveDocument(deps, QUOTATION, company, null, body, undefined);
}

export function updateCompanyQuotation(
  deps: ServiceDeps,
  company: CompanyAccess,
  quotationId: number,
  body: unknown,
): Promise<Quotation> {
  return saveDocument(deps, QUOTATION, company, quotationId, body, undefined);
}

export interface QuotationSearch {
  from?: string;
  till?: string;
  contactId?: number;
}

/** `stopped` is the reference's name for quotations the customer turned down. */
const SELECTION_STATUSES: Record<QuotationSelection, readonly QuotationStatus[] | undefined> = {
  all: undefined,
  approved: ["approved"],
  stopped: ["denied"],
  published: ["published"],
  concept: ["concept"],
  invoiced: ["invoiced"],
};

export async function listCompanyQuotations(
  deps: ServiceDeps,
  company: CompanyAccess,
  selection: QuotationSelection,
  search: QuotationSearch,
  paging: Paging,
): Promise<Page<Quotation>> {
  const filter = { statuses: SELECTION_STATUSES[selection], ...search };
  const { rows, total } = await listQuotations(deps.db, company.companyId, filter, paging);
  return { items: await presentQuotations(deps.db, company.companyId, await signLinks(deps), rows), total, paging };
}

export async function showQuotation(
  deps: ServiceDeps,
  company: CompanyAccess,
  quotationId: number,
): Promise<Quotation> {
  const row = await findDocument(deps.db, QUOTATION, company.companyId, quotationId);
  return presentQuotation(deps.db, company.companyId, await signLinks(deps), row);
}

export async function quotationPdfOf(deps: ServiceDeps, company: CompanyAccess, quotationId: number) {
  return quotationPdf(deps.db, await findDocument(deps.db, QUOTATION, company.companyId, quotationId));
}

/** Only concepts can be deleted. */
export function deleteCompanyQuotation(deps: ServiceDeps, company: CompanyAccess, quotationId: number): Promise<void> {
  return deleteDocument(deps, QUOTATION, company, quotationId);
}
