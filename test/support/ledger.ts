/**
 * Writes a balanced entry straight into a company's books through the ledger's own store (so report
 * tests need no documents to post): lines by account path with signed cents (debits positive) and,
 * where given, their VAT box tag. The database still checks the balance when the entry is sealed.
 */

import type { Executor } from "../../src/db/connection.js";
import { companyChart } from "../../src/modules/accounts/service.js";
import { insertEntry } from "../../src/modules/ledger/posting-store.js";
import type { IcpKind, VatBox } from "../../src/modules/ledger/service.js";

export interface TestLine {
  path: string;
  /** signed cents: positive debit, negative credit */
  cents: number;
  box?: VatBox;
  base?: number;
  vat?: number;
  icpKind?: IcpKind;
}

let lastSourceId = 900_000;

/** Answers the new entry's id; each entry gets a source id of its own. */
export async function postTestEntry(
  db: Executor,
  companyId: number,
  date: string,
  lines: readonly TestLine[],
  sourceType: "sales_invoice" | "expense" | "journal_entry" = "journal_entry",
): Promise<number> {
  const ids = new Map((await companyChart(db, companyId)).map((account) => [account.path, account.id]));
  lastSourceId += 1;
  return insertEntry(
    db,
    {
      company_id: companyId,
      date,
      description: `entry of ${date}`,
      source_type: sourceType,
      source_id: lastSourceId,
      reverses_entry_id: null,
      contact_id: null,
      counterparty_country: null,
      counterparty_vat_number: null,
      created_at: new Date().toISOString(),
    },
    lines.map((line) => ({
      account_id: ids.get(line.path) ?? 0,
      contact_id: null,
      debit_cents: Math.max(line.cents, 0),
      credit_cents: Math.max(-line.cents, 0),
      vat_box: line.box ?? null,
      vat_base_cents: line.base ?? null,
      vat_cents: line.vat ?? null,
      icp_kind: line.icpKind ?? null,
    })),
  );
}
