/**
 * The ledger: the only writer of postings (docs/architecture.md, the invariants of the books).
 * Every event posts in the caller's transaction, so a posting that fails takes the publish, payment
 * or entry with it.
 *
 * Invariants:
 * - Every entry balances (checked here, and again by the database when the entry is sealed). An
 *   entry is written unsealed and sealed, with its description, in the same transaction.
 * - Posted lines never change. A source whose posting must change (an edited or deleted payment or
 *   journal entry, a payment that now settles a published invoice) gets a reversal dated like the
 *   entry it cancels, then its new entry.
 * - Nothing posts into a period a filed VAT return locked, and the company row is held shared
 *   first (before-posting.ts, with what else a posting reads before it writes).
 * - VAT box tags are decided here when posting; reports only sum them.
 * - No account's month total passes what its column holds (2^63 − 1 cents of debits, and of
 *   credits): a posting it cannot take is refused with a 422 naming `date` (limits.ts), so the
 *   books are capped there, before anything overflows, and every report sums them exactly.
 */
import type { Executor } from "../../db/connection.js";
import type { Resource } from "../../platform/catalogue/keys.js";
import { accountIdsByPath } from "../accounts/service.js";
import { companyDetails } from "../companies/service.js";
import { postNewSources } from "./batch-posting.js";
import { accountIds, assertPeriodOpen, type PreparedPosting } from "./before-posting.js";
import { LEDGER_ACCOUNTS } from "./classification.js";
import { draftOrRefuse, sealOrRefuse } from "./limits.js";
import { insertUnsealedEntry, lineValues, type UnsealedEntry } from "./posting-store.js";
import {
  type DocumentPostingInput,
  expensePosting,
  isBalanced,
  type ManualEntryInput,
  manualEntryPosting,
  type PaymentPostingInput,
  type PostingDraft,
  type PostingLine,
  paymentPosting,
  reversalLines,
  type SourceType,
  salesInvoicePosting,
} from "./rules.js";
import {
  findActiveEntries,
  findEntryLines,
  holdCompanyForPosting,
  insertLock,
  type LedgerEntryRow,
  type LedgerLineRow,
  type LedgerLineValues,
} from "./store.js";

export { assertPeriodOpen, checkPeriodOpen, holdBooksForPosting } from "./before-posting.js";
export type { IcpKind, VatBox } from "./classification.js";
export { LEDGER_ACCOUNTS, OUTPUT_VAT_ACCOUNTS, VAT_BOXES } from "./classification.js";
export { LARGEST_LINE } from "./limits.js";
export type {
  DocumentPostingInput,
  ManualEntryInput,
  PaymentPostingInput,
  PostableLine,
  PostingDraft,
} from "./rules.js";
export { signedLine } from "./rules.js";
export type { LedgerTables } from "./store.js";

/** What a posting knows before it writes: its reversed entry, and what its writer already did. */
interface PostingOptions {
  reversesEntryId?: number | null;
  /** `holdBooksForPosting` already ran in this transaction */
  booksHeld?: boolean;
  /** `preparePosting` already ran in this transaction */
  prepared?: PreparedPosting;
}

/** Writes one entry after checking its period and balance, unsealed: `sealEntry` finishes it. */
async function writeUnsealedEntry(
  transaction: Executor,
  companyId: number,
  draft: PostingDraft,
  resource: Resource,
  { reversesEntryId = null, booksHeld = false, prepared }: PostingOptions = {},
): Promise<UnsealedEntry> {
  if (!booksHeld) await holdCompanyForPosting(transaction, companyId);
  if (prepared?.date !== draft.date) await assertPeriodOpen(transaction, companyId, draft.date, resource);
  if (!isBalanced(draft.lines)) throw new Error(`unbalanced posting for ${draft.source.type} ${draft.source.id}`);
  const idByPath = await accountIds(transaction, companyId, draft.lines, prepared?.idByPath);
  return insertUnsealedEntry(
    transaction,
    {
      company_id: companyId,
      date: draft.date,
      source_type: draft.source.type,
      source_id: draft.source.id,
      reverses_entry_id: reversesEntryId,
      contact_id: draft.contactId,
      counterparty_country: draft.counterpartyCountry,
      counterparty_vat_number: draft.counterpartyVatNumber,
      created_at: new Date().toISOString(),
    },
    draft.lines.map((line) => lineValues(line, idByPath)),
  );
}

