/**
 * The end of each property run: files 2025Q2 through the API and checks the settlement (P6)
 * against the ledger rows, then that the quarter is locked. Test code only.
 */
import { expect } from "vitest";
import { checkBooks, type Model, type Snapshot } from "./books-invariants.js";
import {
  api,
  BANK,
  type Books,
  balanceOf,
  cents,
  creditOf,
  decimal,
  INPUT_VAT,
  MISC,
  OUTPUT_VAT,
  ROUNDING,
  readLedger,
  SETTLEMENT,
} from "./books-support.js";

export const PERIOD = { label: "2025Q2", from: "2025-04-01", till: "2025-06-30" };

/**
 * (6) Files 2025Q2. Before: every box's exact VAT equals its account's movement in the quarter.
 * After: each VAT account's quarter movement is zero, vat_settlement holds filed 5g, the rounding
 * account exact 5g − filed 5g, and the quarter is locked.
 */
export async function fileQuarter(books: Books, model: Model, snapshot: Snapshot) {
  const shown = await api(books, "GET", `/vat_returns/${PERIOD.label}`);
  expect(shown.status, shown.text).toBe(200);
  type Box = { vat: string | null; vat_filed: string | null };
  const boxes = (shown.body.vat_return as { boxes: Record<string, Box> }).boxes;
  const { lines } = await readLedger(books);
  const movement = (path: string) => balanceOf(books, lines, path, PERIOD.from, PERIOD.till);
  for (const [box, path] of Object.entries(OUTPUT_VAT)) {
    expect(cents(boxes[box]?.vat), `box ${box} = its account's movement`).toBe(
      creditOf(books, lines, path, PERIOD.from, PERIOD.till),
    );
  }
  expect(cents(boxes["5b"]?.vat), "5b = input VAT movement").toBe(movement(INPUT_VAT));
  const vatAccounts = [...Object.values(OUTPUT_VAT), INPUT_VAT];
  const exactNet = vatAccounts.reduce((sum, path) => sum - movement(path), 0);
  expect(cents(boxes["5g"]?.vat), "exact 5g = net of the VAT accounts").toBe(exactNet);

  const filing = await api(books, "POST", "/vat_returns", { vat_return: { period: PERIOD.label } });
  expect(filing.status, filing.text).toBe(201);
  expect((filing.body.vat_return as { boxes: unknown }).boxes).toEqual(boxes);
  model.filed = true;
  const after = await readLedger(books);
  for (const path of vatAccounts) {
    expect(balanceOf(books, after.lines, path, PERIOD.from, PERIOD.till), `${path} settled`).toBe(0);
  }
  const filed5g = cents(boxes["5g"]?.vat_filed);
  expect(creditOf(books, after.lines, SETTLEMENT), "vat_settlement = filed 5g").toBe(filed5g);
  expect(creditOf(books, after.lines, ROUNDING), "rounding = exact 5g − filed 5g").toBe(exactNet - filed5g);
  const next = await checkBooks(books, model, snapshot);

  // the quarter is locked now: nothing posts into it, and it cannot be filed again
  const locked = (answer: { status: number; text: string }) => {
    expect(answer.status, answer.text).toBe(422);
    expect(answer.text).toContain("date");
  };
  locked(
    await api(books, "POST", "/payments", { payment: { amount: "1", account_path: BANK, paid_at: "2025-05-01" } }),
  );
  locked(
    await api(books, "POST", "/journal_entries", {
      journal_entry: {
        date: "2025-05-01",
        lines: [
          { account_path: MISC, debit_amount: "1" },
          { account_path: "passiva.equity.capital", credit_amount: "1" },
        ],
      },
    }),
  );
  const payments = (await api(books, "GET", "/payments?selection=all&per_page=100")).body.payments as Array<{
    id: number;
    paid_at: string;
    amount: string;
  }>;
  const inQuarter = payments.find((payment) => payment.paid_at.slice(0, 10) <= PERIOD.till);
  if (inQuarter) {
    const changed = decimal(cents(inQuarter.amount) + 1);
    locked(await api(books, "PATCH", `/payments/${inQuarter.id}`, { payment: { amount: changed } }));
    locked(await api(books, "PATCH", `/payments/${inQuarter.id}`, { payment: { paid_at: "2025-08-01" } }));
    locked(await api(books, "DELETE", `/payments/${inQuarter.id}`));
  }
  const afterQuarter = payments.find((payment) => payment.paid_at.slice(0, 10) > PERIOD.till);
  if (afterQuarter) {
    locked(await api(books, "PATCH", `/payments/${afterQuarter.id}`, { payment: { paid_at: "2025-05-01" } }));
  }
  type Dated = Array<{ id: number; date: string; status?: string }>;
  const invoices = (await api(books, "GET", "/sales_invoices?per_page=100")).body.sales_invoices as Dated;
  const refused = await api(books, "POST", "/sales_invoices", {
    sales_invoice: {
      contact_id: books.contacts[0],
      date: "2025-05-01",
      _publish: true,
      invoice_lines: [{ price_per_unit: "10" }],
    },
  });
  locked(refused);
  const invoicesAfter = (await api(books, "GET", "/sales_invoices?per_page=100")).body.sales_invoices as Dated;
  expect(invoicesAfter.length, "a refused publication writes no invoice").toBe(invoices.length);
  const concept = invoices.find((invoice) => invoice.status === "concept" && invoice.date <= PERIOD.till);
  if (concept)
    locked(await api(books, "PATCH", `/sales_invoices/${concept.id}`, { sales_invoice: { _publish: true } }));
  const entries = (await api(books, "GET", "/journal_entries?per_page=100")).body.journal_entries as Dated;
  const entry = entries.find((candidate) => candidate.date <= PERIOD.till);
  if (entry) {
    locked(await api(books, "PATCH", `/journal_entries/${entry.id}`, { journal_entry: { date: "2025-08-01" } }));
    locked(await api(books, "DELETE", `/journal_entries/${entry.id}`));
  }
  const again = await api(books, "POST", "/vat_returns", { vat_return: { period: PERIOD.label } });
  expect(again.status, again.text).toBe(422);
  await checkBooks(books, model, next);
  return `filed (5g exact ${decimal(exactNet)}, filed ${decimal(filed5g)}, rounding ${decimal(exactNet - filed5g)})`;
}
