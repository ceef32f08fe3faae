import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.js";

/** Global reference data: the Dutch VAT types with the dates they apply from and until. */
const VAT_TYPES = [
  { name: "vat_high", friendly_name: "High (21%)", value: "0.21", valid_from: "2012-10-01", valid_until: null },
  { name: "vat_low_new", friendly_name: "Low (9%)", value: "0.09", valid_from: "2019-01-01", valid_until: null },
  { name: "vat_zero", friendly_name: "Zero (0%)", value: "0", valid_from: "1969-01-01", valid_until: null },
  { name: "vat_none", friendly_name: "Exempt from VAT", value: "0", valid_from: "1969-01-01", valid_until: null },
  {
    name: "vat_reverse_charged",
    friendly_name: "VAT reverse-charged",
    value: "0",
    valid_from: "1969-01-01",
    valid_until: null,
  },
  { name: "vat_custom", friendly_name: "Custom rate", value: null, valid_from: "1969-01-01", valid_until: null },
  {
    name: "vat_low",
    friendly_name: "Old low (6%)",
    value: "0.06",
    valid_from: "2001-01-01",
    valid_until: "2018-12-31",
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("vat_types")
    .addColumn("id", types.primaryKey, types.primaryKeyModifier)
    .addColumn("name", "text", (column) => column.notNull().unique())
    .addColumn("friendly_name", "text", (column) => column.notNull())
    .addColumn("value", types.decimal)
    .addColumn("valid_from", types.date, (column) => column.notNull())
    .addColumn("valid_until", types.date)
    .execute();
  const seed = db as unknown as Kysely<{ vat_types: (typeof VAT_TYPES)[number] }>;
  for (const vatType of VAT_TYPES) {
    await seed.insertInto("vat_types").values(vatType).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("vat_types").execute();
}
