/**
 * Plans: what a company's subscription allows. A plan opens or closes the
 * API and caps what a company may create: a NULL limit is unlimited. Caps on how many rows exist
 * (`max_contacts`, `max_products`, `max_companies_per_user`) refuse with 402; quotas on how many
 * were created in a calendar month (`max_sales_invoices_per_month`, `max_quotations_per_month`)
 * refuse with 422 quota_reached. Three plans are seeded; every company, existing or new, is on
 * `pro` (unlimited): a self-hosted installation is unlimited unless its operator narrows it.
 * The quotas count documents by `created_at`, so both document tables get an index for that.
 */
import type { Kysely } from "kysely";
import { addingReferencingColumn, columnTypes } from "../dialect.js";

const PLANS = [
  {
    name: "free",
    api_accessible: 0,
    max_contacts: 25,
    max_products: 25,
    max_companies_per_user: 1,
    max_sales_invoices_per_month: 5,
    max_quotations_per_month: 5,
  },
  {
    name: "basic",
    api_accessible: 1,
    max_contacts: 500,
    max_products: 500,
    max_companies_per_user: 3,
    max_sales_invoices_per_month: 100,
    max_quotations_per_month: 100,
  },
  {
    name: "pro",
    api_accessible: 1,
    max_contacts: null,
    max_products: null,
    max_companies_per_user: null,
    max_sales_invoices_per_month: null,
    max_quotations_per_month: null,
  },
];

/** The plan every company is on until an operator moves it. */
const DEFAULT_PLAN = "pro";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("plans")
    // a lowercase slug the operator types (`kasboek companies update 7 --plan basic`)
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("api_accessible", types.boolean, (column) => column.notNull())
    .addColumn("max_contacts", types.bigint)
    .addColumn("max_products", types.bigint)
    .addColumn("max_companies_per_user", types.bigint)
    .addColumn("max_sales_invoices_per_month", types.bigint)
    .addColumn("max_quotations_per_month", types.bigint)
    .addColumn("created_at", types.dateTime, (column) => column.notNull())
    .addColumn("updated_at", types.dateTime, (column) => column.notNull())
    .execute();
  const now = new Date().toISOString();
  const seed = db as unknown as Kysely<{ plans: (typeof PLANS)[number] & { created_at: string; updated_at: string } }>;
  for (const plan of PLANS) {
    await seed
      .insertInto("plans")
      .values({ ...plan, created_at: now, updated_at: now })
      .execute();
  }

  // after the seed: the default must name an existing plan when the column is added
  await addingReferencingColumn(db, () =>
    db.schema
      .alterTable("companies")
      .addColumn("plan", "text", (column) => column.notNull().defaultTo(DEFAULT_PLAN).references("plans.name"))
      .execute(),
  );
  await db.schema
    .createIndex("sales_invoices_company_created_index")
    .on("sales_invoices")
    .columns(["company_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("quotations_company_created_index")
    .on("quotations")
    .columns(["company_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("quotations_company_created_index").execute();
  await db.schema.dropIndex("sales_invoices_company_created_index").execute();
  await db.schema.alterTable("companies").dropColumn("plan").execute();
  await db.schema.dropTable("plans").execute();
}
