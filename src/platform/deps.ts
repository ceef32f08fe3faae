/**
 * What services are given: the database and the clock. Plain parameters, no container.
 */
import type { Executor } from "../db/connection.js";

export interface ServiceDeps {
  db: Executor;
  now: () => Date;
}
