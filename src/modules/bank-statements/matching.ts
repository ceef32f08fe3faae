/**
 * Which open document a bank payment pays: certain matches (booked at import without asking) and
 * scored suggestions (for the owner to confirm). Pure code.
 *
 * Invariants:
 * - a match is certain only when the amount is exactly the document's open amount and either the
 *   payment names the document (its RF reference or number) or comes from its contact's IBAN, and
 *   exactly one open document fits; anything less is a suggestion, never a booking;
 * - a document is matched by at most one payment of an import (`taken`);
 * - a suggestion has at least one of reference, amount, IBAN or name in common with the payment;
 *   its score (0–100) adds fixed weights per reason, so the order is explainable to the owner.
 */
import { creditorReferencesIn, invoiceNumberKey, invoiceOfReference } from "../../platform/creditor-reference.js";

export type DocumentType = "sales_invoice" | "expense";

export interface OpenDocument {
  type: DocumentType;
  id: number;
  number: string | null;
  contactId: number | null;
  contactName: string | null;
  contactIban: string | null;
  date: string;
  dueDate: string;
  /** the payment that settles it exactly: positive money in, negative money out */
  openCents: bigint;
}

export interface MatchablePayment {
  amountCents: bigint;
  /** the booking date, YYYY-MM-DD */
  date: string;
  counterpartyIban: string | null;
  counterpartyName: string | null;
  /** the reference, remittance and end-to-end id as the bank gave them */
  texts: readonly (string | null)[];
}

export const MATCH_REASONS = ["reference", "amount", "iban", "name", "date"] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

const WEIGHTS: Record<MatchReason | "partial", number> = {
  reference: 45,
  amount: 35,
  iban: 25,
  name: 15,
  date: 5,
  partial: 10,
};
/** How long after its due date a payment is still "on time" enough to count for the date. */
const LATE_DAYS = 60;
export const MOST_SUGGESTIONS = 10;

/** What a payment names: the number keys of its words and of Kasboek RF references to this company. */
export function namedKeys(payment: MatchablePayment, companyId: number): Set<string> {
  const text = payment.texts.filter(Boolean).join(" ");
  const keys = new Set<string>();
  for (const reference of creditorReferencesIn(text)) {
    const named = invoiceOfReference(reference);
    if (named?.companyId === companyId) keys.add(named.invoiceNumberKey);
  }
  for (const word of text.split(/[\s,;:()[\]"']+/)) {
    const key = invoiceNumberKey(word);
    if (key.length >= 3) keys.add(key);
  }
  return keys;
}

function names(document: OpenDocument, keys: ReadonlySet<string>): boolean {
  if (document.number === null) return false;
  // a supplier's number is compared as Kasboek's own: upper case, letters and digits only
  const key = invoiceNumberKey(document.number);
  return key.length >= 3 && keys.has(key);
}

const LEGAL_FORMS = new Set(["bv", "nv", "vof", "cv", "bvba", "gmbh", "ltd", "de", "het", "en"]);

function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, "$1")
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !LEGAL_FORMS.has(word));
}

/** Whether the bank's counterparty name and the contact's name share their telling words. */
function sameName(counterparty: string | null, contact: string | null): boolean {
  if (counterparty === null || contact === null) return false;
  const theirs = new Set(nameWords(counterparty));
  const ours = nameWords(contact);
  return ours.length > 0 && ours.every((word) => theirs.has(word));
}

function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

export interface Suggestion {
  document: OpenDocument;
  score: number;
  reasons: MatchReason[];
}

function judged(payment: MatchablePayment, keys: ReadonlySet<string>, document: OpenDocument): Suggestion | null {
  const sameDirection = payment.amountCents > 0n === document.openCents > 0n;
  if (!sameDirection) return null;
  const reasons: MatchReason[] = [];
  let score = 0;
  if (names(document, keys)) reasons.push("reference");
  if (document.openCents === payment.amountCents) reasons.push("amount");
  const magnitude = (cents: bigint) => (cents < 0n ? -cents : cents);
  const partial = !reasons.includes("amount") && magnitude(payment.amountCents) < magnitude(document.openCents);
  if (payment.counterpartyIban !== null && payment.counterpartyIban === document.contactIban) reasons.push("iban");
  if (sameName(payment.counterpartyName, document.contactName)) reasons.push("name");
  if (reasons.length === 0) return null;
  if (payment.date >= document.date && payment.date <= addDays(document.dueDate, LATE_DAYS)) reasons.push("date");
  for (const reason of reasons) score += WEIGHTS[reason];
  if (partial) score += WEIGHTS.partial;
  return { document, score: Math.min(score, 100), reasons };
}

/** The documents the payment may pay, best first (score, then the oldest document). */
export function suggestMatches(
  payment: MatchablePayment,
  companyId: number,
  documents: readonly OpenDocument[],
): Suggestion[] {
  const keys = namedKeys(payment, companyId);
  return documents
    .map((document) => judged(payment, keys, document))
    .filter((suggestion): suggestion is Suggestion => suggestion !== null)
    .sort(
      (a, b) => b.score - a.score || a.document.date.localeCompare(b.document.date) || a.document.id - b.document.id,
    )
    .slice(0, MOST_SUGGESTIONS);
}

const documentKey = (document: Pick<OpenDocument, "type" | "id">) => `${document.type}:${document.id}`;

/**
 * The one document the payment certainly settles (see the invariants), or null; `taken` holds the
 * documents earlier payments of the import settled, and gets this one.
 */
export function certainMatch(
  payment: MatchablePayment,
  companyId: number,
  documents: readonly OpenDocument[],
  taken: Set<string>,
): OpenDocument | null {
  const keys = namedKeys(payment, companyId);
  const fitting = documents.filter(
    (document) => document.openCents === payment.amountCents && !taken.has(documentKey(document)),
  );
  const named = fitting.filter((document) => names(document, keys));
  const fromIban =
    payment.counterpartyIban === null
      ? []
      : fitting.filter((document) => document.contactIban === payment.counterpartyIban);
  const [only, ...others] = named.length > 0 ? named : fromIban;
  if (only === undefined || others.length > 0) return null;
  taken.add(documentKey(only));
  return only;
}
