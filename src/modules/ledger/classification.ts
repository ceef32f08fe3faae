/**
 * Which box of the Dutch VAT return a document line lands in (docs/bookkeeping.md 1.3 for sales,
 * 1.4 for expenses), and on which accounts it posts. Pure: the inputs are the line's VAT type and
 * rate, the tax point (the invoice date), the counterparty's country and VAT number, the sale type
 * and the distance-sale flag, and whether the company is in the KOR.
 *
 * A missing country counts as the Netherlands. B2B means the counterparty gave a VAT number.
 */
import Big from "big.js";
import { isEuCountry } from "../../platform/countries.js";
import { roundToCents } from "../../platform/money.js";

export const VAT_BOXES = ["1a", "1b", "1c", "1d", "1e", "2a", "3a", "3b", "3c", "4a", "4b", "5b"] as const;
export type VatBox = (typeof VAT_BOXES)[number];
export type IcpKind = "supplies" | "services";

/** The accounts the postings use by role (docs/bookkeeping.md 3.2: roles mapped onto our paths). */
export const LEDGER_ACCOUNTS = {
  debtors: "activa.current_assets.debtors",
  creditors: "passiva.current_liabilities.creditors",
  inputVat: "activa.current_assets.vat_to_claim",
  unallocatedReceipts: "passiva.current_liabilities.unallocated_receipts",
  vatSettlement: "passiva.current_liabilities.vat_settlement",
  rounding: "profit.costs.rounding_differences",
} as const;

/** The account of each box that carries VAT; a manual entry on one of these counts in its box. */
export const OUTPUT_VAT_ACCOUNTS: Readonly<Record<"1a" | "1b" | "1c" | "1d" | "2a" | "4a" | "4b", string>> = {
  "1a": "passiva.current_liabilities.vat_to_pay.high",
  "1b": "passiva.current_liabilities.vat_to_pay.low",
  "1c": "passiva.current_liabilities.vat_to_pay.other_rates",
  "1d": "passiva.current_liabilities.vat_to_pay.private_use",
  "2a": "passiva.current_liabilities.vat_to_pay.reverse_charged",
  "4a": "passiva.current_liabilities.vat_to_pay.outside_eu",
  "4b": "passiva.current_liabilities.vat_to_pay.within_eu",
};
export type OutputVatBox = keyof typeof OUTPUT_VAT_ACCOUNTS;

const REVENUE = "profit.revenue";
/** The revenue accounts a sales line can post to, under REVENUE. */
const REVENUE_ACCOUNTS = [
  "high",
  "low",
  "other_rates",
  "exempt",
  "reverse_charged",
  "zero_rated",
  "within_eu_goods",
  "within_eu_services",
  "distance_sales",
  "export",
] as const;
type RevenueAccount = (typeof REVENUE_ACCOUNTS)[number];

/** Every account a document's posting can name by path: what a posting reads of the chart up front. */
export const DOCUMENT_POSTING_PATHS: readonly string[] = [
  ...Object.values(LEDGER_ACCOUNTS),
  ...Object.values(OUTPUT_VAT_ACCOUNTS),
  ...REVENUE_ACCOUNTS.map((revenue) => `${REVENUE}.${revenue}`),
];

/** The rate the old low VAT type was replaced on; a 6 % line dated later is an "other rate" (1c). */
const NEW_LOW_RATE_SINCE = "2019-01-01";
/** The self-assessment rate of a reverse-charged purchase when the line names none (docs/bookkeeping.md 1.4). */
export const DEFAULT_REVERSE_CHARGE_RATE = "0.21";
/** 1d's base column is the VAT grossed up at the general rate (docs/bookkeeping.md 1.5). */
const PRIVATE_USE_RATE = "0.21";

export interface SalesLineFacts {
  vatTypeName: string;
  vatRate: string;
  /** the tax point: the invoice date */
  date: string;
  country: string | null;
  vatNumber: string | null;
  saleType: string | null;
  distanceSale: boolean;
  kor: boolean;
}

export interface SalesLineClass {
  /** the box the net amount counts in; null when the line is not reported */
  baseBox: VatBox | null;
  /** the box and account of the line's VAT; null when it carries none */
  vatBox: OutputVatBox | null;
  revenuePath: string;
  icpKind: IcpKind | null;
}

type Region = "NL" | "EU" | "non-EU";

function regionOf(country: string | null, date: string): Region {
  const code = (country ?? "NL").toUpperCase();
  if (code === "NL") return "NL";
  return isEuCountry(code, date) ? "EU" : "non-EU";
}

const hasVatNumber = (vatNumber: string | null) => vatNumber !== null && vatNumber.trim() !== "";

function taxed(box: "1a" | "1b" | "1c", revenue: RevenueAccount): SalesLineClass {
  return { baseBox: box, vatBox: box, revenuePath: `${REVENUE}.${revenue}`, icpKind: null };
}

function untaxed(baseBox: VatBox | null, revenue: RevenueAccount, icpKind: IcpKind | null = null): SalesLineClass {
  return { baseBox, vatBox: null, revenuePath: `${REVENUE}.${revenue}`, icpKind };
}

