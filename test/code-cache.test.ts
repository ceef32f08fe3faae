/**
 * The code cache the build's `main.cjs` runs the bundle with (scripts/code-cache.ts): a run with no
 * cache writes one, the next run of the same build and command uses it, and a cache that is
 * damaged, stale or cannot be written never stops the bundle from running.
 */

import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, it } from "vitest";
import { codeCacheFile, runBundle } from "../scripts/code-cache.js";

const directory = mkdtempSync(path.join(tmpdir(), "kasboek-code-cache-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

declare global {
  var codeCacheRuns: string[] | undefined;
}

/** A CommonJS "bundle" that records each run, requiring a file beside it and a built-in module. */
function writeBundle(name: string, body = ""): string {
  const folder = path.join(directory, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "beside.cjs"), "module.exports = 'beside';");
  const file = path.join(folder, "bundle.cjs");
  writeFileSync(
    file,
    `const beside = require("./beside.cjs");
     const { basename } = require("node:path");
     function work(n) { let total = 0; for (let i = 0; i < n; i++) total += i; return total; }
     globalThis.codeCacheRuns ??= [];
     globalThis.codeCacheRuns.push([beside, basename(__filename), work(10)].join(" "));
     ${body}`,
  );
  return file;
}

describe("running the bundle with a code cache", () => {
  it("runs it as a CommonJS module with its own require, then uses the cache its first run wrote", () => {
    const bundle = writeBundle("first");
    const cache = path.join(directory, "first", "cache", "build-serve.v8cache");
    globalThis.codeCacheRuns = [];

    const first = runBundle(bundle, cache);
    expect(first.state).toBe("absent");
    expect(existsSync(cache)).toBe(false);
    first.save();
    expect(existsSync(cache)).toBe(true);
    // written in place, no temporary file left beside it
    expect(readdirSync(path.dirname(cache))).toEqual(["build-serve.v8cache"]);

    expect(runBundle(bundle, cache).state).toBe("used");
    expect(globalThis.codeCacheRuns).toEqual(["beside bundle.cjs 45", "beside bundle.cjs 45"]);
  });

  it("runs the bundle all the same with a damaged cache, and rewrites it", () => {
    const bundle = writeBundle("damaged");
    const cache = path.join(directory, "damaged", "build-serve.v8cache");
    writeFileSync(cache, "not a V8 code cache");
    globalThis.codeCacheRuns = [];
    const run = runBundle(bundle, cache);
    expect(run.state).toBe("rejected");
    expect(globalThis.codeCacheRuns).toEqual(["beside bundle.cjs 45"]);
    run.save();
    expect(runBundle(bundle, cache).state).toBe("used");
  });

  it("is refused by a process with other V8 flags than the one that wrote it, so serve puts its heap growth back first", async () => {
    // serve changes the heap's growth while it runs (src/platform/heap.ts); V8 stamps a cache with
    // the flags in force when it is written, which only another process shows
    const bundle = writeBundle("flags", `require("node:v8").setFlagsFromString("--heap-growing-percent=10");`);
    const runner = path.join(directory, "flags", "runner.ts");
    writeFileSync(
      runner,
      `import { runBundle } from ${JSON.stringify(fileURLToPath(new URL("../scripts/code-cache.ts", import.meta.url)))};
       import { restoreDefaultHeapFlags } from ${JSON.stringify(fileURLToPath(new URL("../src/platform/heap.ts", import.meta.url)))};
       const [cache, restore] = process.argv.slice(2);
       const run = runBundle(${JSON.stringify(bundle)}, cache);
       if (restore === "restore") restoreDefaultHeapFlags();
       run.save();
       process.stdout.write(run.state);`,
    );
    const stateOf = async (cache: string, restore = "keep") =>
      (
        await promisify(execFile)(process.execPath, ["--import", "tsx", runner, cache, restore], {
          cwd: fileURLToPath(new URL("..", import.meta.url)),
        })
      ).stdout;
    const stamped = path.join(directory, "flags", "stamped.v8cache");
    expect(await stateOf(stamped)).toBe("absent");
    expect(await stateOf(stamped)).toBe("rejected");
    const restored = path.join(directory, "flags", "restored.v8cache");
    expect(await stateOf(restored, "restore")).toBe("absent");
    expect(await stateOf(restored, "restore")).toBe("used");
  });

  it("does not fail when the cache cannot be written", () => {
    const bundle = writeBundle("unwritable");
    // a file where its folder should be: no permission lets even root write there
    const notAFolder = path.join(directory, "unwritable", "cache");
    writeFileSync(notAFolder, "");
    const run = runBundle(bundle, path.join(notAFolder, "build-serve.v8cache"));
    expect(() => run.save()).not.toThrow();
    expect(readdirSync(path.join(directory, "unwritable")).sort()).toEqual(["beside.cjs", "bundle.cjs", "cache"]);
  });

  it("lets the bundle's own errors through", () => {
    const bundle = writeBundle("throws", 'throw new Error("the bundle failed");');
    expect(() => runBundle(bundle, path.join(directory, "throws", "c.v8cache"))).toThrow("the bundle failed");
  });
});

describe("the cache file", () => {
  it("is one per build and command, and one for anything that is not a command name", () => {
    expect(codeCacheFile("/c", "0123abcd", "serve")).toBe(path.join("/c", "0123abcd-serve.v8cache"));
    expect(codeCacheFile("/c", "4567ef01", "serve")).toBe(path.join("/c", "4567ef01-serve.v8cache"));
    expect(codeCacheFile("/c", "0123abcd", "oauth-clients")).toBe(path.join("/c", "0123abcd-oauth-clients.v8cache"));
    for (const odd of [undefined, "--help", "../../etc/passwd", "Serve", ""]) {
      expect(codeCacheFile("/c", "0123abcd", odd)).toBe(path.join("/c", "0123abcd-other.v8cache"));
    }
  });
});

describe("the built kasboek", () => {
  it("keeps its code cache in CODE_CACHE_DIR when it is set, one file per command", async () => {
    const cacheDirectory = path.join(directory, "configured");
    const environment = { ...process.env, CODE_CACHE_DIR: cacheDirectory };
    for (const command of ["migrate", "plans"]) {
      await promisify(execFile)(process.execPath, [inject("cliEntry"), command, "--help"], { env: environment });
    }
    const files = readdirSync(cacheDirectory).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^[0-9a-f]{16}-migrate\.v8cache$/);
    expect(files[1]).toMatch(/^[0-9a-f]{16}-plans\.v8cache$/);
  });
});
