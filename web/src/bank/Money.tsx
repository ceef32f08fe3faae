/**
 * An amount as the server wrote it, the Dutch way (`€ 1.234,56`); money out keeps its minus
 * sign and is marked (`negative`) so it also stands out beside money in, never by colour alone.
 */
import { formatAmount } from "../format.js";
import { isNegative } from "./words.js";

export function Money({ amount }: { amount: string }) {
  return <span className={isNegative(amount) ? "money negative" : "money"}>{formatAmount(amount)}</span>;
}
