/**
 * Applies the migrations of `src/db/migrations` in name order. They are listed here explicitly
 * (not read from disk) so the same code runs from TypeScript sources in tests and from `dist/`.
 * Safe to run from several processes at once: Kysely's migration lock serialises them.
 */
import { type Kysely, type Migration, Migrator } from "kysely";
import * as createUsersAndTokens from "./migrations/0001_create_users_and_tokens.js";
import * as createCompanies from "./migrations/0002_create_companies.js";
import * as createVatTypes from "./migrations/0003_create_vat_types.js";
import * as createAccountsAndTemplates from "./migrations/0004_create_accounts_and_templates.js";
import * as createRides from "./migrations/0005_create_rides.js";
import * as createCounters from "./migrations/0006_create_counters.js";
import * as createContacts from "./migrations/0007_create_contacts.js";
import * as createHours from "./migrations/0008_create_hours.js";
import * as createPayments from "./migrations/0009_create_payments.js";
import * as createJournalEntries from "./migrations/0010_create_journal_entries.js";
import * as createProducts from "./migrations/0011_create_products.js";
import * as createContactUsages from "./migrations/0012_create_contact_usages.js";
import * as createSalesInvoices from "./migrations/0013_create_sales_invoices.js";
import * as createInvoiceLines from "./migrations/0014_create_invoice_lines.js";
import * as createAttachments from "./migrations/0015_create_attachments.js";
import * as createOutboxMessages from "./migrations/0016_create_outbox_messages.js";
import * as createQuotations from "./migrations/0017_create_quotations.js";
import * as createExpenses from "./migrations/0018_create_expenses.js";
import * as createLoginsAndOauth from "./migrations/0019_create_logins_and_oauth.js";
import * as addCompanyPaymentDetails from "./migrations/0020_add_company_payment_details.js";
import * as addInvoiceDeliveryAndCredit from "./migrations/0021_add_invoice_delivery_and_credit.js";
import * as createLedger from "./migrations/0022_create_ledger.js";
import * as openTheBooks from "./migrations/0023_open_the_books.js";
import * as hashQuotationSignTokens from "./migrations/0024_hash_quotation_sign_tokens.js";
import * as createPlans from "./migrations/0025_create_plans.js";
import * as createIdempotencyRecords from "./migrations/0026_create_idempotency_records.js";
import * as createSearchIndexes from "./migrations/0027_create_search_indexes.js";
import * as createRowCounts from "./migrations/0028_create_row_counts.js";

const MIGRATIONS: Record<string, Migration> = {
  "0001_create_users_and_tokens": createUsersAndTokens,
  "0002_create_companies": createCompanies,
  "0003_create_vat_types": createVatTypes,
  "0004_create_accounts_and_templates": createAccountsAndTemplates,
  "0005_create_rides": createRides,
  "0006_create_counters": createCounters,
  "0007_create_contacts": createContacts,
  "0008_create_hours": createHours,
  "0009_create_payments": createPayments,
  "0010_create_journal_entries": createJournalEntries,
  "0011_create_products": createProducts,
  "0012_create_contact_usages": createContactUsages,
  "0013_create_sales_invoices": createSalesInvoices,
  "0014_create_invoice_lines": createInvoiceLines,
  "0015_create_attachments": createAttachments,
  "0016_create_outbox_messages": createOutboxMessages,
  "0017_create_quotations": createQuotations,
  "0018_create_expenses": createExpenses,
  "0019_create_logins_and_oauth": createLoginsAndOauth,
  "0020_add_company_payment_details": addCompanyPaymentDetails,
  "0021_add_invoice_delivery_and_credit": addInvoiceDeliveryAndCredit,
  "0022_create_ledger": createLedger,
  "0023_open_the_books": openTheBooks,
  "0024_hash_quotation_sign_tokens": hashQuotationSignTokens,
  "0025_create_plans": createPlans,
  "0026_create_idempotency_records": createIdempotencyRecords,
  "0027_create_search_indexes": createSearchIndexes,
  "0028_create_row_counts": createRowCounts,
};

export async function migrateToLatest(db: Kysely<object>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}

/**
 * The migrations this build knows that the database has not applied (readiness). Reads the
 * migration table without taking its lock or creating it, so a probe never blocks a migrating
 * process; a database that was never migrated has every migration pending.
 */
export async function pendingMigrations(db: Kysely<object>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const migrations = await migrator.getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
