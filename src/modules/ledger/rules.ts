/**
 * Pure rules of the ledger: what entry each event posts (docs/bookkeeping.md 3.3: P1/P2 sales
 * invoice, P3/P5 payment, P4 expense, manual entries as written), that an entry balances, and
 * what its reversal is. Amounts are integer cents; a signed amount is a debit when positive, a
 * credit when negative, and a zero amount posts no line. No database, no clock.
 *
 * A document's lines are added up as bigint (per account, per VAT box, in total): lines of
 * opposite signs pass 2^53 cents between them, where a float rounds and the entry would not
 * balance. A line is a number of cents, so an amount past 2^53 cannot be posted exactly: it
 * throws UnpostableAmount, which the ledger service refuses with a 422.
 */
import { exactNumber } from "../../platform/money.js";
import {
  classifyExpenseLine,
  classifySalesLine,
  type IcpKind,
  LEDGER_ACCOUNTS,
  manualVatTag,
  OUTPUT_VAT_ACCOUNTS,
  type OutputVatBox,
  type VatBox,
} from "./classification.js";

export type SourceType = "sales_invoice" | "expense" | "payment" | "journal_entry" | "vat_return";

/** An account by id (as a document or request names it) or by path (a role of the chart). */
export type AccountReference = { id: number } | { path: string };

export interface PostingLine {
  account: AccountReference;
  debitCents: number;
  creditCents: number;
  contactId: number | null;
  vatBox: VatBox | null;
  vatBaseCents: number | null;
  vatCents: number | null;
  icpKind: IcpKind | null;
}

export interface PostingDraft {
  date: string;
  description: string | null;
  source: { type: SourceType; id: number };
  contactId: number | null;
  counterpartyCountry: string | null;
  counterpartyVatNumber: string | null;
  lines: PostingLine[];
}

type Tags = Partial<Pick<PostingLine, "vatBox" | "vatBaseCents" | "vatCents" | "icpKind" | "contactId">>;

/** A sum of a document's lines that a ledger line cannot hold exactly (past 2^53 cents). */
export class UnpostableAmount extends Error {}

/** A sum of lines as the number of cents a ledger line holds, or UnpostableAmount. */
function posted(cents: bigint): number {
  const value = exactNumber(cents);
  if (value === null) throw new UnpostableAmount(`${cents} cents cannot be posted on one line`);
  return value;
}

/** One line from a signed amount (debit when positive); none for zero. */
export function signedLine(account: AccountReference, signedCents: number, tags: Tags = {}): PostingLine[] {
  if (signedCents === 0) return [];
  return [
    {
      account,
      debitCents: signedCents > 0 ? signedCents : 0,
      creditCents: signedCents < 0 ? -signedCents : 0,
      contactId: tags.contactId ?? null,
      vatBox: tags.vatBox ?? null,
      vatBaseCents: tags.vatBaseCents ?? null,
      vatCents: tags.vatCents ?? null,
      icpKind: tags.icpKind ?? null,
    },
  ];
}

export function isBalanced(lines: readonly Pick<PostingLine, "debitCents" | "creditCents">[]): boolean {
  let sum = 0n;
  for (const line of lines) sum += BigInt(line.debitCents) - BigInt(line.creditCents);
  return sum === 0n && lines.length >= 2;
}

/** The entry that cancels `lines`: every side swapped, every box amount negated. */
export function reversalLines<Line extends PostingLine>(lines: readonly Line[]): PostingLine[] {
  return lines.map((line) => ({
    ...line,
    debitCents: line.creditCents,
    creditCents: line.debitCents,
    vatBaseCents: line.vatBaseCents === null ? null : -line.vatBaseCents,
    vatCents: line.vatCents === null ? null : -line.vatCents,
  }));
}

/** What a published document posts from; the document module fills it from its rows. */
export interface DocumentPostingInput {
  source: { type: "sales_invoice" | "expense"; id: number };
  date: string;
  description: string;
  contactId: number | null;
  country: string | null;
  vatNumber: string | null;
  saleType: string | null;
  distanceSale: boolean;
  /** the account an expense line without its own account is booked on */
  defaultAccountId: number | null;
  lines: readonly PostableLine[];
}

/** A document line as the ledger posts it: amounts in cents and the VAT type by name. */
export interface PostableLine {
  vatTypeName: string;
  vatRate: string;
  netCents: number;
  vatCents: number;
  accountId: number | null;
  reverseChargeVatRate: string | null;
}

function draftOf(input: DocumentPostingInput, lines: PostingLine[]): PostingDraft {
  return {
    date: input.date,
    description: input.description,
    source: input.source,
    contactId: input.contactId,
    counterpartyCountry: input.country,
    counterpartyVatNumber: input.vatNumber,
    lines,
  };
}

/** P1 (and P2 for negative lines, which mirror naturally): debtors against revenue and output VAT. */
export function salesInvoicePosting(input: DocumentPostingInput, kor: boolean): PostingDraft {
  const lines: PostingLine[] = [];
  const vatByBox = new Map<OutputVatBox, bigint>();
  let grossCents = 0n;
  for (const line of input.lines) {
    const facts = { ...input, ...line, kor };
    const lineClass = classifySalesLine(facts);
    const account = line.accountId === null ? { path: lineClass.revenuePath } : { id: line.accountId };
    const tags = lineClass.baseBox ? { vatBox: lineClass.baseBox, vatBaseCents: line.netCents } : {};
    lines.push(...signedLine(account, -line.netCents, { ...tags, icpKind: lineClass.icpKind }));
    if (lineClass.vatBox !== null) {
      vatByBox.set(lineClass.vatBox, (vatByBox.get(lineClass.vatBox) ?? 0n) + BigInt(line.vatCents));
    } else if (line.vatCents !== 0) {
      // VAT charged on a line no box takes (a KOR company cannot publish one): keep it owed in 1c
      vatByBox.set("1c", (vatByBox.get("1c") ?? 0n) + BigInt(line.vatCents));
    }
    grossCents += BigInt(line.netCents) + BigInt(line.vatCents);
  }
  for (const [box, boxVatCents] of vatByBox) {
    const vatCents = posted(boxVatCents);
    lines.push(...signedLine({ path: OUTPUT_VAT_ACCOUNTS[box] }, -vatCents, { vatBox: box, vatCents }));
  }
  const debtors = signedLine({ path: LEDGER_ACCOUNTS.debtors }, posted(grossCents), { contactId: input.contactId });
  return draftOf(input, [...debtors, ...lines]);
}

