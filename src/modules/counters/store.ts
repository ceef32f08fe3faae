/**
 * SQL for `counters`: per-company number series.
 */
import type { Executor } from "../../db/connection.js";

type CounterTables = {
  counters: { company_id: number; series: string; last_value: number };
};

function counters(executor: Executor) {
  return executor.withTables<CounterTables>();
}

/** Takes the next value of a series; the row lock it takes lasts until the transaction ends. */
export async function incrementCounter(executor: Executor, companyId: number, series: string): Promise<number> {
  await counters(executor)
    .insertInto("counters")
    .values({ company_id: companyId, series, last_value: 0 })
    .onConflict((conflict) => conflict.columns(["company_id", "series"]).doNothing())
    .execute();
  const row = await counters(executor)
    .updateTable("counters")
    .set((eb) => ({ last_value: eb("last_value", "+", 1) }))
    .where("company_id", "=", companyId)
    .where("series", "=", series)
    .returning("last_value")
    .executeTakeFirstOrThrow();
  return Number(row.last_value);
}
