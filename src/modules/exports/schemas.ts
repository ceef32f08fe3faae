/**
 * The query parameters of the exports. Fastify validates each with these schemas: a value of the
 * wrong form, a year outside the supported dates, an unknown version or a missing year is a 400
 * invalid_parameter_value naming the parameter. One parameter against another (`till` before
 * `from`) is read in `readExportPeriod`. Unknown keys are ignored.
 */
import { FIRST_DATE, LAST_DATE } from "../../platform/dates.js";
import { invalidParameter } from "../../platform/errors.js";
import { listQuery } from "../../platform/list-query.js";
import { dateParameter } from "../../platform/route-docs.js";
import { XAF_VERSIONS, type XafVersion } from "./rules.js";

const FIRST_YEAR = Number(FIRST_DATE.slice(0, 4));
const LAST_YEAR = Number(LAST_DATE.slice(0, 4));

export const AUDITFILE_QUERY = listQuery({
  paged: false,
  required: ["year"],
  extra: {
    year: {
      type: "integer",
      minimum: FIRST_YEAR,
      maximum: LAST_YEAR,
      description: "The calendar year (the fiscal year) the auditfile covers",
    },
    version: {
      type: "string",
      enum: [...XAF_VERSIONS],
      default: "4.0",
      description: "The XAF version: 4.0 (the Belastingdienst's current one) or 3.2",
    },
  },
});

export const GENERAL_LEDGER_CSV_QUERY = listQuery({
  paged: false,
  extra: {
    from: dateParameter("The first day (default: the first day of this year)"),
    till: dateParameter("The last day (default: today)"),
  },
});

export function readAuditfileQuery(query: unknown): { year: number; version: XafVersion } {
  const { year, version = "4.0" } = query as { year: number; version?: XafVersion };
  return { year, version };
}

/** `?from=&till=`: either may be absent; `till` may not be before `from`. */
export function readExportPeriod(query: unknown): { from?: string; till?: string } {
  const { from, till } = query as { from?: string; till?: string };
  if (from !== undefined && till !== undefined && till < from) throw invalidParameter("till", { key: "notBeforeFrom" });
  return { from, till };
}
