import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  // Files attached to a document (sales invoice, expense), kept in the database so a backup of
  // the database is a backup of everything. The content type is detected from the bytes.
  await db.schema
    .createTable("attachments")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("document_type", "text", (column) => column.notNull())
    .addColumn("document_id", types.foreignKey, (column) => column.notNull())
    .addColumn("file_name", "text", (column) => column.notNull())
    .addColumn("content_type", "text", (column) => column.notNull())
    .addColumn("file_size_bytes", types.bigint, (column) => column.notNull())
    .addColumn("content", types.binary, (column) => column.notNull())
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("attachments_document_index")
    .on("attachments")
    .columns(["company_id", "document_type", "document_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("attachments").execute();
}
