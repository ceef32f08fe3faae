/**
 * Pure rules of the ICP return (opgaaf intracommunautaire prestaties, bookkeeping.md 2): how a
 * customer is named on it (country code, VAT number without its country prefix; Greece is EL) and
 * how the exact amounts become whole euros that add up to box 3b of the VAT return.
 */

/** The country code the ICP return uses: the VAT prefix (EL for Greece), upper case. */
export function icpCountryCode(country: string | null, vatNumber: string | null): string | null {
  const fromNumber = vatNumber === null ? null : /^([A-Za-z]{2})/.exec(vatNumber.trim())?.[1]?.toUpperCase();
  const code = fromNumber ?? country?.toUpperCase() ?? null;
  return code === "GR" ? "EL" : code;
}

/** The VAT number as the return wants it: no country prefix, no spaces or dots. */
export function nationalVatNumber(vatNumber: string | null): string | null {
  if (vatNumber === null) return null;
  const compact = vatNumber.replace(/[\s.-]/g, "").toUpperCase();
  return /^[A-Z]{2}/.test(compact) ? compact.slice(2) : compact;
}

/**
 * Whole euros (in cents) for each exact amount, adding up to `totalCents` (box 3b as filed, whole
 * euros): every amount rounds down, and the euros still missing go to the amounts with the largest
 * remainders (the largest-remainder method), so no amount is off by more than one euro.
 */
export function apportionWholeEuros(exactCents: readonly number[], totalCents: number): number[] {
  const floors = exactCents.map((cents) => Math.floor(cents / 100) * 100);
  let missingEuros = Math.round((totalCents - floors.reduce((sum, cents) => sum + cents, 0)) / 100);
  const byRemainder = exactCents
    .map((cents, index) => ({ index, remainder: cents - (floors[index] ?? 0) }))
    .sort((left, right) => right.remainder - left.remainder || left.index - right.index);
  const result = [...floors];
  for (const { index } of byRemainder) {
    if (missingEuros <= 0) break;
    result[index] = (result[index] ?? 0) + 100;
    missingEuros -= 1;
  }
  return result;
}
