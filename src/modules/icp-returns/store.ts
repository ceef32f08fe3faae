/**
 * SQL of the ICP return: a read model over the ledger's tables (`ledger_lines` tagged 3b and
 * their entries' counterparty as posted); the ledger module stays their only writer.
 */
import { sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { exactSum, readExactSum, summing } from "../../db/exact-sums.js";
import type { LedgerTables } from "../ledger/service.js";

export interface IcpSum {
  icp_kind: string | null;
  country: string | null;
  vat_number: string | null;
  /** exact at any size (db/exact-sums.ts) */
  base_cents: bigint;
}

/** The 3b base per kind and customer over lines dated in the period. */
export async function sumIcpLines(
  executor: Executor,
  companyId: number,
  from: string,
  till: string,
): Promise<IcpSum[]> {
  const rows = await summing((shape) =>
    executor
      .withTables<LedgerTables>()
      .selectFrom("ledger_lines as line")
      .innerJoin("ledger_entries as entry", "entry.id", "line.entry_id")
      .select([
        "line.icp_kind",
        "entry.counterparty_country as country",
        "entry.counterparty_vat_number as vat_number",
        exactSum(sql.ref("line.vat_base_cents"), shape).as("base_cents"),
      ])
      .where("line.company_id", "=", companyId)
      .where("line.vat_box", "=", "3b")
      .where("line.date", ">=", from)
      .where("line.date", "<=", till)
      .groupBy(["line.icp_kind", "entry.counterparty_country", "entry.counterparty_vat_number"])
      .execute(),
  );
  return rows.map((row) => ({ ...row, base_cents: readExactSum(row.base_cents) }));
}
