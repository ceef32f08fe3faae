import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  // A memory-hard hash (scrypt, with its parameters and salt in the string); null: no password set.
  await db.schema.alterTable("users").addColumn("password_hash", "text").execute();

  // Failed logins per key (an e-mail address, a client address) within the current window.
  await db.schema
    .createTable("login_throttles")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("failures", "integer", (column) => column.notNull())
    .addColumn("window_started_at", types.dateTime, (column) => column.notNull())
    .addColumn("blocked_until", types.dateTime)
    .execute();

  // Values an installation keeps for all its processes (e.g. the secret that signs session cookies).
  await db.schema
    .createTable("instance_settings")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("oauth_clients")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    // the public identifier a client presents; the secret is kept only as a hash (null: public client)
    .addColumn("client_id", "text", (column) => column.notNull().unique())
    .addColumn("secret_hash", "text")
    .addColumn("name", "text", (column) => column.notNull())
    // JSON array of redirect URIs, each matched exactly
    .addColumn("redirect_uris", "text", (column) => column.notNull())
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .execute();

  // What a user allowed a client: scopes, on which companies (JSON array of ids), until revoked.
  await db.schema
    .createTable("oauth_grants")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("user_id", types.foreignKey, (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("client_id", types.foreignKey, (column) =>
      column.notNull().references("oauth_clients.id").onDelete("cascade"),
    )
    .addColumn("scopes", "text", (column) => column.notNull())
    .addColumn("company_ids", "text", (column) => column.notNull())
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .addColumn("revoked_at", types.dateTime)
    .execute();

  await db.schema
    .createTable("oauth_codes")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("code_hash", "text", (column) => column.notNull().unique())
    .addColumn("grant_id", types.foreignKey, (column) =>
      column.notNull().references("oauth_grants.id").onDelete("cascade"),
    )
    .addColumn("redirect_uri", "text", (column) => column.notNull())
    .addColumn("code_challenge", "text", (column) => column.notNull())
    .addColumn("expires_at", types.dateTime, (column) => column.notNull())
    .addColumn("used_at", types.dateTime)
    .execute();

  // Rotating refresh tokens: each use replaces the token; a used one presented again revokes the grant.
  await db.schema
    .createTable("oauth_refresh_tokens")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("grant_id", types.foreignKey, (column) =>
      column.notNull().references("oauth_grants.id").onDelete("cascade"),
    )
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .addColumn("used_at", types.dateTime)
    .execute();

  // OAuth access tokens live in api_tokens (kind "oauth", with expires_at) and name their grant.
  await db.schema
    .alterTable("api_tokens")
    .addColumn("grant_id", types.foreignKey, (column) => column.references("oauth_grants.id").onDelete("cascade"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("api_tokens").dropColumn("grant_id").execute();
  await db.schema.dropTable("oauth_refresh_tokens").execute();
  await db.schema.dropTable("oauth_codes").execute();
  await db.schema.dropTable("oauth_grants").execute();
  await db.schema.dropTable("oauth_clients").execute();
  await db.schema.dropTable("instance_settings").execute();
  await db.schema.dropTable("login_throttles").execute();
  await db.schema.alterTable("users").dropColumn("password_hash").execute();
}
