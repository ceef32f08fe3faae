/**
 * The VAT return (aangifte omzetbelasting, docs/bookkeeping.md 1): every figure is a sum of the
 * VAT box tags the ledger wrote when it posted, over the lines dated in the period; nothing is
 * re-derived from documents. An open period is computed live; a filed one answers what was filed.
 *
 * Filing (scope manage:journal_entries, because it posts the settlement entry) happens in one
 * transaction that holds the company's settings row: the period must be over in the company's
 * time zone and share no day with a filed return; the return is computed, stored, settled (P6,
 * through the ledger service, dated on the period's last day) and its period locked.
 *
 * The periods to choose from (periods.ts) are the company's return length over its booked dates,
 * filed returns as filed; a filed return says when it was filed (`filed_at`, null while open).
 *
 * Every figure is exact at any size (bigint cents from exact SQL sums). The settlement is capped
 * instead: a ledger line is a number of cents, exact up to 2^53, so a period with a larger amount
 * to settle is refused (422 naming `period`) before anything is written.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import { dateInTimeZone, formatDateTime, OUTSIDE_SUPPORTED_DATES } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ValidationErrors } from "../../platform/errors.js";
import { centsToDecimal, exactNumber } from "../../platform/money.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { accountPathsById } from "../accounts/service.js";
import { bookkeepingSettings, bookkeepingSettingsForUpdate } from "../bookkeeping-settings/service.js";
import {
  LARGEST_LINE,
  LEDGER_ACCOUNTS,
  OUTPUT_VAT_ACCOUNTS,
  postSettlementAndLock,
  signedLine,
} from "../ledger/service.js";
import { listPeriods } from "./periods.js";
import {
  computeReturn,
  drillDownBoxes,
  isSupportedPeriod,
  type PresentedBoxes,
  parsePeriod,
  presentBoxes,
  type ReturnFigures,
  type ReturnPeriod,
  readPeriod,
  readReturnBox,
  settlementAmounts,
  type VatReturnRounding,
} from "./rules.js";
import {
  type VAT_RETURN_LINE_SELECTIONS,
  type VatReturnLineSchema,
  VatReturnPayload,
  type VatReturnPeriodSchema,
  type VatReturnSchema,
} from "./schemas.js";
import {
  bookedDates,
  filedPeriods,
  findOverlappingVatReturn,
  findVatReturn,
  insertVatReturn,
  listBoxLines,
  listVatReturns,
  setVatReturnEntry,
  sumBoxTags,
  type VatReturnRow,
} from "./store.js";

const RESOURCE = "vatReturn";

export type VatReturn = Static<typeof VatReturnSchema>;
export type VatReturnLine = Static<typeof VatReturnLineSchema>;
export type VatReturnPeriod = Static<typeof VatReturnPeriodSchema>;
export type VatReturnLineSelection = (typeof VAT_RETURN_LINE_SELECTIONS)[number];

function presentFiled(row: VatReturnRow, timeZone: string): VatReturn {
  return {
    period: row.period,
    from: row.from_date,
    till: row.till_date,
    state: "filed",
    filed_at: formatDateTime(row.filed_at, timeZone),
    rounding: row.rounding === "arithmetic" ? "arithmetic" : "favour",
    boxes: JSON.parse(row.boxes) as PresentedBoxes,
  };
}

async function figuresOf(
  executor: Executor,
  companyId: number,
  period: ReturnPeriod,
  rounding: VatReturnRounding,
): Promise<ReturnFigures> {
  return computeReturn(await sumBoxTags(executor, companyId, period.from, period.till), rounding);
}

export async function showVatReturn(
  deps: ServiceDeps,
  company: CompanyAccess,
  periodText: unknown,
): Promise<VatReturn> {
  const period = readPeriod(periodText);
  const filed = await findVatReturn(deps.db, company.companyId, period.period);
  if (filed) return presentFiled(filed, company.timeZone);
  const { vat_return_rounding: rounding } = await bookkeepingSettings(deps.db, company.companyId);
  const figures = await figuresOf(deps.db, company.companyId, period, rounding);
  return { ...period, state: "open", filed_at: null, rounding, boxes: presentBoxes(figures) };
}

/** The periods the company can look at and file, newest first (periods.ts). */
export async function listVatReturnPeriods(
  deps: ServiceDeps,
  company: CompanyAccess,
  paging: Paging,
): Promise<Page<VatReturnPeriod>> {
  const { vat_period: length } = await bookkeepingSettings(deps.db, company.companyId);
  const booked = await bookedDates(deps.db, company.companyId);
  const filed = await filedPeriods(deps.db, company.companyId);
  const today = dateInTimeZone(deps.now(), company.timeZone);
  const periods = listPeriods(booked, filed, length, today);
  const start = (paging.page - 1) * paging.perPage;
  const items = periods
    .slice(start, start + paging.perPage)
    .map(({ period, from, till, state, timing }) => ({ period, from, till, state, timing }));
  return { items, total: periods.length, paging };
}

