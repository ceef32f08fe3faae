/**
 * SQL for `outbox_messages`. Date-times are ISO UTC strings on both databases, so comparing
 * them in SQL is comparing instants. A row is never deleted: once sent it is the record of what
 * went out. `claimed_until` is both a lease and the claimant's token: only the holder of that
 * exact value may release the row, so a sender whose lease expired cannot undo a newer claim.
 */
import type { Generated, Selectable } from "kysely";
import type { Executor } from "../../db/connection.js";

interface OutboxMessagesTable {
  id: Generated<number>;
  company_id: number;
  document_type: string;
  document_id: number;
  recipient: string;
  subject: string;
  body_text: string;
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

export type OutboxMessageRow = Selectable<OutboxMessagesTable>;
export type OutboxMessageInsert = Omit<OutboxMessageRow, "id">;

type OutboxTables = { outbox_messages: OutboxMessagesTable };

function outbox(executor: Executor) {
  return executor.withTables<OutboxTables>();
}

export async function insertOutboxMessage(executor: Executor, values: OutboxMessageInsert): Promise<number> {
  const row = await outbox(executor)
    .insertInto("outbox_messages")
    .values(values)
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Ids of unsent messages that are due and not under a live lease, oldest due first.
 * `companyId` narrows the scan to one company (tests and one-off operator runs).
 */
export async function findDueMessageIds(
  executor: Executor,
  now: string,
  limit: number,
  companyId?: number,
): Promise<number[]> {
  let query = outbox(executor)
    .selectFrom("outbox_messages")
    .select("id")
    .where("sent_at", "is", null)
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]));
  if (companyId !== undefined) query = query.where("company_id", "=", companyId);
  const rows = await query.orderBy("next_attempt_at").orderBy("id").limit(limit).execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Takes the lease on one message if it is still due and unclaimed (or its lease expired). One
 * conditional UPDATE, so of two concurrent claimants exactly one gets the row back.
 */
export async function claimMessage(
  executor: Executor,
  messageId: number,
  now: string,
  leaseUntil: string,
): Promise<OutboxMessageRow | undefined> {
  return outbox(executor)
    .updateTable("outbox_messages")
    .set({ claimed_until: leaseUntil })
    .where("id", "=", messageId)
    .where("sent_at", "is", null)
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records delivery. Not conditional on still holding the lease: the SMTP server has accepted
 * the message, and that fact must be recorded even if our lease ran out meanwhile.
 */
export async function markMessageSent(executor: Executor, messageId: number, sentAt: string): Promise<void> {
  await outbox(executor)
    .updateTable("outbox_messages")
    .set({ sent_at: sentAt, claimed_until: null })
    .where("id", "=", messageId)
    .where("sent_at", "is", null)
    .execute();
}

/** Records a failed attempt and releases the lease, but only while `leaseUntil` is still ours. */
export async function markMessageFailed(
  executor: Executor,
  messageId: number,
  leaseUntil: string,
  failure: { attempts: number; lastError: string; nextAttemptAt: string },
): Promise<boolean> {
  const result = await outbox(executor)
    .updateTable("outbox_messages")
    .set({
      attempts: failure.attempts,
      last_error: failure.lastError,
      next_attempt_at: failure.nextAttemptAt,
      claimed_until: null,
    })
    .where("id", "=", messageId)
    .where("sent_at", "is", null)
    .where("claimed_until", "=", leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findOutboxMessage(
  executor: Executor,
  companyId: number,
  messageId: number,
): Promise<OutboxMessageRow | undefined> {
  return outbox(executor)
    .selectFrom("outbox_messages")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "=", messageId)
    .executeTakeFirst();
}

export async function listOutboxMessagesOfCompany(executor: Executor, companyId: number): Promise<OutboxMessageRow[]> {
  return outbox(executor)
    .selectFrom("outbox_messages")
    .selectAll()
    .where("company_id", "=", companyId)
    .orderBy("id")
    .execute();
}

/** How many messages are not sent yet (due, waiting for a retry, or being sent). */
export async function countUnsentMessages(executor: Executor): Promise<number> {
  const row = await outbox(executor)
    .selectFrom("outbox_messages")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("sent_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
