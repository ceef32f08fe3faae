import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("companies")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("owner_user_id", types.foreignKey, (column) => column.notNull().references("users.id"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("owner_name", "text")
    .addColumn("address", "text")
    .addColumn("zipcode", "text")
    .addColumn("city", "text")
    .addColumn("country_code", "text")
    .addColumn("kvk_number", "text")
    .addColumn("email", "text")
    .addColumn("website", "text")
    .addColumn("type", "text")
    .addColumn("vat_liable", types.boolean, (column) => column.notNull())
    .addColumn("vat_number", "text")
    .addColumn("time_zone", "text", (column) => column.notNull().defaultTo("Europe/Amsterdam"))
    .addColumn("api_accessible", types.boolean, (column) => column.notNull())
    // space-separated scope names the company allows
    .addColumn("allowed_scopes", "text", (column) => column.notNull())
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("memberships")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("user_id", types.foreignKey, (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (column) => column.notNull())
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .addUniqueConstraint("memberships_company_user_unique", ["company_id", "user_id"])
    .execute();
  await db.schema.createIndex("memberships_user_id_index").on("memberships").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("memberships").execute();
  await db.schema.dropTable("companies").execute();
}
