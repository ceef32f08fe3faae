import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("users")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .execute();

  // Personal API tokens now, OAuth access tokens later: only the SHA-256 of a token is kept.
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("user_id", types.foreignKey, (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("name", "text")
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("scopes", "text", (column) => column.notNull())
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .addColumn("expires_at", types.dateTime)
    .addColumn("revoked_at", types.dateTime)
    .execute();
  await db.schema.createIndex("api_tokens_user_id_index").on("api_tokens").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("api_tokens").execute();
  await db.schema.dropTable("users").execute();
}
