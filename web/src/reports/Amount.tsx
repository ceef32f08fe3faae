/**
 * An amount of a report, the Dutch way (`€ 1.234,56`), the server's decimal as it came. A negative
 * amount keeps its minus sign and is also set apart in colour: never colour alone. A balance
 * (debit − credit) is `neutral`: its sign says on which side it stands, not that something is
 * wrong, so it keeps the minus without the warning colour.
 */
import { formatAmount } from "../format.js";

export function Amount({ value, neutral = false }: { value: string | null | undefined; neutral?: boolean }) {
  const negative = !neutral && value?.trim().startsWith("-") === true && !/^-0(\.0*)?$/.test(value.trim());
  return <span className={negative ? "negative" : undefined}>{formatAmount(value)}</span>;
}
