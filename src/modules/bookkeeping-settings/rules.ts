/**
 * Pure rules of the bookkeeping settings: the values each setting takes, and how the stored
 * company columns read as settings. `kor` (the small-business scheme) is no column of its own:
 * it is the company not being VAT liable, one flag for one rule. No database, no clock.
 */

export const VAT_RETURN_ROUNDINGS = ["favour", "arithmetic"] as const;
export type VatReturnRounding = (typeof VAT_RETURN_ROUNDINGS)[number];

export const VAT_PERIODS = ["quarter", "month", "year"] as const;
export type VatPeriod = (typeof VAT_PERIODS)[number];

export interface BookkeepingSettings {
  vat_return_rounding: VatReturnRounding;
  vat_period: VatPeriod;
  kor: boolean;
}

/** The stored columns of the settings. */
export interface SettingsColumns {
  vat_return_rounding: string;
  vat_period: string;
  vat_liable: number;
}

const oneOf = <Value extends string>(values: readonly Value[], value: string, fallback: Value): Value =>
  (values as readonly string[]).includes(value) ? (value as Value) : fallback;

export function settingsOf(columns: SettingsColumns): BookkeepingSettings {
  return {
    vat_return_rounding: oneOf(VAT_RETURN_ROUNDINGS, columns.vat_return_rounding, "favour"),
    vat_period: oneOf(VAT_PERIODS, columns.vat_period, "quarter"),
    kor: columns.vat_liable === 0,
  };
}

/** The columns a change of settings writes. */
export function columnsOf(changes: Partial<BookkeepingSettings>): Partial<SettingsColumns> {
  const columns: Partial<SettingsColumns> = {};
  if (changes.vat_return_rounding !== undefined) columns.vat_return_rounding = changes.vat_return_rounding;
  if (changes.vat_period !== undefined) columns.vat_period = changes.vat_period;
  if (changes.kor !== undefined) columns.vat_liable = changes.kor ? 0 : 1;
  return columns;
}
