/**
 * `kasboek serve`: migrates, then serves the API on HOST:PORT until SIGINT/SIGTERM, closing
 * connections and the database cleanly. On an empty database it says how to get a token.
 */
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import { hasUsers } from "../modules/users/service.js";
import { parseCommand } from "./shared.js";

const USAGE = `Usage: kasboek serve

Runs the HTTP API. Environment: DATABASE_URL (default sqlite:./data/kasboek.sqlite),
PORT (default 3000), HOST (default 127.0.0.1), LOG_LEVEL (default info).`;

export async function serveCommand(argv: string[]): Promise<void> {
  if (parseCommand(argv, { usage: USAGE }) === null) return;
  const config = loadConfig();
  const handle = openDatabase(config.DATABASE_URL);
  await migrateToLatest(handle.db);
  const deps = { db: handle.db, now: () => new Date() };
  const app = buildApp(deps, { logger: { level: config.LOG_LEVEL } });

  if (!(await hasUsers(deps))) {
    process.stderr.write(
      "This database has no users yet. Create one with a company and an API token:\n" +
        "  npx kasboek bootstrap --email you@example.com --company 'Your Company'\n",
    );
  }

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await handle.close();
  };
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());

  await app.listen({ port: config.PORT, host: config.HOST });
}
