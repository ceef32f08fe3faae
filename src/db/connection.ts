/**
 * Opens the database named by DATABASE_URL. Stores receive an `Executor` (the database or a
 * transaction over it) and narrow it to their own tables with `withTables`, so no module needs
 * to know another module's table types. Every connection passes through
 * db/request-transaction.ts, which lets one HTTP request hold a transaction around all its work.
 */
import { Kysely } from "kysely";
import { type DatabaseKind, openDialect, type PoolStats, parseDatabaseUrl } from "./dialect.js";
import { RequestTransactionDriver } from "./request-transaction.js";

export type Executor = Kysely<object>;

export interface DatabaseHandle {
  db: Executor;
  kind: DatabaseKind;
  close: () => Promise<void>;
  /** the PostgreSQL pool's occupancy; absent on SQLite */
  poolStats?: () => PoolStats;
}

export function openDatabase(databaseUrl: string): DatabaseHandle {
  const parsed = parseDatabaseUrl(databaseUrl);
  const opened = openDialect(parsed);
  const { dialect } = opened;
  // every connection goes through the request transaction's driver, so a request can hold one
  // transaction around everything its services do (db/request-transaction.ts)
  const db = new Kysely<object>({
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (kysely) => dialect.createIntrospector(kysely),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createDriver: () => new RequestTransactionDriver(dialect.createDriver()),
    },
  });
  const handle: DatabaseHandle = {
    db,
    kind: parsed.kind,
    close: () => db.destroy(),
  };
  return opened.poolStats === undefined ? handle : { ...handle, poolStats: opened.poolStats };
}
