/**
 * SQL of the VAT return. A read model over the ledger's tables: `ledger_lines` and
 * `ledger_entries` are only read here (sums of the VAT box tags, and the lines behind a box); the
 * ledger module stays their only writer. This module owns `vat_returns`, the filed returns.
 */
import { type Generated, type Selectable, sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { exactSum, readExactSum, summing } from "../../db/exact-sums.js";
import { selectPage } from "../../db/paging.js";
import type { Paging } from "../../platform/params.js";
import { type LedgerTables, VAT_BOXES } from "../ledger/service.js";
import type { BoxTotals, TaggedBox } from "./rules.js";

interface VatReturnsTable {
  id: Generated<number>;
  company_id: number;
  period: string;
  from_date: string;
  till_date: string;
  rounding: string;
  /** the presented boxes as filed, JSON */
  boxes: string;
  ledger_entry_id: number | null;
  filed_at: string;
}

export type VatReturnRow = Selectable<VatReturnsTable>;

type VatReturnTables = LedgerTables & {
  vat_returns: VatReturnsTable;
};

function books(executor: Executor) {
  return executor.withTables<VatReturnTables>();
}

/** The exact sums of every box's tags over lines dated in the period, by box (db/exact-sums.ts). */
export async function sumBoxTags(
  executor: Executor,
  companyId: number,
  from: string,
  till: string,
): Promise<Map<string, BoxTotals>> {
  const rows = await summing((shape) =>
    books(executor)
      .selectFrom("ledger_lines")
      .select([
        "vat_box",
        exactSum(sql.ref("vat_base_cents"), shape).as("base_cents"),
        exactSum(sql.ref("vat_cents"), shape).as("vat_cents"),
      ])
      .where("company_id", "=", companyId)
      // the boxes named, not "is not null": then the index bounds the dates too
      .where("vat_box", "in", [...VAT_BOXES])
      .where("date", ">=", from)
      .where("date", "<=", till)
      .groupBy("vat_box")
      .execute(),
  );
  return new Map(
    rows.map((row) => [
      row.vat_box ?? "",
      { baseCents: readExactSum(row.base_cents), vatCents: readExactSum(row.vat_cents) },
    ]),
  );
}

export interface BoxLineRow {
  id: number;
  entry_id: number;
  date: string;
  vat_box: string | null;
  source_type: string;
  source_id: number;
  description: string | null;
  account_id: number;
  vat_base_cents: number | null;
  vat_cents: number | null;
}

/**
 * The lines tagged with one of `boxes` in the period, oldest first; `vatOnly`: those carrying VAT;
 * `withoutCountry`: those of a sales invoice or expense whose counterparty had no country when posted.
 */
export async function listBoxLines(
  executor: Executor,
  companyId: number,
  filter: { boxes: readonly TaggedBox[]; vatOnly: boolean; withoutCountry: boolean; from: string; till: string },
  paging: Paging,
): Promise<{ rows: BoxLineRow[]; total: number }> {
  let base = books(executor)
    .selectFrom("ledger_lines as line")
    .innerJoin("ledger_entries as entry", "entry.id", "line.entry_id")
    .where("line.company_id", "=", companyId)
    .where("line.vat_box", "in", [...filter.boxes])
    .where("line.date", ">=", filter.from)
    .where("line.date", "<=", filter.till);
  if (filter.vatOnly) base = base.where("line.vat_cents", "is not", null);
  if (filter.withoutCountry) {
    base = base
      .where("entry.source_type", "in", ["sales_invoice", "expense"])
      .where((eb) => eb.or([eb("entry.counterparty_country", "is", null), eb("entry.counterparty_country", "=", "")]));
  }
  return selectPage(base, paging, (query) =>
    query
      .select([
        "line.id",
        "line.entry_id",
        "line.date",
        "line.vat_box",
        "entry.source_type",
        "entry.source_id",
        "entry.description",
        "line.account_id",
        "line.vat_base_cents",
        "line.vat_cents",
      ])
      .orderBy("line.date")
      .orderBy("line.id"),
  );
}

export async function findVatReturn(
  executor: Executor,
  companyId: number,
  period: string,
): Promise<VatReturnRow | undefined> {
  return books(executor)
    .selectFrom("vat_returns")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("period", "=", period)
    .executeTakeFirst();
}

/** A filed return whose dates share a day with `from`–`till`, if any. */
export async function findOverlappingVatReturn(
  executor: Executor,
  companyId: number,
  from: string,
  till: string,
): Promise<VatReturnRow | undefined> {
  return books(executor)
    .selectFrom("vat_returns")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("from_date", "<=", till)
    .where("till_date", ">=", from)
    .orderBy("from_date")
    .executeTakeFirst();
}

export async function insertVatReturn(
  transaction: Executor,
  values: Omit<VatReturnRow, "id" | "ledger_entry_id">,
): Promise<number> {
  const { id } = await books(transaction)
    .insertInto("vat_returns")
    .values({ ...values, ledger_entry_id: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Records the settlement entry a filed return posted. */
export async function setVatReturnEntry(
  transaction: Executor,
  companyId: number,
  vatReturnId: number,
  ledgerEntryId: number,
): Promise<void> {
  await books(transaction)
    .updateTable("vat_returns")
    .set({ ledger_entry_id: ledgerEntryId })
    .where("company_id", "=", companyId)
    .where("id", "=", vatReturnId)
    .execute();
}

/** The filed returns, newest period first. */
export async function listVatReturns(
  executor: Executor,
  companyId: number,
  paging: Paging,
): Promise<{ rows: VatReturnRow[]; total: number }> {
  const base = books(executor).selectFrom("vat_returns").where("company_id", "=", companyId);
  return selectPage(base, paging, (query) =>
    query.selectAll().orderBy("from_date", "desc").orderBy("till_date", "desc").orderBy("id", "desc"),
  );
}

/**
 * The first and last date of a VAT-tagged ledger line, and of a filed return; null when there is
 * none. Each box's first and last date is its own seek on the partial box index (company, box,
 * date), so the answer costs the same for a company of a hundred lines or of millions.
 */
export async function bookedDates(
  executor: Executor,
  companyId: number,
): Promise<{ first: string; last: string } | null> {
  const tagged = books(executor).selectFrom("ledger_lines").where("company_id", "=", companyId);
  const row = await books(executor)
    .selectNoFrom(() => [
      ...VAT_BOXES.flatMap((box) => [
        tagged
          .where("vat_box", "=", box)
          .select((inner) => inner.fn.min("date").as("date"))
          .as(`first_${box}`),
        tagged
          .where("vat_box", "=", box)
          .select((inner) => inner.fn.max("date").as("date"))
          .as(`last_${box}`),
      ]),
      books(executor)
        .selectFrom("vat_returns")
        .where("company_id", "=", companyId)
        .select((inner) => inner.fn.min("from_date").as("date"))
        .as("first_filed"),
      books(executor)
        .selectFrom("vat_returns")
        .where("company_id", "=", companyId)
        .select((inner) => inner.fn.max("till_date").as("date"))
        .as("last_filed"),
    ])
    .executeTakeFirst();
  const dates = (prefix: string) =>
    Object.entries(row ?? {})
      .filter(([name, date]) => name.startsWith(prefix) && typeof date === "string")
      .map(([, date]) => String(date))
      .sort();
  const [first] = dates("first_");
  const last = dates("last_").at(-1);
  return first === undefined || last === undefined ? null : { first, last };
}

/** Every filed return's period, oldest first: a company files a few a year. */
export async function filedPeriods(
  executor: Executor,
  companyId: number,
): Promise<Array<{ period: string; from: string; till: string }>> {
  return books(executor)
    .selectFrom("vat_returns")
    .select(["period", "from_date as from", "till_date as till"])
    .where("company_id", "=", companyId)
    .orderBy("from_date")
    .execute();
}
