/**
 * How many rows each company has in each listed table, kept by triggers in the transaction that
 * inserts or deletes the row, so a list's `X-Total` needs no count of the whole table when the
 * list is not filtered (db/row-counts.ts). Exact by construction: a row and its count commit or
 * roll back together, whoever writes it (the service, a migration, SQL by hand).
 */
import { type Kysely, sql } from "kysely";
import { columnTypes, isPostgres } from "../dialect.js";

export const COUNTED_TABLES = [
  "contacts",
  "products",
  "sales_invoices",
  "quotations",
  "expenses",
  "journal_entries",
  "hours",
  "rides",
  "payments",
] as const;

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function count_company_rows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into row_counts (company_id, table_name, total) values (new.company_id, tg_table_name, 1)
          on conflict (company_id, table_name) do update set total = row_counts.total + 1;
        return new;
      end if;
      update row_counts set total = total - 1 where company_id = old.company_id and table_name = tg_table_name;
      return old;
    end $$`.execute(db);
  for (const table of COUNTED_TABLES) {
    await sql`create trigger ${sql.id(`${table}_row_count`)} after insert or delete on ${sql.table(table)}
      for each row execute function count_company_rows()`.execute(db);
  }
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const table of COUNTED_TABLES) {
    await sql`create trigger ${sql.id(`${table}_row_count_insert`)} after insert on ${sql.table(table)} begin
      insert into row_counts (company_id, table_name, total) values (new.company_id, ${sql.lit(table)}, 1)
        on conflict (company_id, table_name) do update set total = total + 1;
    end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_row_count_delete`)} after delete on ${sql.table(table)} begin
      update row_counts set total = total - 1 where company_id = old.company_id and table_name = ${sql.lit(table)};
    end`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("row_counts")
    .addColumn("company_id", types.foreignKey, (column) =>
      column.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("table_name", "text", (column) => column.notNull())
    .addColumn("total", types.bigint, (column) => column.notNull())
    .addPrimaryKeyConstraint("row_counts_pkey", ["company_id", "table_name"])
    .execute();
  for (const table of COUNTED_TABLES) {
    await sql`insert into row_counts (company_id, table_name, total)
      select company_id, ${table}, count(*) from ${sql.table(table)} group by company_id`.execute(db);
  }
  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of COUNTED_TABLES) {
    if (isPostgres(db)) await sql`drop trigger ${sql.id(`${table}_row_count`)} on ${sql.table(table)}`.execute(db);
    else {
      await sql`drop trigger ${sql.id(`${table}_row_count_insert`)}`.execute(db);
      await sql`drop trigger ${sql.id(`${table}_row_count_delete`)}`.execute(db);
    }
  }
  if (isPostgres(db)) await sql`drop function count_company_rows()`.execute(db);
  await db.schema.dropTable("row_counts").execute();
}
