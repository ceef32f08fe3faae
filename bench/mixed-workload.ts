/**
 * What the connections of the mixed workload ask (bench/mixed.ts): per request a random company,
 * and of the requests 80 % reads (an invoice, the first page of invoices, one month of invoices, a
 * contact search, a contact: 16 % each), 15 % writes and 5 % books (a VAT return, the trial
 * balance, an invoice's PDF: 1⅔ % each); with `readsOnly`, the five reads at 20 % each.
 * Invariants:
 * - Writes are one company's real sequence, kept per connection: create a concept → PATCH it
 *   (description and a line's quantity) → publish it → pay it in full → create a contact; then
 *   the next sequence starts on another random company. Each step checks what Kasboek answered
 *   (status of the invoice, payment status); a failed step ends the sequence (`reset`).
 * - Randomness comes from a generator seeded by the round and the connection's index, so two runs
 *   with the same settings ask, round by round, the same requests in the same order per connection
 *   (the raw-driver baseline gets exactly Kasboek's reads).
 * - Reads pick among the seeded rows only (what the writes add is not read back by id); a month
 *   is one of the eleven whole months before the seed's day (each holds ~N/12 invoices), a
 *   quarter one of the four whole quarters before it, the trial balance is at the seed's day.
 */
import { CONTACT_WORDS, type MixedCompany } from "./mixed-seed.js";

export type Kind = "read" | "write" | "books";
export const KINDS: readonly Kind[] = ["read", "write", "books"];

export const OPERATIONS = {
  invoice: { kind: "read", label: "GET one invoice" },
  firstPage: { kind: "read", label: "first page of invoices (40)" },
  month: { kind: "read", label: "one month of invoices (search[from], search[till])" },
  search: { kind: "read", label: "contacts search[q]" },
  contact: { kind: "read", label: "GET one contact" },
  concept: { kind: "write", label: "create a concept invoice" },
  edit: { kind: "write", label: "PATCH the concept" },
  publish: { kind: "write", label: "publish it" },
  payment: { kind: "write", label: "pay it (PATCH payments)" },
  newContact: { kind: "write", label: "create a contact" },
  vatReturn: { kind: "books", label: "VAT return of a quarter" },
  trialBalance: { kind: "books", label: "trial balance" },
  pdf: { kind: "books", label: "PDF of an invoice" },
} as const satisfies Record<string, { kind: Kind; label: string }>;
export type Operation = keyof typeof OPERATIONS;
export const READ_OPERATIONS = ["invoice", "firstPage", "month", "search", "contact"] as const;
const BOOK_OPERATIONS = ["vatReturn", "trialBalance", "pdf"] as const;

const READ_SHARE = 0.8;
const WRITE_SHARE = 0.15;
const BANK = "activa.current_assets.liquid_assets.bank";

/** One request: what it sends, the status it must get and, for a write, what its answer must say. */
export interface Call {
  operation: Operation;
  method: "GET" | "POST" | "PATCH";
  path: string;
  token: string;
  body?: string;
  expectedStatus: number;
  /** reads a write's answer (its body) into the sequence; a problem, or undefined when all is well */
  answer?: (body: string) => string | undefined;
}

/** mulberry32: a small, fast generator of floats in [0, 1) from a 32-bit seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The whole months and quarters before `today` (YYYY-MM-DD) that the workload asks about. */
export function periodsBefore(today: string): { months: Array<[string, string]>; quarters: string[] } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)); // 1–12
  const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
  const months: Array<[string, string]> = [];
  for (let back = 11; back >= 1; back--) months.push([day(year, month - 1 - back, 1), day(year, month - back, 0)]);
  const quarters: string[] = [];
  const current = year * 4 + Math.floor((month - 1) / 3);
  for (let back = 4; back >= 1; back--) {
    const q = current - back;
    quarters.push(`${Math.floor(q / 4)}Q${(q % 4) + 1}`);
  }
  return { months, quarters };
}

interface Sequence {
  company: MixedCompany;
  step: number;
  invoiceId: number;
  firstLineId: number;
  gross: string;
}

const parsed = (body: string): Record<string, unknown> => JSON.parse(body) as Record<string, unknown>;
const invoiceOf = (body: string) =>
  parsed(body).sales_invoice as
    | {
        id?: number;
        status?: string;
        price_with_vat?: string;
        payment_status?: string;
        invoice_lines?: Array<{ id?: number }>;
      }
    | undefined;

/** The requests of one connection. */
export class ConnectionWorkload {
  readonly #random: () => number;
  readonly #periods: ReturnType<typeof periodsBefore>;
  #sequence: Sequence | null = null;
  #made = 0;

  constructor(
    readonly index: number,
    round: number,
    readonly companies: readonly MixedCompany[],
    readonly today: string,
    readonly readsOnly: boolean,
  ) {
    this.#random = generator(Math.imul(round + 1, 0x9e3779b1) ^ (index + 1));
    this.#periods = periodsBefore(today);
  }

