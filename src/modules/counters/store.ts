/**
 * SQL for `counters`: per-company number series.
 */
import { sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { reusableQuery } from "../../db/reusable-query.js";

type CounterTables = {
  counters: { company_id: number; series: string; last_value: number };
};

function counters(executor: Executor) {
  return executor.withTables<CounterTables>();
}

/**
 * Takes the next value of a series in one statement: the series' first value inserts its row,
 * every later one adds to it. Either way the row stays locked until the transaction ends, so
 * concurrent takers of one series wait for each other and the values stay gapless.
 */
const takeNext = reusableQuery((executor, companyId: number, series: string) =>
  counters(executor)
    .insertInto("counters")
    .values({ company_id: companyId, series, last_value: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(["company_id", "series"])
        .doUpdateSet({ last_value: sql<number>`${sql.ref("counters.last_value")} + 1` }),
    )
    .returning("last_value"),
);

export async function incrementCounter(executor: Executor, companyId: number, series: string): Promise<number> {
  const [row] = await takeNext(executor, companyId, series);
  if (row === undefined) throw new Error(`the counter ${series} answered no value`);
  return Number(row.last_value);
}
