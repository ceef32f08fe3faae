import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  // E-mail waiting to be sent. A row is written in the transaction that decides to send (e.g.
  // publication), and only marked sent after the SMTP server accepted it: nothing is lost when
  // the process dies, at worst a message is sent twice. claimed_until is a lease so that several
  // processes never send the same message at the same time.
  await db.schema
    .createTable("outbox_messages")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("document_type", "text", (column) => column.notNull())
    .addColumn("document_id", types.foreignKey, (column) => column.notNull())
    .addColumn("recipient", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("body_text", "text", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull())
    .addColumn("next_attempt_at", types.dateTime, (column) => column.notNull())
    .addColumn("claimed_until", types.dateTime)
    .addColumn("last_error", "text")
    .addColumn("sent_at", types.dateTime)
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("outbox_messages_due_index")
    .on("outbox_messages")
    .columns(["sent_at", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox_messages").execute();
}
