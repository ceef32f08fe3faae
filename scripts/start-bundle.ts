/**
 * `dist/main.cjs`, what bin/kasboek.js runs: the bundle of the sources (`kasboek.cjs` beside it)
 * through the code cache of scripts/code-cache.ts, kept in CODE_CACHE_DIR or else `code-cache/`
 * beside it. The build replaces KASBOEK_BUILD_ID with the bundle's content hash.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { restoreDefaultHeapFlags } from "../src/platform/heap.js";
import { warmIcuData } from "../src/platform/icu-warm-up.js";
import { codeCacheFile, runBundle } from "./code-cache.js";

declare const KASBOEK_BUILD_ID: string;

const directory = path.dirname(fileURLToPath(import.meta.url));
// CODE_CACHE_DIR (src/config.ts): somewhere writable when the build itself is read-only (the image)
const cacheDirectory = process.env.CODE_CACHE_DIR || path.join(directory, "code-cache");
const cacheFile = codeCacheFile(cacheDirectory, KASBOEK_BUILD_ID, process.argv[2]);
// before the bundle loads: the worker needs some 100 ms of its own thread to start and load ICU's
// data, and a server's first request is the first to format a date
if (process.argv[2] === "serve") warmIcuData();
const run = runBundle(path.join(directory, "kasboek.cjs"), cacheFile);
// at exit, so the cache holds what the whole run compiled (for serve: its requests too), with
// V8's flags as they were when it was read: `serve` changes the heap's growth once it listens
if (run.state !== "used") {
  process.once("exit", () => {
    restoreDefaultHeapFlags();
    run.save();
  });
}
