/**
 * The vocabulary of the demo's year (demo-plan.ts): what can happen on a day, as plain data the
 * writer (demo-write.ts) turns into service calls, and the helpers both halves of the plan share.
 * Events name other events (the invoice a payment pays) by their place in the plan.
 */

import type { Random } from "./demo-calendar.js";
import { DEMO_CUSTOMERS, type DemoCustomer, type DemoProductKey } from "./demo-cast.js";

export type VatName = "vat_high" | "vat_low_new" | "vat_reverse_charged";

export interface PlannedLine {
  description?: string;
  product?: DemoProductKey;
  quantity: string;
  price_per_unit?: string;
  vat?: VatName;
}

export type PlannedEvent =
  | { kind: "opening"; date: string; amount: string }
  | { kind: "invoice"; date: string; customer: string; description: string; lines: PlannedLine[]; reference?: string }
  | { kind: "concept"; date: string; customer: string; description: string; lines: PlannedLine[] }
  | { kind: "credit"; date: string; invoice: number; description: string; lines: PlannedLine[] }
  /** a payment of the invoice's open amount (the server's figure), or of `amount` */
  | { kind: "payment"; date: string; invoice: number; amount?: string }
  /** money received for an invoice, on the bank but not yet linked to it */
  | { kind: "receipt"; date: string; invoice: number }
  | { kind: "expense"; date: string; supplier: string; account: string; lines: PlannedLine[]; receipt: "pdf" | "png" }
  /** money paid for an expense (the amount its line states), on the bank but not yet linked to it */
  | { kind: "bank"; date: string; expense: number; description: string }
  /** the owner's monthly transfer to their private account */
  | { kind: "withdrawal"; date: string; amount: string }
  | { kind: "hour"; date: string; customer: string; duration: string; description: string }
  | { kind: "ride"; date: string; to: string; km: number; private: boolean }
  | {
      kind: "quotation";
      date: string;
      customer: string;
      lines: PlannedLine[];
      outcome: "invoiced" | "signing" | "concept";
    }
  | { kind: "filing"; date: string; period: string }
  | { kind: "vatPayment"; date: string; period: string };

export interface DemoPlan {
  events: PlannedEvent[];
  /** the completed quarter left open, for the README's VAT return */
  quarterToFile: string;
  /** the first day of the demo's year */
  firstDay: string;
}

export const HOURLY = (quantity: string): PlannedLine => ({ product: "designHour", quantity });

export function customersOf(kind: DemoCustomer["kind"]): DemoCustomer[] {
  return DEMO_CUSTOMERS.filter((customer) => customer.kind === kind);
}

export function weighted(random: Random, customers: readonly DemoCustomer[]): DemoCustomer {
  const total = customers.reduce((sum, customer) => sum + customer.weight, 0);
  let pick = random.integer(1, total);
  for (const customer of customers) {
    pick -= customer.weight;
    if (pick <= 0) return customer;
  }
  const last = customers.at(-1);
  if (last === undefined) throw new Error("no customers to pick from");
  return last;
}

/** Hours in halves: 4 to 32. */
export const someHours = (random: Random) => String(random.integer(8, 64) / 2);
