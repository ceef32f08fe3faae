import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  // One row per company and number series (contact numbers, invoice numbers per year, …). It is
  // incremented with UPDATE … RETURNING inside the transaction that uses the number, so numbers
  // are gapless and never handed out twice, whatever the concurrency.
  await db.schema
    .createTable("counters")
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("series", "text", (column) => column.notNull())
    .addColumn("last_value", types.bigint, (column) => column.notNull())
    .addPrimaryKeyConstraint("counters_primary_key", ["company_id", "series"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("counters").execute();
}
