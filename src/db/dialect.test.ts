/**
 * Opening SQLite never loads pg. In a child process: a module loaded once stays loaded.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const CONNECTION_MODULE = fileURLToPath(new URL("./connection.ts", import.meta.url));

/** What `program` (ES module code run from the sources) printed, parsed. */
async function printedBy(program: string): Promise<unknown> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", program],
    { cwd: fileURLToPath(new URL("../..", import.meta.url)) },
  );
  return JSON.parse(stdout);
}

const SQLITE_PROGRAM = `
const { createRequire } = await import("node:module");
const { openDatabase } = await import(${JSON.stringify(CONNECTION_MODULE)});
const handle = openDatabase("sqlite::memory:");
const { sql } = await import("kysely");
await sql\`select 1\`.execute(handle.db);
const loaded = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({
  sqlite: loaded.some((file) => file.includes("/node_modules/better-sqlite3/")),
  pg: loaded.some((file) => file.includes("/node_modules/pg/")),
}));
await handle.close();
`;

describe("opening SQLite", () => {
  it("loads better-sqlite3 and not pg", async () => {
    expect(await printedBy(SQLITE_PROGRAM)).toEqual({ sqlite: true, pg: false });
  });
});
