/**
 * PostgreSQL keeps the row counts (migration 0028) with one trigger call per statement instead of
 * one per row: a statement inserting a bank statement's 10,000 payments updated its company's
 * count row 10,000 times, each update a new version of that one row (1.3 of the import's 4.1 s,
 * bench/bank-import.ts); the statement's transition table is counted once instead. Counts stay
 * exact and commit with their rows. SQLite keeps its row triggers: there they are calls in the
 * process, not row versions.
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect.js";

/** The tables migration 0028 counts, as they were then. */
const COUNTED_TABLES = [
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

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create function count_inserted_company_rows() returns trigger language plpgsql as $$
    begin
      insert into row_counts (company_id, table_name, total)
        select company_id, tg_table_name, count(*) from inserted group by company_id
        on conflict (company_id, table_name) do update set total = row_counts.total + excluded.total;
      return null;
    end $$`.execute(db);
  await sql`create function count_deleted_company_rows() returns trigger language plpgsql as $$
    begin
      update row_counts set total = row_counts.total - gone.total
        from (select company_id, count(*) as total from deleted group by company_id) as gone
        where row_counts.company_id = gone.company_id and row_counts.table_name = tg_table_name;
      return null;
    end $$`.execute(db);
  for (const table of COUNTED_TABLES) {
    await sql`drop trigger ${sql.id(`${table}_row_count`)} on ${sql.table(table)}`.execute(db);
    await sql`create trigger ${sql.id(`${table}_rows_inserted`)} after insert on ${sql.table(table)}
      referencing new table as inserted for each statement execute function count_inserted_company_rows()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_rows_deleted`)} after delete on ${sql.table(table)}
      referencing old table as deleted for each statement execute function count_deleted_company_rows()`.execute(db);
  }
  await sql`drop function count_company_rows()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
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
    await sql`drop trigger ${sql.id(`${table}_rows_inserted`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_rows_deleted`)} on ${sql.table(table)}`.execute(db);
    await sql`create trigger ${sql.id(`${table}_row_count`)} after insert or delete on ${sql.table(table)}
      for each row execute function count_company_rows()`.execute(db);
  }
  await sql`drop function count_inserted_company_rows()`.execute(db);
  await sql`drop function count_deleted_company_rows()`.execute(db);
}