  #pick<Item>(items: readonly Item[]): Item {
    const item = items[Math.floor(this.#random() * items.length)];
    if (item === undefined) throw new Error("nothing to pick from");
    return item;
  }

  next(): Call {
    const r = this.#random();
    if (this.readsOnly || r < READ_SHARE) return this.#read(this.#pick(READ_OPERATIONS));
    if (r < READ_SHARE + WRITE_SHARE) return this.#write();
    return this.#books(this.#pick(BOOK_OPERATIONS));
  }

  /** After an unexpected answer or a failed request: the write sequence starts over. */
  reset(): void {
    this.#sequence = null;
  }

  #read(operation: (typeof READ_OPERATIONS)[number]): Call {
    const company = this.#pick(this.companies);
    const base = `/api/v1/companies/${company.companyId}`;
    const get = (path: string): Call => ({ operation, method: "GET", path, token: company.token, expectedStatus: 200 });
    switch (operation) {
      case "invoice":
        return get(`${base}/sales_invoices/${this.#pick(company.invoiceIds)}`);
      case "firstPage":
        return get(`${base}/sales_invoices`);
      case "month": {
        const [from, till] = this.#pick(this.#periods.months);
        return get(`${base}/sales_invoices?search%5Bfrom%5D=${from}&search%5Btill%5D=${till}`);
      }
      case "search":
        return get(`${base}/contacts?search%5Bq%5D=${this.#pick(CONTACT_WORDS).toLowerCase()}`);
      case "contact":
        return get(`${base}/contacts/${this.#pick(company.contactIds)}`);
    }
  }

  #books(operation: (typeof BOOK_OPERATIONS)[number]): Call {
    const company = this.#pick(this.companies);
    const base = `/api/v1/companies/${company.companyId}`;
    const get = (path: string): Call => ({ operation, method: "GET", path, token: company.token, expectedStatus: 200 });
    switch (operation) {
      case "vatReturn":
        return get(`${base}/vat_returns/${this.#pick(this.#periods.quarters)}`);
      case "trialBalance":
        return get(`${base}/reports/trial_balance?date=${this.today}`);
      case "pdf":
        return get(`${base}/sales_invoices/${this.#pick(company.invoiceIds)}/pdf`);
    }
  }

  #write(): Call {
    const sequence = this.#sequence ?? {
      company: this.#pick(this.companies),
      step: 0,
      invoiceId: 0,
      firstLineId: 0,
      gross: "",
    };
    this.#sequence = sequence;
    const { company } = sequence;
    const invoices = `/api/v1/companies/${company.companyId}/sales_invoices`;
    const invoice = `${invoices}/${sequence.invoiceId}`;
    const patch = (operation: Operation, attributes: object, answer: Call["answer"]): Call => ({
      operation,
      method: "PATCH",
      path: invoice,
      token: company.token,
      body: JSON.stringify({ sales_invoice: attributes }),
      expectedStatus: 200,
      answer,
    });
    const advance = () => {
      sequence.step += 1;
      return undefined;
    };
    switch (sequence.step) {
      case 0:
        return {
          operation: "concept",
          method: "POST",
          path: invoices,
          token: company.token,
          body: company.conceptBody,
          expectedStatus: 201,
          answer: (body) => {
            const made = invoiceOf(body);
            const lineId = made?.invoice_lines?.[0]?.id;
            if (made?.status !== "concept" || made.id === undefined || lineId === undefined)
              return `create a concept answered ${body.slice(0, 120)}`;
            sequence.invoiceId = made.id;
            sequence.firstLineId = lineId;
            return advance();
          },
        };
      case 1:
        return patch(
          "edit",
          { description: `Bijgewerkt ${this.index}`, invoice_lines: [{ id: sequence.firstLineId, quantity: "5.0" }] },
          (body) => (invoiceOf(body)?.status === "concept" ? advance() : `PATCH answered ${body.slice(0, 120)}`),
        );
      case 2:
        return patch("publish", { _publish: true }, (body) => {
          const published = invoiceOf(body);
          if (published?.status !== "published" || published.price_with_vat === undefined)
            return `publish answered ${body.slice(0, 120)}`;
          sequence.gross = published.price_with_vat;
          return advance();
        });
      case 3:
        return patch(
          "payment",
          { payments: [{ amount: sequence.gross, account_path: BANK, paid_at: this.today }] },
          (body) => (invoiceOf(body)?.payment_status === "paid" ? advance() : `payment answered ${body.slice(0, 120)}`),
        );
      default: {
        const word = this.#pick(CONTACT_WORDS);
        this.#made += 1;
        return {
          operation: "newContact",
          method: "POST",
          path: `/api/v1/companies/${company.companyId}/contacts`,
          token: company.token,
          body: JSON.stringify({
            contact: {
              company_name: `${word} nieuw ${this.index}-${this.#made} BV`,
              contact_person_name: "Nieuwe Klant",
              address: "Marktstraat 2",
              zipcode: "3511 AB",
              city: "Utrecht",
              country_code: "NL",
            },
          }),
          expectedStatus: 201,
          answer: () => {
            this.#sequence = null;
            return undefined;
          },
        };
      }
    }
  }
}
