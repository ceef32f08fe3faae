/**
 * What services are given: the database and the clock. Plain parameters, no container.
 */
import type { Executor } from "../db/connection.js";

export interface ServiceDeps {
  db: Executor;
  now: () => Date;
  /** wakes the mail sender after a commit that queued a message; absent when no mail is sent */
  nudgeOutbox?: () => void;
}
