/**
 * Applies the migrations of `src/db/migrations` in name order. They are listed here explicitly
 * (not read from disk) so the same code runs from TypeScript sources in tests and from `dist/`.
 * Safe to run from several processes at once: Kysely's migration lock serialises them.
 *
 * Start-up cost: a migration's code is imported only when it is applied, and a database whose
 * applied migrations are exactly the ones this build knows is recognised with one read of the
 * migration table, without the migrator (which creates its tables, takes its lock and compares
 * every migration). Anything else — a table missing, a migration pending, one this build does not
 * know — goes through the migrator, which applies what is pending and refuses unknown ones.
 */
import { type Kysely, type Migration, Migrator, sql } from "kysely";

type MigrationModule = Migration;

/** Every migration this build knows, by name, each loaded on first use. */
const MIGRATION_MODULES: Record<string, () => Promise<MigrationModule>> = {
  "0001_create_users_and_tokens": () => import("./migrations/0001_create_users_and_tokens.js"),
  "0002_create_companies": () => import("./migrations/0002_create_companies.js"),
  "0003_create_vat_types": () => import("./migrations/0003_create_vat_types.js"),
  "0004_create_accounts_and_templates": () => import("./migrations/0004_create_accounts_and_templates.js"),
  "0005_create_rides": () => import("./migrations/0005_create_rides.js"),
  "0006_create_counters": () => import("./migrations/0006_create_counters.js"),
  "0007_create_contacts": () => import("./migrations/0007_create_contacts.js"),
  "0008_create_hours": () => import("./migrations/0008_create_hours.js"),
  "0009_create_payments": () => import("./migrations/0009_create_payments.js"),
  "0010_create_journal_entries": () => import("./migrations/0010_create_journal_entries.js"),
  "0011_create_products": () => import("./migrations/0011_create_products.js"),
  "0012_create_contact_usages": () => import("./migrations/0012_create_contact_usages.js"),
  "0013_create_sales_invoices": () => import("./migrations/0013_create_sales_invoices.js"),
  "0014_create_invoice_lines": () => import("./migrations/0014_create_invoice_lines.js"),
  "0015_create_attachments": () => import("./migrations/0015_create_attachments.js"),
  "0016_create_outbox_messages": () => import("./migrations/0016_create_outbox_messages.js"),
  "0017_create_quotations": () => import("./migrations/0017_create_quotations.js"),
  "0018_create_expenses": () => import("./migrations/0018_create_expenses.js"),
  "0019_create_logins_and_oauth": () => import("./migrations/0019_create_logins_and_oauth.js"),
  "0020_add_company_payment_details": () => import("./migrations/0020_add_company_payment_details.js"),
  "0021_add_invoice_delivery_and_credit": () => import("./migrations/0021_add_invoice_delivery_and_credit.js"),
  "0022_create_ledger": () => import("./migrations/0022_create_ledger.js"),
  "0023_open_the_books": () => import("./migrations/0023_open_the_books.js"),
  "0024_hash_quotation_sign_tokens": () => import("./migrations/0024_hash_quotation_sign_tokens.js"),
  "0025_create_plans": () => import("./migrations/0025_create_plans.js"),
  "0026_create_idempotency_records": () => import("./migrations/0026_create_idempotency_records.js"),
  "0027_create_search_indexes": () => import("./migrations/0027_create_search_indexes.js"),
  "0028_create_row_counts": () => import("./migrations/0028_create_row_counts.js"),
  "0029_key_records_commit_with_their_request": () =>
    import("./migrations/0029_key_records_commit_with_their_request.js"),
  "0030_register_the_web_app": () => import("./migrations/0030_register_the_web_app.js"),
  "0031_create_sales_invoice_search_index": () => import("./migrations/0031_create_sales_invoice_search_index.js"),
  "0032_create_bank_statements": () => import("./migrations/0032_create_bank_statements.js"),
  "0033_add_contact_iban": () => import("./migrations/0033_add_contact_iban.js"),
  "0034_count_rows_per_statement": () => import("./migrations/0034_count_rows_per_statement.js"),
  "0035_create_expense_search_indexes": () => import("./migrations/0035_create_expense_search_indexes.js"),
};

const MIGRATION_NAMES = Object.keys(MIGRATION_MODULES);

/** Kysely's default migration table, which the migrator below uses. */
const MIGRATION_TABLE = "kysely_migration";

/** The migrations as Kysely wants them: thin wrappers that import the module when they run. */
function lazyMigrations(): Record<string, Migration> {
  const migrations: Record<string, Migration> = {};
  for (const [name, load] of Object.entries(MIGRATION_MODULES)) {
    migrations[name] = {
      up: async (db) => (await load()).up(db),
      down: async (db) => {
        const migration = await load();
        if (migration.down === undefined) throw new Error(`Migration ${name} cannot be undone`);
        await migration.down(db);
      },
    };
  }
  return migrations;
}

function migratorFor(db: Kysely<object>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => lazyMigrations() } });
}

/**
 * True when the database has applied exactly the migrations this build knows. A database that
 * was never migrated has no migration table: the read fails, and that is "not up to date".
 */
async function isUpToDate(db: Kysely<object>): Promise<boolean> {
  let applied: string[];
  try {
    const result = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
    applied = result.rows.map((row) => row.name);
  } catch {
    return false;
  }
  const known = new Set(MIGRATION_NAMES);
  return applied.length === known.size && applied.every((name) => known.has(name));
}

/** Applies what is pending; returns the names applied (none when the database was up to date). */
export async function migrateToLatest(db: Kysely<object>): Promise<string[]> {
  if (await isUpToDate(db)) return [];
  const { error, results } = await migratorFor(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}

/**
 * The migrations this build knows that the database has not applied (readiness). Reads the
 * migration table without taking its lock or creating it, so a probe never blocks a migrating
 * process; a database that was never migrated has every migration pending.
 */
export async function pendingMigrations(db: Kysely<object>): Promise<string[]> {
  const migrations = await migratorFor(db).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
