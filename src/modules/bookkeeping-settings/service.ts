/**
 * A company's bookkeeping settings: how a VAT return rounds to whole euros, how often the company
 * files, and whether it is in the small-business scheme (KOR, the negation of `vat_liable`).
 * Other modules read them through this service; filing reads them with the company row held.
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ValidationErrors } from "../../platform/errors.js";
import { type BookkeepingSettings, columnsOf, type SettingsColumns, settingsOf } from "./rules.js";
import { BookkeepingSettingsPayload } from "./schemas.js";
import { findSettings, lockSettings, updateSettings } from "./store.js";

export type { BookkeepingSettings, VatPeriod, VatReturnRounding } from "./rules.js";

const RESOURCE = "bookkeepingSettings";

function present(columns: SettingsColumns | undefined, companyId: number): BookkeepingSettings {
  // the access check found the company, so its row is there
  if (columns === undefined) throw new Error(`company ${companyId} has no row`);
  return settingsOf(columns);
}

export async function bookkeepingSettings(executor: Executor, companyId: number): Promise<BookkeepingSettings> {
  return present(await findSettings(executor, companyId), companyId);
}

/** The settings, with the company row held until `transaction` ends: one filing at a time. */
export async function bookkeepingSettingsForUpdate(
  transaction: Executor,
  companyId: number,
): Promise<BookkeepingSettings> {
  return present(await lockSettings(transaction, companyId), companyId);
}

export async function showBookkeepingSettings(deps: ServiceDeps, company: CompanyAccess): Promise<BookkeepingSettings> {
  return bookkeepingSettings(deps.db, company.companyId);
}

export async function updateBookkeepingSettings(
  deps: ServiceDeps,
  company: CompanyAccess,
  body: unknown,
): Promise<BookkeepingSettings> {
  const errors = new ValidationErrors();
  const changes = readWritePayload(BookkeepingSettingsPayload, body, { timeZone: company.timeZone }, errors);
  const accepted: Partial<BookkeepingSettings> = {};
  // every setting has a value: null (or "") cannot be one
  for (const [name, value] of Object.entries(changes)) if (value === null) errors.add(name, { key: "blank" });
  if (changes.vat_return_rounding) accepted.vat_return_rounding = changes.vat_return_rounding;
  if (changes.vat_period) accepted.vat_period = changes.vat_period;
  if (typeof changes.kor === "boolean") accepted.kor = changes.kor;
  errors.throwIfAny(RESOURCE);
  return deps.db.transaction().execute(async (transaction) => {
    await updateSettings(transaction, company.companyId, columnsOf(accepted));
    return bookkeepingSettings(transaction, company.companyId);
  });
}
