/**
 * Opening PostgreSQL loads pg without Node's fetch implementation (which pg's check for a
 * Cloudflare Worker pulled in on Node 20, a tenth of a start), and leaves the global scope as
 * Node made it; opening SQLite never loads pg. In a child process each: a module loaded once
 * stays loaded.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const CONNECTION_MODULE = fileURLToPath(new URL("./connection.ts", import.meta.url));

const PROGRAM = `
const nodeHasNavigator = "navigator" in globalThis;
const { openDatabase } = await import(${JSON.stringify(CONNECTION_MODULE)});
// pg is loaded for the first query, which fails: nothing listens on port 1
const handle = openDatabase("postgres://nobody@127.0.0.1:1/nothing");
const { sql } = await import("kysely");
const failed = await sql\`select 1\`.execute(handle.db).then(() => false, () => true);
console.log(JSON.stringify({
  failed,
  fetchLoaded: process.moduleLoadList.some((name) => name.includes("undici")),
  navigatorAsNodeMadeIt: ("navigator" in globalThis) === nodeHasNavigator,
}));
await handle.close();
`;

/** What `program` (ES module code run from the sources) printed, parsed. */
async function printedBy(program: string): Promise<unknown> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", program],
    { cwd: fileURLToPath(new URL("../..", import.meta.url)) },
  );
  return JSON.parse(stdout);
}

describe("opening PostgreSQL", () => {
  it("loads pg without Node's fetch implementation and leaves no navigator behind", async () => {
    expect(await printedBy(PROGRAM)).toEqual({ failed: true, fetchLoaded: false, navigatorAsNodeMadeIt: true });
  });
});

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
