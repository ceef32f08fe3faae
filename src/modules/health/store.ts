/**
 * The one query readiness needs: proof that the database answers. It reads no table, so it
 * works on an empty database and takes no lock.
 */
import { sql } from "kysely";
import type { Executor } from "../../db/connection.js";

export async function pingDatabase(executor: Executor): Promise<void> {
  await sql`select 1`.execute(executor);
}
