/**
 * What a process loads to start serving: the PDF machinery (pdfkit and its fonts, 150–290 ms to
 * load) waits for the first print, and the YAML library for the first request of the YAML document. Checked in a child process, whose module cache holds only what
 * building the app loaded.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { RESOLVE_HOOKS } from "./support/module-probe.js";

const run = promisify(execFile);

// A resolve hook reports every module the process loads (ESM and CommonJS alike), since pdfkit
// comes in as an ES module, which no module cache shows.

const PROBE = `
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";
const { port1, port2 } = new MessageChannel();
const loaded = [];
port1.on("message", (url) => loaded.push(url));
register("data:text/javascript," + encodeURIComponent(${JSON.stringify(RESOLVE_HOOKS)}), {
  data: { port: port2 },
  transferList: [port2],
});
const { buildApp } = await import("./src/app.ts");
const { openDatabase } = await import("./src/db/connection.ts");
const handle = openDatabase("sqlite::memory:");
const app = buildApp({ db: handle.db, now: () => new Date() }, { logger: false });
await app.ready();
await new Promise((resolve) => setTimeout(resolve, 100));
port1.close();
console.log(JSON.stringify({
  app: loaded.some((url) => url.includes("/src/app.ts")),
  pdf: loaded.filter((url) => url.includes("/node_modules/pdfkit/")),
  yaml: loaded.filter((url) => url.includes("/node_modules/yaml/")),
}));
await app.close();
await handle.close();
`;

describe("start-up", () => {
  it("builds the app without loading pdfkit or the YAML library", async () => {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", PROBE], {
      cwd: new URL("..", import.meta.url),
    });
    // the hook saw the app itself load, so it was listening
    expect(JSON.parse(stdout.trim().split("\n").at(-1) ?? "null")).toEqual({ app: true, pdf: [], yaml: [] });
  });
});
