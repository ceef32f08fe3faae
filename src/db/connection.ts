/**
 * Opens the database named by DATABASE_URL. Stores receive an `Executor` (the database or a
 * transaction over it) and narrow it to their own tables with `withTables`, so no module needs
 * to know another module's table types.
 */
import { Kysely } from "kysely";
import { createDialect, type DatabaseKind, parseDatabaseUrl } from "./dialect.js";

export type Executor = Kysely<object>;

export interface DatabaseHandle {
  db: Executor;
  kind: DatabaseKind;
  close: () => Promise<void>;
}

export function openDatabase(databaseUrl: string): DatabaseHandle {
  const parsed = parseDatabaseUrl(databaseUrl);
  const db = new Kysely<object>({ dialect: createDialect(parsed) });
  return { db, kind: parsed.kind, close: () => db.destroy() };
}
