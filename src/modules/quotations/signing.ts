/**
 * What the public signing page may do with a quotation, given only the unguessable token of its
 * `sign_url`: read it, fetch its PDF, and approve or deny it once — moving it exactly as
 * `_approve`/`_deny` would (the same transition table) and recording who decided and when. A
 * link works until it expires or a decision was made through it.
 */
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError } from "../../platform/errors.js";
import { companyDetails } from "../companies/service.js";
import type { ContactSnapshot } from "../contacts/service.js";
import { documentContactCopy, liveContactCopies } from "../documents/service.js";
import { type InvoiceLine, presentLinesByDocument } from "../invoice-lines/service.js";
import { DOCUMENT_TYPE } from "./present.js";
import { quotationPdf } from "./printable.js";
import { type QuotationStatus, transition } from "./rules.js";
import { hashSignToken } from "./sign-token.js";
import { findQuotationBySignToken, lockQuotation, type QuotationRow, updateQuotation } from "./store.js";

/** open: can be decided; decided: a decision was made through this link; expired; closed: the
 * company moved the quotation on (e.g. invoiced it) so there is nothing to decide. */
export type SigningState = "open" | "decided" | "expired" | "closed";
export type SigningDecision = "approve" | "deny";
export const SIGNER_NAME_MAX_LENGTH = 200;

export interface SigningView {
  state: SigningState;
  status: QuotationStatus;
  number: string | null;
  date: string;
  company: { name: string; address: string | null; zipcode: string | null; city: string | null; email: string | null };
  contact: ContactSnapshot | null;
  lines: InvoiceLine[];
  totals: { price_without_vat_cents: number; vat_amount_cents: number; price_with_vat_cents: number };
  decidedByName: string | null;
  decidedAt: string | null;
  expiresAt: string | null;
}

function signingState(row: QuotationRow, now: Date): SigningState {
  if (row.decided_via === "sign_url") return "decided";
  if (row.sign_expires_at !== null && Date.parse(row.sign_expires_at) <= now.getTime()) return "expired";
  return row.status === "published" ? "open" : "closed";
}

async function view(deps: ServiceDeps, row: QuotationRow): Promise<SigningView> {
  const [company, lines, contacts] = await Promise.all([
    companyDetails(deps.db, row.company_id),
    presentLinesByDocument(deps.db, row.company_id, DOCUMENT_TYPE, [row.id]),
    liveContactCopies(deps.db, row.company_id, [row]),
  ]);
  return {
    state: signingState(row, deps.now()),
    status: row.status as QuotationStatus,
    number: row.invoice_number,
    date: row.date,
    company: {
      name: company?.name ?? "",
      address: company?.address ?? null,
      zipcode: company?.zipcode ?? null,
      city: company?.city ?? null,
      email: company?.email ?? null,
    },
    contact: documentContactCopy(row, contacts),
    lines: lines.get(row.id) ?? [],
    totals: {
      price_without_vat_cents: row.price_without_vat_cents,
      vat_amount_cents: row.vat_amount_cents,
      price_with_vat_cents: row.price_with_vat_cents,
    },
    decidedByName: row.decided_by_name,
    decidedAt: row.decided_at,
    expiresAt: row.sign_expires_at,
  };
}

/** The quotation behind a signing link, or null when no quotation has that link. */
export async function quotationForSigning(deps: ServiceDeps, signToken: string): Promise<SigningView | null> {
  const row = await findQuotationBySignToken(deps.db, hashSignToken(signToken));
  return row ? view(deps, row) : null;
}

export async function quotationPdfForSigning(
  deps: ServiceDeps,
  signToken: string,
): Promise<{ fileName: string; content: Buffer } | null> {
  const row = await findQuotationBySignToken(deps.db, hashSignToken(signToken));
  return row ? quotationPdf(deps.db, row) : null;
}

/**
 * Approves or denies through the link. Null when no quotation has that link; a 422 when the
 * link cannot decide any more (used, expired, closed) or the name is missing.
 */
export async function decideBySigning(
  deps: ServiceDeps,
  signToken: string,
  decision: SigningDecision,
  signerName: string,
): Promise<SigningView | null> {
  const name = signerName.trim();
  if (name === "" || [...name].length > SIGNER_NAME_MAX_LENGTH) {
    throw new ApiError("client.parameters.validation", { key: "signerName", most: SIGNER_NAME_MAX_LENGTH });
  }
  const decided = await deps.db.transaction().execute(async (transaction) => {
    const found = await findQuotationBySignToken(transaction, hashSignToken(signToken));
    if (!found) return null;
    await lockQuotation(transaction, found.company_id, found.id);
    const row = await findQuotationBySignToken(transaction, hashSignToken(signToken));
    if (!row) return null;
    const state = signingState(row, deps.now());
    if (state !== "open") throw new ApiError("client.parameters.validation", { key: "linkUnusable", state });
    const moved = transition(row.status as QuotationStatus, decision === "approve" ? "_approve" : "_deny");
    if (!moved.ok) throw new ApiError("client.parameters.validation", { key: "thisQuotation", problem: moved.problem });
    await updateQuotation(transaction, row.company_id, row.id, {
      status: moved.to,
      decided_by_name: name,
      decided_at: deps.now().toISOString(),
      decided_via: "sign_url",
    });
    return findQuotationBySignToken(transaction, hashSignToken(signToken));
  });
  return decided ? view(deps, decided) : null;
}
