/**
 * SQL for `rides` (mileage records). Every query is scoped by company.
 */
import type { Generated, Selectable, Updateable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { type RowLock, withRowLock } from "../../db/dialect.js";
import { selectPage } from "../../db/paging.js";
import { countOfAll } from "../../db/row-counts.js";
import type { Paging } from "../../platform/params.js";

interface RidesTable {
  id: Generated<number>;
  company_id: number;
  departure_address: string | null;
  visiting_address: string | null;
  km_start: number | null;
  km_end: number | null;
  private: number | null;
  date: string;
}

export type RideRow = Selectable<RidesTable>;
export type RideInsert = Omit<RideRow, "id">;
export type RideUpdate = Updateable<Omit<RidesTable, "id" | "company_id">>;

/** The table this module owns, for the modules that read it (reports). */
export type RideTables = {
  rides: RidesTable;
};

function rides(executor: Executor) {
  return executor.withTables<RideTables>();
}

export async function insertRide(executor: Executor, values: RideInsert): Promise<RideRow> {
  return rides(executor).insertInto("rides").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findRide(
  executor: Executor,
  companyId: number,
  rideId: number,
  lock: RowLock = "read",
): Promise<RideRow | undefined> {
  const query = rides(executor)
    .selectFrom("rides")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "=", rideId);
  return withRowLock(executor, query, lock).executeTakeFirst();
}

export async function listRides(
  executor: Executor,
  companyId: number,
  selection: "all" | "business",
  paging: Paging,
): Promise<{ rows: RideRow[]; total: number }> {
  let base = rides(executor).selectFrom("rides").where("company_id", "=", companyId);
  if (selection === "business") base = base.where((eb) => eb.or([eb("private", "is", null), eb("private", "=", 0)]));
  return selectPage(
    base,
    paging,
    (query) => query.selectAll().orderBy("date", "desc").orderBy("id", "desc"),
    selection === "business" ? undefined : countOfAll(executor, "rides", companyId),
  );
}

export async function updateRide(
  executor: Executor,
  companyId: number,
  rideId: number,
  changes: RideUpdate,
): Promise<RideRow> {
  return rides(executor)
    .updateTable("rides")
    .set(changes)
    .where("company_id", "=", companyId)
    .where("id", "=", rideId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Returns false when the company has no such ride. */
export async function deleteRide(executor: Executor, companyId: number, rideId: number): Promise<boolean> {
  const result = await rides(executor)
    .deleteFrom("rides")
    .where("company_id", "=", companyId)
    .where("id", "=", rideId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
