/**
 * The exports an accountant reads (issue 30 part 5), scope read:reports: the year's XML Auditfile
 * Financieel (auditfile.ts) and the general ledger of a period as CSV (general-ledger-csv.ts).
 * Both stream: the books are read a page at a time while the file goes out. This module owns no
 * tables; it reads the books, the chart, the company and its contacts through their modules.
 */
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";

export { auditfileExport, type ExportFile } from "./auditfile.js";
export { generalLedgerCsv } from "./general-ledger-csv.js";

import { periodWithDefaults } from "./rules.js";

/** The CSV's dates when not given, as the reports read them: the year of the other date, or this year. */
export function exportPeriod(
  deps: ServiceDeps,
  company: CompanyAccess,
  requested: { from?: string; till?: string },
): { from: string; till: string } {
  return periodWithDefaults(requested, dateInTimeZone(deps.now(), company.timeZone));
}
