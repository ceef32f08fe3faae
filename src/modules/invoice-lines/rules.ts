/**
 * The invoice-line arithmetic, in one place for products, invoices, quotations and expenses
 * (DESIGN.md section 7): price_without_vat = round2(quantity × price_per_unit),
 * vat_amount = round2(price_without_vat × vat_rate), price_with_vat = their sum, rounding half
 * away from zero; document totals are sums of line totals. Inputs are exact decimal strings,
 * results integer cents. Pure code.
 */
import Big from "big.js";
import { roundToCents } from "../../platform/money.js";

export interface LineTotals {
  price_without_vat_cents: number;
  vat_amount_cents: number;
  price_with_vat_cents: number;
}

export function lineTotals(quantity: string, pricePerUnit: string, vatRate: string): LineTotals {
  const withoutVat = roundToCents(new Big(quantity).times(pricePerUnit));
  const vat = roundToCents(new Big(withoutVat).div(100).times(vatRate));
  return { price_without_vat_cents: withoutVat, vat_amount_cents: vat, price_with_vat_cents: withoutVat + vat };
}

export function sumLineTotals(lines: readonly LineTotals[]): LineTotals {
  return lines.reduce(
    (sum, line) => ({
      price_without_vat_cents: sum.price_without_vat_cents + line.price_without_vat_cents,
      vat_amount_cents: sum.vat_amount_cents + line.vat_amount_cents,
      price_with_vat_cents: sum.price_with_vat_cents + line.price_with_vat_cents,
    }),
    { price_without_vat_cents: 0, vat_amount_cents: 0, price_with_vat_cents: 0 },
  );
}
