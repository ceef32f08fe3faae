/**
 * Deterministic companions of the property test: a payment update posts a reversal plus a new
 * entry, a delete reverses, and the database itself (triggers and checks of migration 0022)
 * refuses an unbalanced sealed entry, a line added to a sealed entry, a changed line or entry,
 * and a line with two sides — on whichever database the run uses.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../support/app.js";
import { postTestEntry } from "../support/ledger.js";
import {
  activeEntries,
  api,
  BANK,
  type Books,
  balanceOf,
  MISC,
  openBooks,
  readLedger,
  UNALLOCATED,
} from "./books-support.js";

let harness: TestApp;
let books: Books;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-01-15T10:00:00Z"));
  books = await openBooks(harness);
});
afterAll(() => harness.close());

async function newPayment(amount: string, paidAt: string): Promise<number> {
  const answer = await api(books, "POST", "/payments", { payment: { amount, account_path: BANK, paid_at: paidAt } });
  expect(answer.status, answer.text).toBe(201);
  return (answer.body.payment as { id: number }).id;
}

/** The payment's entries in posting order, each as date, reversed entry and signed lines per path. */
async function postingsOf(paymentId: number) {
  const { entries, lines } = await readLedger(books);
  return entries
    .filter((entry) => entry.source_type === "payment" && entry.source_id === paymentId)
    .map((entry) => ({
      id: entry.id,
      date: entry.date,
      reverses: entry.reverses_entry_id,
      lines: Object.fromEntries(
        lines
          .filter((line) => line.entry_id === entry.id)
          .map((line) => [books.pathOf.get(line.account_id), line.debit_cents - line.credit_cents]),
      ),
    }));
}

describe("payment postings", () => {
  it("an amount or date change posts a reversal of the entry in force (on its date) and a new entry", async () => {
    const paymentId = await newPayment("100.00", "2025-05-01");
    const [first] = await postingsOf(paymentId);
    expect(first).toMatchObject({
      date: "2025-05-01",
      reverses: null,
      lines: { [BANK]: 10000, [UNALLOCATED]: -10000 },
    });

    const amount = await api(books, "PATCH", `/payments/${paymentId}`, { payment: { amount: "150.25" } });
    expect(amount.status, amount.text).toBe(200);
    const moved = await api(books, "PATCH", `/payments/${paymentId}`, { payment: { paid_at: "2025-08-03" } });
    expect(moved.status, moved.text).toBe(200);
    const unchanged = await api(books, "PATCH", `/payments/${paymentId}`, { payment: { description: "no posting" } });
    expect(unchanged.status, unchanged.text).toBe(200);

    const postings = await postingsOf(paymentId);
    expect(postings.map(({ id: _id, ...posting }) => posting)).toEqual([
      { date: "2025-05-01", reverses: null, lines: { [BANK]: 10000, [UNALLOCATED]: -10000 } },
      { date: "2025-05-01", reverses: postings[0]?.id, lines: { [BANK]: -10000, [UNALLOCATED]: 10000 } },
      { date: "2025-05-01", reverses: null, lines: { [BANK]: 15025, [UNALLOCATED]: -15025 } },
      { date: "2025-05-01", reverses: postings[2]?.id, lines: { [BANK]: -15025, [UNALLOCATED]: 15025 } },
      { date: "2025-08-03", reverses: null, lines: { [BANK]: 15025, [UNALLOCATED]: -15025 } },
    ]);
    const { entries } = await readLedger(books);
    expect(activeEntries(entries, "payment", paymentId).map((entry) => entry.id)).toEqual([postings[4]?.id]);
  });

  it("a delete reverses the payment: bank and unallocated receipts return to where they were", async () => {
    const before = (await readLedger(books)).lines;
    const paymentId = await newPayment("-42.17", "2025-06-30");
    const [posted] = await postingsOf(paymentId);
    expect(posted?.lines).toEqual({ [BANK]: -4217, [UNALLOCATED]: 4217 });
    const deleted = await api(books, "DELETE", `/payments/${paymentId}`);
    expect(deleted.status, deleted.text).toBeLessThan(300);
    const postings = await postingsOf(paymentId);
    expect(postings).toHaveLength(2);
    expect(postings[1]).toMatchObject({
      date: "2025-06-30",
      reverses: posted?.id,
      lines: { [BANK]: 4217, [UNALLOCATED]: -4217 },
    });
    const after = (await readLedger(books)).lines;
    for (const path of [BANK, UNALLOCATED]) expect(balanceOf(books, after, path)).toBe(balanceOf(books, before, path));
    const { entries } = await readLedger(books);
    expect(activeEntries(entries, "payment", paymentId)).toEqual([]);
  });
});