/** P4: cost (or asset) and deductible input VAT against creditors; reverse charge self-assessed. */
export function expensePosting(input: DocumentPostingInput, kor: boolean): PostingDraft {
  const lines: PostingLine[] = [];
  let deductibleSum = 0n;
  let payableSum = 0n;
  for (const line of input.lines) {
    const lineClass = classifyExpenseLine({ ...line, date: input.date, country: input.country, kor });
    const accountId = line.accountId ?? input.defaultAccountId;
    if (accountId === null) throw new Error("an expense line needs an account to post on");
    const costAccount = { id: accountId };
    const selfAssessed = lineClass.selfAssessed;
    const baseTags = selfAssessed ? { vatBox: selfAssessed.box, vatBaseCents: line.netCents } : {};
    lines.push(...signedLine(costAccount, line.netCents + lineClass.costVatCents, baseTags));
    deductibleSum += BigInt(lineClass.deductibleVatCents);
    payableSum += BigInt(line.netCents) + BigInt(line.vatCents);
    if (selfAssessed) {
      const vatTags = { vatBox: selfAssessed.box, vatCents: selfAssessed.vatCents };
      lines.push(...signedLine({ path: OUTPUT_VAT_ACCOUNTS[selfAssessed.box] }, -selfAssessed.vatCents, vatTags));
      // in the KOR self-assessed VAT is owed but not deductible: it is cost
      if (kor) lines.push(...signedLine(costAccount, selfAssessed.vatCents));
      else deductibleSum += BigInt(selfAssessed.vatCents);
    }
  }
  const deductibleCents = posted(deductibleSum);
  const payableCents = posted(payableSum);
  lines.push(
    ...signedLine({ path: LEDGER_ACCOUNTS.inputVat }, deductibleCents, { vatBox: "5b", vatCents: deductibleCents }),
  );
  lines.push(...signedLine({ path: LEDGER_ACCOUNTS.creditors }, -payableCents, { contactId: input.contactId }));
  return draftOf(input, mergeUntagged(lines));
}

/** Lines on one account without tags are one line (an expense's lines on its type account). */
function mergeUntagged(lines: PostingLine[]): PostingLine[] {
  const merged: PostingLine[] = [];
  const untagged = new Map<string, bigint>();
  for (const line of lines) {
    if (line.vatBox !== null || line.contactId !== null) {
      merged.push(line);
      continue;
    }
    const key = JSON.stringify(line.account);
    untagged.set(key, (untagged.get(key) ?? 0n) + BigInt(line.debitCents) - BigInt(line.creditCents));
  }
  for (const [key, cents] of untagged) {
    merged.push(...signedLine(JSON.parse(key) as AccountReference, posted(cents)));
  }
  return merged;
}

export interface PaymentPostingInput {
  id: number;
  date: string;
  description: string | null;
  /** signed: positive is money coming in */
  amountCents: number;
  accountId: number;
  /** the posted document it settles, with its contact; null when unlinked or not yet posted */
  settles: { type: "sales_invoice" | "expense"; contactId: number | null } | null;
}

/** P3/P5: the bank or cash account against debtors, creditors, or unallocated receipts. */
export function paymentPosting(input: PaymentPostingInput): PostingDraft {
  const counterPath =
    input.settles === null
      ? LEDGER_ACCOUNTS.unallocatedReceipts
      : input.settles.type === "sales_invoice"
        ? LEDGER_ACCOUNTS.debtors
        : LEDGER_ACCOUNTS.creditors;
  const contactId = input.settles?.contactId ?? null;
  return {
    date: input.date,
    description: input.description,
    source: { type: "payment", id: input.id },
    contactId,
    counterpartyCountry: null,
    counterpartyVatNumber: null,
    lines: [
      ...signedLine({ id: input.accountId }, input.amountCents),
      ...signedLine({ path: counterPath }, -input.amountCents, { contactId }),
    ],
  };
}

export interface ManualEntryInput {
  id: number;
  date: string;
  description: string | null;
  lines: ReadonlyArray<{ accountId: number; accountPath: string; debitCents: number; creditCents: number }>;
}

/** A manual journal entry posts as written; lines on per-box VAT accounts count in their box. */
export function manualEntryPosting(input: ManualEntryInput): PostingDraft {
  return {
    date: input.date,
    description: input.description,
    source: { type: "journal_entry", id: input.id },
    contactId: null,
    counterpartyCountry: null,
    counterpartyVatNumber: null,
    lines: input.lines.flatMap((line) => {
      const tag = manualVatTag(line.accountPath, line.debitCents, line.creditCents);
      const tags = tag ? { vatBox: tag.box, vatBaseCents: tag.baseCents, vatCents: tag.vatCents } : {};
      return signedLine({ id: line.accountId }, line.debitCents - line.creditCents, tags);
    }),
  };
}
