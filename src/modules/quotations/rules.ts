/**
 * The quotation lifecycle as one transition table, plus the quotation number format.
 * Pure: no database, no clock. Every (status, trigger) pair not in the table is refused with the
 * current status named, so a client learns why.
 */
import type { Problem } from "../../platform/catalogue/keys.js";

export const QUOTATION_STATUSES = ["concept", "imported", "published", "approved", "denied", "invoiced"] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

export const TRIGGERS = ["_publish", "_approve", "_deny", "_invoice"] as const;
export type Trigger = (typeof TRIGGERS)[number];

interface Transition {
  from: readonly QuotationStatus[];
  to: QuotationStatus;
  /** whether the trigger may be given when the quotation is created */
  onCreate: boolean;
}

export const TRANSITIONS: Readonly<Record<Trigger, Transition>> = {
  _publish: { from: ["concept"], to: "published", onCreate: true },
  _approve: { from: ["published", "denied"], to: "approved", onCreate: false },
  _deny: { from: ["published", "approved"], to: "denied", onCreate: false },
  // a Kasboek addition: an approved or published quotation becomes a concept sales invoice
  _invoice: { from: ["approved", "published"], to: "invoiced", onCreate: false },
};

export type TransitionResult = { ok: true; to: QuotationStatus } | { ok: false; problem: Problem };

/** Where `trigger` takes a quotation in `current` (null: being created). */
export function transition(current: QuotationStatus | null, trigger: Trigger): TransitionResult {
  const rule = TRANSITIONS[trigger];
  if (current === null) {
    return rule.onCreate ? { ok: true, to: rule.to } : { ok: false, problem: { key: "onlyOnExistingQuotation" } };
  }
  if (rule.from.includes(current)) return { ok: true, to: rule.to };
  return { ok: false, problem: { key: "quotationStatus", status: current, allowed: rule.from } };
}

/** The one trigger a request sets to true; more than one at once is a problem. */
export function requestedTrigger(
  given: Partial<Record<Trigger, boolean | null>>,
): { ok: true; trigger: Trigger | null } | { ok: false; problem: Problem } {
  const set = TRIGGERS.filter((trigger) => given[trigger] === true);
  if (set.length > 1) return { ok: false, problem: { key: "oneTrigger", triggers: set } };
  return { ok: true, trigger: set[0] ?? null };
}

/** Statuses from publication on: the quotation has been sent and its content is fixed. */
export function isLocked(status: QuotationStatus): boolean {
  return status !== "concept";
}

/** Generated quotation numbers run per calendar year of the quotation date, in their own series. */
export function quotationNumberSeries(date: string): string {
  return `quotation:${date.slice(0, 4)}`;
}

export function formatQuotationNumber(date: string, sequence: number): string {
  return `${date.slice(0, 4)}-${String(sequence).padStart(4, "0")}`;
}

export const SIGN_LINK_VALID_DAYS = 30;
