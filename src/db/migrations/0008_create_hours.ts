import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("hours")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("client_id", types.foreignKey, (column) => column.references("contacts.id").onDelete("set null"))
    .addColumn("project_id", types.bigint)
    .addColumn("date", types.date, (column) => column.notNull())
    .addColumn("started_at", types.dateTime)
    .addColumn("ended_at", types.dateTime)
    // hours as exact decimals, for time recorded as an amount rather than a start and end
    .addColumn("duration_hours", types.decimal)
    .addColumn("pause_hours", types.decimal)
    .addColumn("description", "text")
    .execute();
  await db.schema.createIndex("hours_company_date_index").on("hours").columns(["company_id", "date", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("hours").execute();
}
