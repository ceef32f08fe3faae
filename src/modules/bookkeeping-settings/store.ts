/**
 * SQL of the bookkeeping settings. They live on the `companies` row, which the companies module
 * owns and declares; this store reads and writes only three of its columns: `vat_return_rounding`,
 * `vat_period` and `vat_liable` (the settings' `kor` is its negation).
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyTables } from "../companies/service.js";
import type { SettingsColumns } from "./rules.js";

function settingsTable(executor: Executor) {
  return executor.withTables<CompanyTables>();
}

export async function findSettings(executor: Executor, companyId: number): Promise<SettingsColumns | undefined> {
  return settingsTable(executor)
    .selectFrom("companies")
    .select(["vat_return_rounding", "vat_period", "vat_liable"])
    .where("id", "=", companyId)
    .executeTakeFirst();
}

export async function updateSettings(
  transaction: Executor,
  companyId: number,
  changes: Partial<SettingsColumns>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await settingsTable(transaction).updateTable("companies").set(changes).where("id", "=", companyId).execute();
}

/**
 * Reads the settings while holding the company row until the transaction ends (a write of an
 * unchanged value locks the row on PostgreSQL; SQLite writers are serialised anyway), so that
 * what reads them in one transaction — filing a return — runs one at a time per company.
 */
export async function lockSettings(transaction: Executor, companyId: number): Promise<SettingsColumns | undefined> {
  return settingsTable(transaction)
    .updateTable("companies")
    .set((update) => ({ vat_return_rounding: update.ref("vat_return_rounding") }))
    .where("id", "=", companyId)
    .returning(["vat_return_rounding", "vat_period", "vat_liable"])
    .executeTakeFirst();
}