/** Writes one entry after checking its period and balance, and seals it; answers its id. */
async function postEntry(
  transaction: Executor,
  companyId: number,
  draft: PostingDraft,
  resource: Resource,
  options: PostingOptions = {},
): Promise<number> {
  const entry = await writeUnsealedEntry(transaction, companyId, draft, resource, options);
  await sealOrRefuse(transaction, entry, draft.description, resource);
  return entry.id;
}

function postingLineOf(row: LedgerLineRow): PostingLine {
  return {
    account: { id: row.account_id },
    debitCents: row.debit_cents,
    creditCents: row.credit_cents,
    contactId: row.contact_id,
    vatBox: row.vat_box,
    vatBaseCents: row.vat_base_cents,
    vatCents: row.vat_cents,
    icpKind: row.icp_kind,
  };
}

/** What makes two postings the same in the books (descriptions are not). */
function signature(date: string, lines: readonly LedgerLineValues[]): string {
  const keys = lines.map((line) => JSON.stringify(Object.values(line)));
  return JSON.stringify([date, keys.sort()]);
}

async function reverseEntry(
  transaction: Executor,
  companyId: number,
  entry: LedgerEntryRow,
  lines: readonly LedgerLineRow[],
  resource: Resource,
): Promise<void> {
  const draft: PostingDraft = {
    date: entry.date,
    description: entry.description,
    source: { type: entry.source_type, id: entry.source_id },
    contactId: entry.contact_id,
    counterpartyCountry: entry.counterparty_country,
    counterpartyVatNumber: entry.counterparty_vat_number,
    lines: reversalLines(lines.map(postingLineOf)),
  };
  await postEntry(transaction, companyId, draft, resource, { reversesEntryId: entry.id });
}

/**
 * Makes the books hold `draft` for its source (or nothing, for null): unchanged when the entry in
 * force already says the same, otherwise reversed and posted anew.
 */
async function replaceSourcePosting(
  transaction: Executor,
  companyId: number,
  source: { type: SourceType; id: number },
  draft: PostingDraft | null,
  resource: Resource,
): Promise<void> {
  const active = await findActiveEntries(transaction, companyId, source);
  const activeLines = await findEntryLines(
    transaction,
    active.map((entry) => entry.id),
  );
  if (draft !== null && active.length === 1 && active[0]) {
    const idByPath = await accountIds(transaction, companyId, draft.lines);
    const wanted = signature(
      draft.date,
      draft.lines.map((line) => lineValues(line, idByPath)),
    );
    const current = signature(
      active[0].date,
      activeLines.map(({ id: _id, company_id: _company, entry_id: _entry, date: _date, ...values }) => values),
    );
    if (wanted === current) return;
  }
  for (const entry of active) {
    const lines = activeLines.filter((line) => line.entry_id === entry.id);
    await reverseEntry(transaction, companyId, entry, lines, resource);
  }
  if (draft !== null) await postEntry(transaction, companyId, draft, resource);
}

async function isKor(executor: Executor, companyId: number): Promise<boolean> {
  const company = await companyDetails(executor, companyId);
  return company !== undefined && !company.vat_liable;
}

/** What the publishing caller already knows, so the posting need not read it again. */
export interface KnownAtPosting extends Pick<PostingOptions, "booksHeld" | "prepared"> {
  /** the company's `vat_liable` as read in this transaction */
  vatLiable?: boolean;
}

/** The document's posting; lines whose sums a ledger line cannot hold are refused (limits.ts). */
async function documentPosting(
  transaction: Executor,
  companyId: number,
  input: DocumentPostingInput,
  resource: Resource,
  known: KnownAtPosting,
): Promise<PostingDraft> {
  const kor = known.vatLiable === undefined ? await isKor(transaction, companyId) : !known.vatLiable;
  const posting = input.source.type === "sales_invoice" ? salesInvoicePosting : expensePosting;
  return draftOrRefuse(() => posting(input, kor), resource);
}

/** P1/P2 or P4: posts a document as it is published (once; published documents do not change). */
export async function postPublishedDocument(
  transaction: Executor,
  companyId: number,
  input: DocumentPostingInput,
  resource: Resource,
  known: KnownAtPosting = {},
): Promise<void> {
  const draft = await documentPosting(transaction, companyId, input, resource, known);
  if (draft.lines.length === 0) return;
  await replaceSourcePosting(transaction, companyId, input.source, draft, resource);
}

