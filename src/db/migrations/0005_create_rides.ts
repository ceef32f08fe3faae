import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("rides")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("departure_address", "text")
    .addColumn("visiting_address", "text")
    .addColumn("km_start", types.bigint)
    .addColumn("km_end", types.bigint)
    .addColumn("private", types.boolean)
    .addColumn("date", types.date, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("rides_company_date_index").on("rides").columns(["company_id", "date", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rides").execute();
}