/** Sales lines (docs/bookkeeping.md 1.3, rows S1–S19 our VAT types can express). */
export function classifySalesLine(line: SalesLineFacts): SalesLineClass {
  if (line.kor) return untaxed(null, "exempt");
  const region = regionOf(line.country, line.date);
  const rateIsZero = new Big(line.vatRate).eq(0);
  const icpKind: IcpKind = line.saleType === "service" || line.saleType === "service_digital" ? "services" : "supplies";
  switch (line.vatTypeName) {
    case "vat_high":
      return taxed("1a", "high");
    case "vat_low_new":
      return taxed("1b", "low");
    case "vat_low":
      return line.date < NEW_LOW_RATE_SINCE ? taxed("1b", "low") : taxed("1c", "other_rates");
    case "vat_none":
      return untaxed(null, "exempt");
    case "vat_reverse_charged":
      if (region === "NL") return untaxed("1e", "reverse_charged");
      if (region === "EU" && hasVatNumber(line.vatNumber)) return untaxed("3b", "within_eu_services", icpKind);
      return untaxed(null, "exempt");
    default:
      if (line.vatTypeName === "vat_custom" && !rateIsZero) return taxed("1c", "other_rates");
      return zeroRated(line, region, icpKind);
  }
}

/** vat_zero (and a custom rate of 0): 1e at home, 3b/3c within the EU, 3a for exported goods. */
function zeroRated(line: SalesLineFacts, region: Region, icpKind: IcpKind): SalesLineClass {
  if (region === "NL") return untaxed("1e", "zero_rated");
  if (region === "EU") {
    if (hasVatNumber(line.vatNumber)) {
      return untaxed("3b", icpKind === "supplies" ? "within_eu_goods" : "within_eu_services", icpKind);
    }
    return line.distanceSale ? untaxed("3c", "distance_sales") : untaxed(null, "exempt");
  }
  return icpKind === "supplies" ? untaxed("3a", "export") : untaxed(null, "exempt");
}

export interface ExpenseLineFacts {
  vatTypeName: string;
  /** the tax point: the expense's date */
  date: string;
  /** the rate the supplier charged, a fraction ("0.21") */
  vatRate: string;
  netCents: number;
  vatCents: number;
  reverseChargeVatRate: string | null;
  country: string | null;
  kor: boolean;
}

export interface ExpenseLineClass {
  /** VAT charged by the supplier that is deducted in 5b (0 in the KOR: it becomes cost) */
  deductibleVatCents: number;
  /** charged VAT that cannot be deducted and is added to the cost */
  costVatCents: number;
  /** a reverse-charged purchase: the box, its account and the self-assessed VAT */
  selfAssessed: { box: "2a" | "4a" | "4b"; vatCents: number } | null;
}

/** The rates Dutch VAT is charged at: VAT at another rate from a supplier abroad is its own country's. */
const DUTCH_VAT_RATES = ["0.21", "0.09", "0.06"];

/** P8: VAT a supplier outside the Netherlands charged at a rate the Dutch return does not know. */
function isForeignVat(line: ExpenseLineFacts): boolean {
  return (
    line.vatCents !== 0 &&
    regionOf(line.country, line.date) !== "NL" &&
    !DUTCH_VAT_RATES.some((rate) => new Big(line.vatRate).eq(rate))
  );
}

/**
 * Expense lines (docs/bookkeeping.md 1.4, rows P1–P9): input VAT to 5b, reverse charge to
 * 2a/4a/4b, foreign VAT and VAT under the KOR to the cost.
 */
export function classifyExpenseLine(line: ExpenseLineFacts): ExpenseLineClass {
  if (line.vatTypeName === "vat_reverse_charged") {
    const rate = new Big(line.reverseChargeVatRate ?? DEFAULT_REVERSE_CHARGE_RATE);
    const region = regionOf(line.country, line.date);
    const box = region === "NL" ? "2a" : region === "EU" ? "4b" : "4a";
    return {
      deductibleVatCents: 0,
      costVatCents: 0,
      selfAssessed: { box, vatCents: roundToCents(new Big(line.netCents).times(rate).div(100)) },
    };
  }
  if (line.kor || isForeignVat(line)) return { deductibleVatCents: 0, costVatCents: line.vatCents, selfAssessed: null };
  return { deductibleVatCents: line.vatCents, costVatCents: 0, selfAssessed: null };
}

/**
 * A manual entry line on a per-box VAT account counts in that box: output VAT as credit − debit,
 * input VAT (5b) as debit − credit; 1d also gets its grossed-up base.
 */
export function manualVatTag(
  accountPath: string,
  debitCents: number,
  creditCents: number,
): { box: VatBox; baseCents: number | null; vatCents: number } | null {
  if (accountPath === LEDGER_ACCOUNTS.inputVat)
    return { box: "5b", baseCents: null, vatCents: debitCents - creditCents };
  for (const [box, path] of Object.entries(OUTPUT_VAT_ACCOUNTS) as Array<[OutputVatBox, string]>) {
    if (path !== accountPath) continue;
    const vatCents = creditCents - debitCents;
    const baseCents = box === "1d" ? roundToCents(new Big(vatCents).div(PRIVATE_USE_RATE).div(100)) : null;
    return { box, baseCents, vatCents };
  }
  return null;
}
