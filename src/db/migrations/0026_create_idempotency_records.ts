/**
 * The first response to each Idempotency-Key of a token, kept 24 hours so a retried POST or PATCH
 * is answered with it instead of running again. The primary key (token, key) is what makes a
 * key's first request the only one that runs, whichever process it reaches.
 */
import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("idempotency_records")
    .addColumn("token_id", types.foreignKey, (column) =>
      column.notNull().references("api_tokens.id").onDelete("cascade"),
    )
    .addColumn("idempotency_key", "text", (column) => column.notNull())
    // SHA-256 of the method, the URL and the body: the same key with another request is refused
    .addColumn("fingerprint", "text", (column) => column.notNull())
    // while null the first request is still running (or its process died: see locked_until)
    .addColumn("response_status", "integer")
    .addColumn("response_headers", "text")
    .addColumn("response_body", "text")
    .addColumn("locked_until", types.dateTime, (column) => column.notNull())
    .addColumn("expires_at", types.dateTime, (column) => column.notNull())
    .addPrimaryKeyConstraint("idempotency_records_pkey", ["token_id", "idempotency_key"])
    .execute();
  await db.schema
    .createIndex("idempotency_records_expires_at")
    .on("idempotency_records")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotency_records").execute();
}
