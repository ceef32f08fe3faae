/**
 * Work that must run one at a time for a key (the bank imports of one company, the payments of
 * one document) where no single row stands for it: PostgreSQL's transaction-scoped advisory lock
 * on the key, taken by `holdUntilCommit` and let go when the transaction ends, however it ends.
 *
 * Invariants:
 * - only transactions that call `holdUntilCommit` for the same kind and id wait for each other;
 *   readers and every other writer never do;
 * - on SQLite nothing is taken: a write transaction already holds the database's one write lock;
 * - the key is one bigint, the kind above the id's low 48 bits, so kinds never share keys; two ids
 *   2^48 apart of one kind would share one and merely wait for each other.
 */
import { sql } from "kysely";
import type { Executor } from "./connection.js";
import { isPostgres } from "./dialect.js";

/** What is held; a kind's number is its part of the key, so a number is never given to another kind. */
const KINDS = { bankImportsOfCompany: 1n, paymentsOfSalesInvoice: 2n, paymentsOfExpense: 3n } as const;

const ID_BITS = 48n;

function lockKey(kind: keyof typeof KINDS, id: number): bigint {
  return (KINDS[kind] << ID_BITS) | (BigInt(id) & ((1n << ID_BITS) - 1n));
}

/** Waits until no other transaction holds `kind` for `id`, then holds it until this one ends. */
export async function holdUntilCommit(transaction: Executor, kind: keyof typeof KINDS, id: number): Promise<void> {
  if (!isPostgres(transaction)) return;
  await sql`select pg_advisory_xact_lock(${String(lockKey(kind, id))}::bigint)`.execute(transaction);
}
