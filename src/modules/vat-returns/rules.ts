/**
 * Pure rules of the VAT return (docs/bookkeeping.md 1.1, 1.6 and 1.8): which periods there are,
 * which columns each of the 14 boxes has, how the exact ledger sums round to the whole euros a
 * return is filed in, and what the settlement (P6) moves. Amounts are integer cents, as bigint
 * (a period's sums may pass the 2^53 cents a number holds exactly); a filed amount is a whole
 * number of euros, still held in cents. No database, no clock.
 */
import { daysInMonth, isSupportedDate, OUTSIDE_SUPPORTED_DATES } from "../../platform/dates.js";
import { invalidParameter } from "../../platform/errors.js";
import { centsToDecimal } from "../../platform/money.js";

/** The boxes of the return, in the order of the form. */
// biome-ignore format: the form's boxes read best on one line
export const RETURN_BOXES = ["1a", "1b", "1c", "1d", "1e", "2a", "3a", "3b", "3c", "4a", "4b", "5a", "5b", "5g"] as const;
export type ReturnBox = (typeof RETURN_BOXES)[number];

/** The boxes whose VAT is owed: 5a is their sum. */
export const OUTPUT_VAT_BOXES = ["1a", "1b", "1c", "1d", "2a", "4a", "4b"] as const;
export type OutputVatBox = (typeof OUTPUT_VAT_BOXES)[number];

/** The boxes with a base (turnover) column: every box of sections 1 to 4. */
const BASE_BOXES: ReadonlySet<ReturnBox> = new Set(["1a", "1b", "1c", "1d", "1e", "2a", "3a", "3b", "3c", "4a", "4b"]);
/** The boxes with a VAT column. */
const VAT_BOXES: ReadonlySet<ReturnBox> = new Set([...OUTPUT_VAT_BOXES, "5a", "5b", "5g"]);

export type VatReturnRounding = "favour" | "arithmetic";

export interface ReturnPeriod {
  /** `2026Q3`, `2026-08` or `2026` */
  period: string;
  from: string;
  till: string;
}

const pad = (value: number) => String(value).padStart(2, "0");

function monthsPeriod(period: string, year: number, firstMonth: number, lastMonth: number): ReturnPeriod {
  return {
    period,
    from: `${year}-${pad(firstMonth)}-01`,
    till: `${year}-${pad(lastMonth)}-${pad(daysInMonth(year, lastMonth))}`,
  };
}

/** `YYYYQn`, `YYYY-MM` or `YYYY` as the dates it covers; null for anything else. */
export function parsePeriod(text: string): ReturnPeriod | null {
  const quarter = /^([1-9]\d{3})Q([1-4])$/.exec(text);
  if (quarter) {
    const lastMonth = Number(quarter[2]) * 3;
    return monthsPeriod(text, Number(quarter[1]), lastMonth - 2, lastMonth);
  }
  const month = /^([1-9]\d{3})-(0[1-9]|1[0-2])$/.exec(text);
  if (month) return monthsPeriod(text, Number(month[1]), Number(month[2]), Number(month[2]));
  const year = /^([1-9]\d{3})$/.exec(text);
  if (year) return monthsPeriod(text, Number(year[1]), 1, 12);
  return null;
}

/** Whether the period lies within the supported dates (platform/dates.ts): a year from 1900 on. */
export function isSupportedPeriod(period: ReturnPeriod): boolean {
  return isSupportedDate(period.from) && isSupportedDate(period.till);
}

/** A period from the path or the query: anything else is a 400 invalid_parameter_value. */
export function readPeriod(value: unknown): ReturnPeriod {
  const period = typeof value === "string" ? parsePeriod(value) : null;
  if (period === null) throw invalidParameter("period", { key: "periodFormat" });
  if (!isSupportedPeriod(period)) throw invalidParameter("period", OUTSIDE_SUPPORTED_DATES);
  return period;
}

/** The exact sums of one box's tags in a period. */
export interface BoxTotals {
  baseCents: bigint;
  vatCents: bigint;
}

/** One box of the return: exact amounts and the filed whole euros (in cents); null where it has no such column. */
export interface BoxFigures {
  baseCents: bigint | null;
  vatCents: bigint | null;
  baseFiledCents: bigint | null;
  vatFiledCents: bigint | null;
}

export type ReturnFigures = Record<ReturnBox, BoxFigures>;

type Direction = "down" | "up" | "arithmetic";

/** Cents to whole euros (answered in cents): down, up, or half away from zero. */
export function wholeEuros(cents: bigint, direction: Direction): bigint {
  // bigint division truncates toward zero; down and up step away from it where that is the way
  const truncated = (cents / 100n) * 100n;
  if (direction === "down") return truncated > cents ? truncated - 100n : truncated;
  if (direction === "up") return truncated < cents ? truncated + 100n : truncated;
  const euros = ((cents < 0n ? -cents : cents) + 50n) / 100n;
  return cents < 0n ? -euros * 100n : euros * 100n;
}

