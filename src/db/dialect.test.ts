/**
 * Opening SQLite never loads pg. In a child process: a module loaded once stays loaded.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { isoTimestamp } from "./dialect.js";

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

describe("a timestamptz read from PostgreSQL", () => {
  it("is the ISO string Date makes of it, for UTC texts with every length of fraction and any other text", () => {
    const texts = ["2026-11-27 04:44:43.5+01", "2026-11-27 03:44:43.25-09:30", "1999-12-31 23:59:59.9999+00"];
    // instants spread over 9000 years and fractions of every length, the same ones every run
    const span = 9000 * 365.25 * 86_400_000;
    for (let index = 0; index < 2000; index++) {
      const instant = new Date(Date.UTC(1000, 0, 1) + ((index * 7_919_000_003_417) % span));
      const fraction = String((index * 104_729) % 1_000_000)
        .padStart(6, "0")
        .slice(0, index % 7);
      const [date, time] = instant.toISOString().slice(0, 19).split("T");
      texts.push(`${date} ${time}${fraction === "" ? "" : `.${fraction}`}+00`);
    }
    for (const text of texts) expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
  });
});
