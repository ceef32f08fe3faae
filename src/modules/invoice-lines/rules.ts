/**
 * The invoice-line arithmetic, in one place for products, invoices, quotations and expenses
 * (docs/bookkeeping.md 4): price_without_vat = round2(quantity × price_per_unit),
 * vat_amount = round2(price_without_vat × vat_rate), price_with_vat = their sum, rounding half
 * away from zero; document totals are sums of line totals. Inputs are exact decimal strings,
 * results integer cents. Pure code.
 */
import Big from "big.js";
import { MAX_AMOUNT_CENTS, roundToCents } from "../../platform/money.js";

export interface LineTotals {
  price_without_vat_cents: number;
  vat_amount_cents: number;
  price_with_vat_cents: number;
}

/**
 * Whether a line's totals stay within MAX_AMOUNT_CENTS, computed exactly in big.js before
 * any total becomes a number: quantity and price are each bounded, their product is not.
 */
export function lineWithinLimits(quantity: string, pricePerUnit: string, vatRate: string): boolean {
  const withoutVat = new Big(quantity).times(pricePerUnit).times(100).round(0, Big.roundHalfUp);
  const withVat = withoutVat.plus(withoutVat.times(vatRate).round(0, Big.roundHalfUp));
  return withoutVat.abs().lte(MAX_AMOUNT_CENTS) && withVat.abs().lte(MAX_AMOUNT_CENTS);
}

/** Whether a document's totals (sums of lines within limits) stay within MAX_AMOUNT_CENTS. */
export function totalsWithinLimits(totals: LineTotals): boolean {
  return [totals.price_without_vat_cents, totals.vat_amount_cents, totals.price_with_vat_cents].every(
    (cents) => Math.abs(cents) <= MAX_AMOUNT_CENTS,
  );
}

export function lineTotals(quantity: string, pricePerUnit: string, vatRate: string): LineTotals {
  const withoutVat = roundToCents(new Big(quantity).times(pricePerUnit));
  const vat = roundToCents(new Big(withoutVat).div(100).times(vatRate));
  return { price_without_vat_cents: withoutVat, vat_amount_cents: vat, price_with_vat_cents: withoutVat + vat };
}

/**
 * The document's totals, added as bigint: lines of opposite signs may pass 2^53 cents between
 * them even when their total is small. A total within MAX_AMOUNT_CENTS is then an exact number;
 * a larger one is refused (`totalsWithinLimits`) and far from any number it could be taken for.
 */
export function sumLineTotals(lines: readonly LineTotals[]): LineTotals {
  let withoutVat = 0n;
  let vat = 0n;
  let withVat = 0n;
  for (const line of lines) {
    withoutVat += BigInt(line.price_without_vat_cents);
    vat += BigInt(line.vat_amount_cents);
    withVat += BigInt(line.price_with_vat_cents);
  }
  return {
    price_without_vat_cents: Number(withoutVat),
    vat_amount_cents: Number(vat),
    price_with_vat_cents: Number(withVat),
  };
}