/**
 * The return from the exact sums per ledger box (`5b` among them). In the filer's favour output
 * VAT and every base round down and 5b rounds up; arithmetically everything rounds half away from
 * zero. 5a is the sum of the (exact or filed) VAT boxes, 5g = 5a − 5b, in both columns.
 */
export function computeReturn(totals: ReadonlyMap<string, BoxTotals>, rounding: VatReturnRounding): ReturnFigures {
  const favour = rounding === "favour";
  const figures = {} as ReturnFigures;
  for (const box of RETURN_BOXES) {
    const total = totals.get(box) ?? { baseCents: 0n, vatCents: 0n };
    const hasBase = BASE_BOXES.has(box);
    const hasVat = VAT_BOXES.has(box);
    figures[box] = {
      baseCents: hasBase ? total.baseCents : null,
      vatCents: hasVat ? total.vatCents : null,
      baseFiledCents: hasBase ? wholeEuros(total.baseCents, favour ? "down" : "arithmetic") : null,
      vatFiledCents: hasVat ? wholeEuros(total.vatCents, favour ? (box === "5b" ? "up" : "down") : "arithmetic") : null,
    };
  }
  const owed = (column: "vatCents" | "vatFiledCents") =>
    OUTPUT_VAT_BOXES.reduce((sum, box) => sum + (figures[box][column] ?? 0n), 0n);
  const exactOwed = owed("vatCents");
  const filedOwed = owed("vatFiledCents");
  const exactInput = figures["5b"].vatCents ?? 0n;
  const filedInput = figures["5b"].vatFiledCents ?? 0n;
  figures["5a"] = { baseCents: null, vatCents: exactOwed, baseFiledCents: null, vatFiledCents: filedOwed };
  figures["5g"] = {
    baseCents: null,
    vatCents: exactOwed - exactInput,
    baseFiledCents: null,
    vatFiledCents: filedOwed - filedInput,
  };
  return figures;
}

/** What the settlement entry (P6) moves, each a signed amount: positive is a debit. */
export interface SettlementAmounts {
  /** each VAT account cleared at its exact period total */
  outputVat: ReadonlyArray<{ box: OutputVatBox; signedCents: bigint }>;
  /** input VAT (5b) cleared: a credit of its exact total */
  inputVatSignedCents: bigint;
  /** the filed 5g owed (a credit) or to be refunded (a debit) */
  settlementSignedCents: bigint;
  /** exact net − filed 5g, on the side that makes the entry balance */
  roundingSignedCents: bigint;
}

export function settlementAmounts(figures: ReturnFigures): SettlementAmounts {
  const exactNet = figures["5g"].vatCents ?? 0n;
  const filedNet = figures["5g"].vatFiledCents ?? 0n;
  return {
    outputVat: OUTPUT_VAT_BOXES.map((box) => ({ box, signedCents: figures[box].vatCents ?? 0n })),
    inputVatSignedCents: -(figures["5b"].vatCents ?? 0n),
    settlementSignedCents: -filedNet,
    roundingSignedCents: -(exactNet - filedNet),
  };
}

/** One box on the wire: decimal strings, null where the box has no such column. */
export interface PresentedBox {
  base: string | null;
  vat: string | null;
  base_filed: string | null;
  vat_filed: string | null;
}

export type PresentedBoxes = Record<ReturnBox, PresentedBox>;

const amount = (cents: bigint | null) => (cents === null ? null : centsToDecimal(cents));

export function presentBoxes(figures: ReturnFigures): PresentedBoxes {
  const boxes = {} as PresentedBoxes;
  for (const box of RETURN_BOXES) {
    const figure = figures[box];
    boxes[box] = {
      base: amount(figure.baseCents),
      vat: amount(figure.vatCents),
      base_filed: amount(figure.baseFiledCents),
      vat_filed: amount(figure.vatFiledCents),
    };
  }
  return boxes;
}

/**
 * The ledger boxes whose lines a box of the return is made of, and whether only lines carrying
 * VAT count: 5a is the VAT of the output boxes, 5g that and 5b.
 */
/** The boxes the ledger tags lines with: every box but the computed 5a and 5g. */
export type TaggedBox = Exclude<ReturnBox, "5a" | "5g">;

export function drillDownBoxes(box: ReturnBox): { boxes: TaggedBox[]; vatOnly: boolean } {
  if (box === "5a") return { boxes: [...OUTPUT_VAT_BOXES], vatOnly: true };
  if (box === "5g") return { boxes: [...OUTPUT_VAT_BOXES, "5b"], vatOnly: true };
  return { boxes: [box], vatOnly: false };
}

export function readReturnBox(value: unknown): ReturnBox {
  if (typeof value !== "string" || !(RETURN_BOXES as readonly string[]).includes(value)) {
    throw invalidParameter("box", { key: "oneOf", values: RETURN_BOXES });
  }
  return value as ReturnBox;
}