/** The ledger lines behind one box of a period's return, oldest first. */
export async function listVatReturnLines(
  deps: ServiceDeps,
  company: CompanyAccess,
  periodText: unknown,
  boxText: unknown,
  selection: VatReturnLineSelection,
  paging: Paging,
): Promise<Page<VatReturnLine>> {
  const period = readPeriod(periodText);
  const box = readReturnBox(boxText);
  const filter = {
    ...drillDownBoxes(box),
    from: period.from,
    till: period.till,
    withoutCountry: selection === "without_country",
  };
  const { rows, total } = await listBoxLines(deps.db, company.companyId, filter, paging);
  const paths = await accountPathsById(
    deps.db,
    company.companyId,
    rows.map((row) => row.account_id),
  );
  const amount = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));
  const items = rows.map((row) => ({
    id: row.id,
    ledger_entry_id: row.entry_id,
    date: row.date,
    box: row.vat_box,
    source_type: row.source_type,
    source_id: row.source_id,
    description: row.description,
    account_id: row.account_id,
    account_path: paths.get(row.account_id) ?? null,
    base: amount(row.vat_base_cents),
    vat: amount(row.vat_cents),
  }));
  return { items, total, paging };
}

export async function listFiledVatReturns(
  deps: ServiceDeps,
  company: CompanyAccess,
  paging: Paging,
): Promise<Page<VatReturn>> {
  const { rows, total } = await listVatReturns(deps.db, company.companyId, paging);
  return { items: rows.map((row) => presentFiled(row, company.timeZone)), total, paging };
}

/** The period named in a filing request; its problems go to `errors`. */
function requestedPeriod(body: unknown, company: CompanyAccess, errors: ValidationErrors): ReturnPeriod | null {
  const { period } = readWritePayload(VatReturnPayload, body, { timeZone: company.timeZone }, errors);
  if (period === undefined || period === null || period.trim() === "") {
    if (!errors.has("period")) errors.add("period", { key: "blank" });
    return null;
  }
  const parsed = parsePeriod(period.trim());
  if (parsed === null) errors.add("period", { key: "periodFormat" });
  else if (!isSupportedPeriod(parsed)) errors.add("period", OUTSIDE_SUPPORTED_DATES);
  return parsed;
}

/**
 * The settlement entry (P6): every VAT account cleared, 5g as filed to settle, the rest rounding.
 * Null when an amount is larger than a ledger line holds exactly (2^53 cents): such a period is
 * refused rather than settled at a rounded amount.
 */
function settlementLines(figures: ReturnFigures) {
  const amounts = settlementAmounts(figures);
  const wanted: Array<[string, bigint]> = [
    ...amounts.outputVat.map(({ box, signedCents }): [string, bigint] => [OUTPUT_VAT_ACCOUNTS[box], signedCents]),
    [LEDGER_ACCOUNTS.inputVat, amounts.inputVatSignedCents],
    [LEDGER_ACCOUNTS.vatSettlement, amounts.settlementSignedCents],
    [LEDGER_ACCOUNTS.rounding, amounts.roundingSignedCents],
  ];
  const lines = [];
  for (const [path, signedCents] of wanted) {
    const cents = exactNumber(signedCents);
    if (cents === null) return null;
    lines.push(...signedLine({ path }, cents));
  }
  return lines;
}

export async function fileVatReturn(deps: ServiceDeps, company: CompanyAccess, body: unknown): Promise<VatReturn> {
  const errors = new ValidationErrors();
  const period = requestedPeriod(body, company, errors);
  errors.throwIfAny(RESOURCE);
  if (period === null) throw new Error("a filing without a period passed validation");
  const today = dateInTimeZone(deps.now(), company.timeZone);
  return deps.db.transaction().execute(async (transaction) => {
    const { vat_return_rounding: rounding } = await bookkeepingSettingsForUpdate(transaction, company.companyId);
    if (period.till >= today) {
      errors.add("period", { key: "periodNotEnded" });
    } else if (await findVatReturn(transaction, company.companyId, period.period)) {
      errors.add("period", { key: "alreadyFiled" });
    } else if (await findOverlappingVatReturn(transaction, company.companyId, period.from, period.till)) {
      errors.add("period", { key: "overlapsFiledPeriod" });
    }
    errors.throwIfAny(RESOURCE);

    const figures = await figuresOf(transaction, company.companyId, period, rounding);
    const settlement = settlementLines(figures);
    if (settlement === null) {
      errors.add("period", { key: "settlementTooLarge", most: LARGEST_LINE });
    }
    errors.throwIfAny(RESOURCE);
    const filedAt = deps.now().toISOString();
    const filed: VatReturn = {
      ...period,
      state: "filed",
      filed_at: formatDateTime(filedAt, company.timeZone),
      rounding,
      boxes: presentBoxes(figures),
    };
    const vatReturnId = await insertVatReturn(transaction, {
      company_id: company.companyId,
      period: period.period,
      from_date: period.from,
      till_date: period.till,
      rounding,
      boxes: JSON.stringify(filed.boxes),
      filed_at: filedAt,
    });
    const entryId = await postSettlementAndLock(
      transaction,
      company.companyId,
      { id: vatReturnId, from: period.from, till: period.till, label: period.period },
      settlement ?? [],
    );
    if (entryId !== null) await setVatReturnEntry(transaction, company.companyId, vatReturnId, entryId);
    return filed;
  });
}
