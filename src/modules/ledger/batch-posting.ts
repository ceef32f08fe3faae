/**
 * Posting many new sources at once: a bank statement's payments (P3/P5). The same checks and the
 * same rows as posting each one by one (service.ts), in a few statements (batch-store.ts).
 *
 * Invariants:
 * - only for sources that have no entry yet (the caller created them in this transaction), so
 *   nothing is reversed and each source gets exactly one entry;
 * - the company's books are held first, and no entry is dated in a locked period (422 naming
 *   `date`, nothing written); every entry balances; a month total that cannot take the lines is
 *   refused as one posting's would be (limits.ts).
 */
import type { Executor } from "../../db/connection.js";
import type { Resource } from "../../platform/catalogue/keys.js";
import { insertSealedEntries } from "./batch-store.js";
import { accountIds, assertPeriodOpen } from "./before-posting.js";
import { refuseFullMonth } from "./limits.js";
import { addLinesToMonth, lineValues } from "./posting-store.js";
import { isBalanced, type PostingDraft } from "./rules.js";
import { holdCompanyForPosting, type LedgerLineValues } from "./store.js";

/** Posts each draft as its source's first entry (see the invariants). */
export async function postNewSources(
  transaction: Executor,
  companyId: number,
  drafts: readonly PostingDraft[],
  resource: Resource,
): Promise<void> {
  if (drafts.length === 0) return;
  await holdCompanyForPosting(transaction, companyId);
  for (const date of new Set(drafts.map((draft) => draft.date))) {
    await assertPeriodOpen(transaction, companyId, date, resource);
  }
  for (const draft of drafts) {
    if (!isBalanced(draft.lines)) throw new Error(`unbalanced posting for ${draft.source.type} ${draft.source.id}`);
  }
  const idByPath = await accountIds(
    transaction,
    companyId,
    drafts.flatMap((draft) => draft.lines),
  );
  const entries = drafts.map((draft) => ({
    entry: {
      company_id: companyId,
      date: draft.date,
      description: draft.description,
      source_type: draft.source.type,
      source_id: draft.source.id,
      reverses_entry_id: null,
      contact_id: draft.contactId,
      counterparty_country: draft.counterpartyCountry,
      counterparty_vat_number: draft.counterpartyVatNumber,
      created_at: new Date().toISOString(),
    },
    lines: draft.lines.map((line) => lineValues(line, idByPath)),
  }));
  await insertSealedEntries(transaction, entries);
  const linesByMonth = new Map<string, LedgerLineValues[]>();
  for (const { entry, lines } of entries) {
    const month = entry.date.slice(0, 7);
    const monthLines = linesByMonth.get(month) ?? [];
    monthLines.push(...lines);
    linesByMonth.set(month, monthLines);
  }
  for (const [month, lines] of linesByMonth) {
    const full = await addLinesToMonth(transaction, companyId, month, lines);
    await refuseFullMonth(transaction, companyId, month, full, resource);
  }
}
