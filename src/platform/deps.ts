/**
 * What services are given: the database and the clock. Plain parameters, no container.
 */
import type { Executor } from "../db/connection.js";

export interface ServiceDeps {
  db: Executor;
  now: () => Date;
  /** wakes the mail sender after a commit that queued a message; absent when no mail is sent */
  nudgeOutbox?: () => void;
  /** where people reach this service from outside (links in e-mail and on documents) */
  publicUrl?: string;
  /** SESSION_SECRET when configured; else sessions are signed with a secret kept in the database */
  sessionSecret?: string;
}

const DEFAULT_PUBLIC_URL = "http://127.0.0.1:3000";

/** The service's public address without a trailing slash. */
export function publicUrlOf(deps: ServiceDeps): string {
  return (deps.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, "");
}