describe("the database guards the ledger by itself", () => {
  const db = () => harness.deps.db;

  async function rawEntry(): Promise<number> {
    const { rows } = await sql<{ id: number }>`insert into ledger_entries
      (company_id, date, description, source_type, source_id, sealed, created_at)
      values (${books.company.companyId}, '2025-05-05', 'raw', 'journal_entry', 999999, 0, '2026-01-15T10:00:00.000Z')
      returning id`.execute(db());
    return Number(rows[0]?.id);
  }

  async function rawLine(entryId: number, path: string, debit: number, credit: number): Promise<void> {
    await sql`insert into ledger_lines (company_id, entry_id, date, account_id, debit_cents, credit_cents)
      values (${books.company.companyId}, ${entryId}, '2025-05-05', ${books.accountId(path)}, ${debit}, ${credit})`.execute(
      db(),
    );
  }

  const seal = (entryId: number) => sql`update ledger_entries set sealed = 1 where id = ${entryId}`.execute(db());

  it("refuses to seal an entry whose debits and credits differ, and seals a balanced one", async () => {
    const unbalanced = await rawEntry();
    await rawLine(unbalanced, MISC, 1000, 0);
    await rawLine(unbalanced, BANK, 0, 999);
    await expect(seal(unbalanced)).rejects.toThrow(/balance/);
    const { rows } = await sql<{ sealed: number }>`select sealed from ledger_entries where id = ${unbalanced}`.execute(
      db(),
    );
    expect(Number(rows[0]?.sealed)).toBe(0);

    const balanced = await rawEntry();
    await rawLine(balanced, MISC, 1000, 0);
    await rawLine(balanced, BANK, 0, 1000);
    await expect(seal(balanced)).resolves.toBeDefined();
    await expect(rawLine(balanced, MISC, 1, 0)).rejects.toThrow(/sealed/);
    await expect(
      sql`update ledger_entries set description = 'changed' where id = ${balanced}`.execute(db()),
    ).rejects.toThrow();
  });

  it("refuses a posting through the ledger's store that does not balance, with nothing of it kept", async () => {
    const date = "2025-05-07";
    const kept = async () => ({
      months: (
        await sql<{ debits: number; credits: number }>`select coalesce(sum(debit_cents), 0) as debits,
          coalesce(sum(credit_cents), 0) as credits
          from ledger_account_months where company_id = ${books.company.companyId}`.execute(db())
      ).rows.map((row) => [Number(row.debits), Number(row.credits)]),
      entries: (
        await sql<{ id: number }>`select id from ledger_entries
          where company_id = ${books.company.companyId} and date = ${date}`.execute(db())
      ).rows,
    });
    const before = await kept();
    const unbalanced = [
      { path: MISC, cents: 1000 },
      { path: BANK, cents: -999 },
    ];
    await expect(
      db()
        .transaction()
        .execute((transaction) => postTestEntry(transaction, books.company.companyId, date, unbalanced)),
    ).rejects.toThrow(/balance/);
    expect(await kept()).toEqual(before);

    const balanced = [
      { path: MISC, cents: 1000 },
      { path: BANK, cents: -1000 },
    ];
    await db()
      .transaction()
      .execute((transaction) => postTestEntry(transaction, books.company.companyId, date, balanced));
    const after = await kept();
    expect(after.entries).toHaveLength(1);
    const [debits = 0, credits = 0] = before.months[0] ?? [];
    expect(after.months).toEqual([[debits + 1000, credits + 1000]]);
  });

  it("refuses any UPDATE of a posted ledger line, and a line with both or neither side", async () => {
    const paymentId = await newPayment("10.00", "2025-05-06");
    const { lines, entries } = await readLedger(books);
    const entry = activeEntries(entries, "payment", paymentId)[0];
    const line = lines.find((candidate) => candidate.entry_id === entry?.id);
    expect(line).toBeDefined();
    await expect(
      sql`update ledger_lines set debit_cents = debit_cents + 1 where id = ${line?.id ?? -1}`.execute(db()),
    ).rejects.toThrow(/cannot change/);
    await expect(
      sql`update ledger_lines set vat_box = null where id = ${line?.id ?? -1}`.execute(db()),
    ).rejects.toThrow();
    expect((await readLedger(books)).lines.find((candidate) => candidate.id === line?.id)).toEqual(line);

    const open = await rawEntry();
    await expect(rawLine(open, MISC, 100, 100)).rejects.toThrow();
    await expect(rawLine(open, MISC, 0, 0)).rejects.toThrow();
    await expect(rawLine(open, MISC, -5, 0)).rejects.toThrow();
  });
});
