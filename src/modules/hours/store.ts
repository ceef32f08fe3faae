/**
 * SQL for `hours` (time records). Every query is scoped by company.
 */
import type { Generated, Selectable, Updateable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { type RowLock, withRowLock } from "../../db/dialect.js";
import { selectPage } from "../../db/paging.js";
import { countOfAll } from "../../db/row-counts.js";
import type { Paging } from "../../platform/params.js";

interface HoursTable {
  id: Generated<number>;
  company_id: number;
  client_id: number | null;
  project_id: number | null;
  date: string;
  started_at: string | null;
  ended_at: string | null;
  duration_hours: string | null;
  pause_hours: string | null;
  description: string | null;
}

export type HourRow = Selectable<HoursTable>;
export type HourInsert = Omit<HourRow, "id">;
export type HourUpdate = Updateable<Omit<HoursTable, "id" | "company_id">>;

type HourTables = { hours: HoursTable };

function hours(executor: Executor) {
  return executor.withTables<HourTables>();
}

export async function insertHour(executor: Executor, values: HourInsert): Promise<HourRow> {
  return hours(executor).insertInto("hours").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findHour(
  executor: Executor,
  companyId: number,
  hourId: number,
  lock: RowLock = "read",
): Promise<HourRow | undefined> {
  const query = hours(executor)
    .selectFrom("hours")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "=", hourId);
  return withRowLock(executor, query, lock).executeTakeFirst();
}

export async function listHours(
  executor: Executor,
  companyId: number,
  paging: Paging,
): Promise<{ rows: HourRow[]; total: number }> {
  const base = hours(executor).selectFrom("hours").where("company_id", "=", companyId);
  return selectPage(
    base,
    paging,
    (query) => query.selectAll().orderBy("date", "desc").orderBy("id", "desc"),
    countOfAll(executor, "hours", companyId),
  );
}

export async function updateHour(
  executor: Executor,
  companyId: number,
  hourId: number,
  changes: HourUpdate,
): Promise<HourRow> {
  return hours(executor)
    .updateTable("hours")
    .set(changes)
    .where("company_id", "=", companyId)
    .where("id", "=", hourId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteHour(executor: Executor, companyId: number, hourId: number): Promise<boolean> {
  const result = await hours(executor)
    .deleteFrom("hours")
    .where("company_id", "=", companyId)
    .where("id", "=", hourId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
