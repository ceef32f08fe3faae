/**
 * A stored quotation as the wire shows it, field order as the reference; lists are presented
 * with one query for all their lines.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { publicUrlOf, type ServiceDeps } from "../../platform/deps.js";
import { presentLinesByDocument } from "../invoice-lines/service.js";
import { instanceSecretKey } from "../sessions/service.js";
import type { QuotationSchema } from "./schemas.js";
import { storedSignToken } from "./sign-token.js";
import type { QuotationRow } from "./store.js";

export type Quotation = Static<typeof QuotationSchema>;
export const DOCUMENT_TYPE = "quotation";

/** What presenting needs to show signing links: where the site is and the key tokens come from. */
export interface SignLinks {
  publicUrl: string;
  key: Buffer;
}

export async function signLinks(deps: ServiceDeps, executor: Executor = deps.db): Promise<SignLinks> {
  return { publicUrl: publicUrlOf(deps), key: await instanceSecretKey(deps, executor) };
}

/** The public signing page of a quotation with a signing link, when its token can be derived. */
function signUrl(links: SignLinks, row: QuotationRow): string | undefined {
  const token = storedSignToken(links.key, row);
  return token === null ? undefined : `${links.publicUrl}/sign/quotations/${token}`;
}

export async function presentQuotations(
  executor: Executor,
  companyId: number,
  links: SignLinks,
  rows: readonly QuotationRow[],
): Promise<Quotation[]> {
  const lines = await presentLinesByDocument(
    executor,
    companyId,
    DOCUMENT_TYPE,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    contact_id: row.contact_id,
    template_id: row.template_id,
    invoice_number: row.invoice_number,
    date: row.date,
    creates_sign_url_on_publish: row.creates_sign_url_on_publish !== 0 ? true : undefined,
    id: row.id,
    sign_url: signUrl(links, row),
    status: row.status,
    sales_invoice_id: row.sales_invoice_id ?? undefined,
    invoice_lines: lines.get(row.id) ?? [],
  }));
}

export async function presentQuotation(
  executor: Executor,
  companyId: number,
  links: SignLinks,
  row: QuotationRow,
): Promise<Quotation> {
  const [quotation] = await presentQuotations(executor, companyId, links, [row]);
  if (!quotation) throw new Error("quotation could not be presented");
  return quotation;
}
