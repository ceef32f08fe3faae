/**
 * Idempotency records are now written in their request's own transaction and committed with its
 * response (db/request-transaction.ts), so a record is never seen running: the lock that told a
 * retry to wait, or to run again once a crashed process's lock expired, goes. A record left
 * running by the old code had no response: its request either never committed or its answer was
 * lost, and it is dropped so that its key works again.
 */
import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom("idempotency_records" as never)
    .where("response_status" as never, "is", null)
    .execute();
  await db.schema.alterTable("idempotency_records").dropColumn("locked_until").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .alterTable("idempotency_records")
    .addColumn("locked_until", types.dateTime, (column) => column.notNull().defaultTo("1970-01-01T00:00:00.000Z"))
    .execute();
}
