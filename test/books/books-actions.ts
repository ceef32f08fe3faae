/**
 * The actions of the property test as data, and the rule that turns an action with nothing to act
 * on (no concept to publish, no payment to change) into the action that makes such a thing.
 */
import type { Model } from "./books-invariants.js";

export type SalesLine = { cents: number; negative: boolean; quantity: string; vat: string };
export type ExpenseLine = { cents: number; vat: string; rate: string | null };
export type Money = { cents: number; negative: boolean };

export type Action =
  | {
      kind: "createInvoice";
      contact: number;
      day: number;
      lines: SalesLine[];
      publish: boolean;
      payment: (Money & { day: number }) | null;
    }
  | { kind: "editConcept"; pick: number; day: number; line: SalesLine }
  | { kind: "publishInvoice" | "deleteConcept" | "deletePayment" | "publishExpense" | "deleteJournal"; pick: number }
  | { kind: "payInvoice"; pick: number; how: "partial" | "full" | "over"; extra: number; day: number }
  | { kind: "createPayment"; payment: Money & { day: number } }
  | { kind: "payExpense"; pick: number; cents: number; day: number }
  | { kind: "updatePayment"; pick: number; amount: Money | null; day: number | null }
  | { kind: "createExpense"; contact: number; day: number; lines: ExpenseLine[]; publish: boolean }
  | { kind: "createJournal"; day: number; accounts: [number, number, number | null]; cents: number; split: number }
  | { kind: "editJournal"; pick: number; day: number; cents: number; swap: boolean };

export interface Outcome {
  label: "ok" | "refused" | "skip" | "instead";
  detail?: string;
  /** how many ledger entries the step must add, where that is certain */
  posts?: number;
}

const ids = <T>(map: Map<number, T>, keep: (value: T) => boolean) =>
  [...map].filter(([, value]) => keep(value)).map(([id]) => id);

/** An action with nothing to act on becomes the action that makes such a thing (so few steps are lost). */
export function fallback(model: Model, step: Action): Action {
  const concepts = ids(model.invoices, (invoice) => !invoice.published);
  const pick = "pick" in step ? step.pick : 0;
  const line = { cents: 1 + ((pick * 7919) % 250_000), negative: false, quantity: "1", vat: "vat_high" };
  const day = pick % 183;
  const invoice = {
    kind: "createInvoice" as const,
    contact: pick % 3,
    day,
    lines: [line],
    publish: false,
    payment: null,
  };
  switch (step.kind) {
    case "editConcept":
    case "publishInvoice":
    case "deleteConcept":
      return concepts.length > 0 ? step : invoice;
    case "payInvoice":
      return model.invoices.size > 0 ? step : { ...invoice, publish: pick % 2 === 0 };
    case "updatePayment":
    case "deletePayment":
      return model.payments.size > 0 ? step : { kind: "createPayment", payment: { ...line, day } };
    case "publishExpense":
    case "payExpense":
      return ids(model.expenses, (expense) => !expense.published).length > 0
        ? step
        : { kind: "createExpense", contact: pick % 4, day, lines: [{ ...line, rate: null }], publish: false };
    case "editJournal":
    case "deleteJournal":
      return model.journalEntries.size > 0
        ? step
        : { kind: "createJournal", day, accounts: [pick, pick + 1, null], cents: line.cents, split: 50 };
    default:
      return step;
  }
}