/** Takes a deleted document out of the books: its posting in force is reversed (none: nothing to do). */
export async function removeDocumentPosting(
  transaction: Executor,
  companyId: number,
  document: { type: "sales_invoice" | "expense"; id: number },
  resource: Resource,
): Promise<void> {
  await replaceSourcePosting(transaction, companyId, document, null, resource);
}

/** The document as the books hold it (its contact), or null while it is not posted. */
export async function postedDocument(
  executor: Executor,
  companyId: number,
  document: { type: "sales_invoice" | "expense"; id: number },
): Promise<{ contactId: number | null } | null> {
  const [entry] = await findActiveEntries(executor, companyId, document);
  return entry ? { contactId: entry.contact_id } : null;
}

/** The counterparty of a posted document as its posting holds it, or null while it is not posted. */
export async function postedCounterparty(
  executor: Executor,
  companyId: number,
  document: { type: "sales_invoice" | "expense"; id: number },
): Promise<{ country: string | null; vatNumber: string | null } | null> {
  const [entry] = await findActiveEntries(executor, companyId, document);
  return entry ? { country: entry.counterparty_country, vatNumber: entry.counterparty_vat_number } : null;
}

/**
 * Which way money settles a posted document, from what its posting owes on debtors or creditors:
 * 1 money in (a sales invoice, a supplier's credit), -1 money out (an expense, a credit note),
 * 0 when it owes nothing or is not posted.
 */
export async function settlingDirection(
  executor: Executor,
  companyId: number,
  document: { type: "sales_invoice" | "expense"; id: number },
): Promise<-1 | 0 | 1> {
  const path = document.type === "sales_invoice" ? LEDGER_ACCOUNTS.debtors : LEDGER_ACCOUNTS.creditors;
  const entries = await findActiveEntries(executor, companyId, document);
  const [accounts, lines] = await Promise.all([
    accountIdsByPath(executor, companyId, [path]),
    findEntryLines(
      executor,
      entries.map((entry) => entry.id),
    ),
  ]);
  const accountId = accounts.get(path);
  const owedCents = lines
    .filter((line) => line.account_id === accountId)
    .reduce((sum, line) => sum + line.debit_cents - line.credit_cents, 0);
  return owedCents > 0 ? 1 : owedCents < 0 ? -1 : 0;
}

/** P3/P5: posts a payment as it now is, or takes it out of the books (null: it was deleted). */
export async function syncPaymentPosting(
  transaction: Executor,
  companyId: number,
  paymentId: number,
  input: PaymentPostingInput | null,
): Promise<void> {
  const draft = input === null ? null : paymentPosting(input);
  await replaceSourcePosting(transaction, companyId, { type: "payment", id: paymentId }, draft, "payment");
}

/** P3/P5 for payments that have no posting yet (a bank statement's), in a few statements (batch-posting.ts). */
export function postNewPayments(
  transaction: Executor,
  companyId: number,
  inputs: readonly PaymentPostingInput[],
): Promise<void> {
  return postNewSources(transaction, companyId, inputs.map(paymentPosting), "payment");
}

/** A manual entry posted as written (null: it was deleted). */
export async function syncManualEntryPosting(
  transaction: Executor,
  companyId: number,
  entryId: number,
  input: ManualEntryInput | null,
): Promise<void> {
  const draft = input === null ? null : manualEntryPosting(input);
  await replaceSourcePosting(transaction, companyId, { type: "journal_entry", id: entryId }, draft, "journalEntry");
}

/** P6: posts a filed return's settlement and locks its period, in the filing transaction. */
export async function postSettlementAndLock(
  transaction: Executor,
  companyId: number,
  period: { id: number; from: string; till: string; label: string },
  lines: PostingLine[],
): Promise<number | null> {
  const draft: PostingDraft = {
    date: period.till,
    description: `Btw-aangifte ${period.label}`,
    source: { type: "vat_return", id: period.id },
    contactId: null,
    counterpartyCountry: null,
    counterpartyVatNumber: null,
    lines,
  };
  const entryId = draft.lines.length === 0 ? null : await postEntry(transaction, companyId, draft, "vatReturn");
  await insertLock(transaction, {
    company_id: companyId,
    from_date: period.from,
    till_date: period.till,
    reason: `vat_return ${period.label}`,
  });
  return entryId;
}
