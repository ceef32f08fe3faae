/**
 * Number series per company. Must be called inside the transaction that stores the number, so
 * a rolled-back write gives its number back and the series stays gapless.
 */
import type { Executor } from "../../db/connection.js";
import { incrementCounter } from "./store.js";

export async function nextInSeries(transaction: Executor, companyId: number, series: string): Promise<number> {
  return incrementCounter(transaction, companyId, series);
}
