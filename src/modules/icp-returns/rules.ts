/**
 * Pure rules of the ICP return (opgaaf intracommunautaire prestaties, docs/bookkeeping.md 2):
 * how a customer is named on it (country code, VAT number without its country prefix; Greece is
 * EL) and how the exact amounts become whole euros that add up to box 3b of the VAT return.
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

/** Cents rounded down to whole euros (in cents), negatives away from zero. */
function floorToEuros(cents: bigint): bigint {
  const truncated = (cents / 100n) * 100n;
  return truncated > cents ? truncated - 100n : truncated;
}

/**
 * Whole euros (in cents) for each exact amount, adding up to `totalCents` (box 3b as filed, whole
 * euros): every amount rounds down, and the euros still missing go to the amounts with the largest
 * remainders (the largest-remainder method), so no amount is off by more than one euro. Amounts
 * are bigint cents: a period's sums may pass the 2^53 cents a number holds exactly.
 */
export function apportionWholeEuros(exactCents: readonly bigint[], totalCents: bigint): bigint[] {
  const floors = exactCents.map(floorToEuros);
  // whole euros on both sides: the division is exact
  let missingEuros = (totalCents - floors.reduce((sum, cents) => sum + cents, 0n)) / 100n;
  const byRemainder = exactCents
    .map((cents, index) => ({ index, remainder: Number(cents - (floors[index] ?? 0n)) }))
    .sort((left, right) => right.remainder - left.remainder || left.index - right.index);
  const result = [...floors];
  for (const { index } of byRemainder) {
    if (missingEuros <= 0n) break;
    result[index] = (result[index] ?? 0n) + 100n;
    missingEuros -= 1n;
  }
  return result;
}
