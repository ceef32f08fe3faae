/**
 * Runs the server's bundle (one CommonJS file, scripts/build.ts) with a V8 code cache: the code
 * V8 compiled in one run of a command, kept in a file and handed to V8 in the next, which then
 * parses and compiles almost nothing. A cold start spent a third of its time compiling; with the
 * cache written by an earlier run it answers its first request 70–80 ms sooner (issue 13). Node 20
 * keeps no cache of its own for ES modules (22 has `module.enableCompileCache`), and `vm.Script`
 * with `cachedData` is the API Node's own cache and the v8-compile-cache package are built on.
 *
 * Invariants:
 * - the bundle is ASCII only (scripts/build.ts), so it is read as Latin-1;
 * - the cache is an optimisation only: a missing, unreadable, rejected or unwritable cache file
 *   costs compile time, never a failure, and is never reported as one;
 * - a cache file is named after the bundle's content hash, so it never meets another build's code
 *   (V8 itself checks only the source's length), and after the command, so `serve` keeps the code
 *   of serving rather than that of `bootstrap`;
 * - a cache is written at most once per process, at its exit, only when none was used, and
 *   atomically (a temporary file renamed into place), so concurrent starts never read half a file.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Script } from "node:vm";

export type CodeCacheState = "used" | "rejected" | "absent";

export interface BundleRun {
  state: CodeCacheState;
  /** writes the code V8 has compiled so far to the cache file; quietly does nothing if it cannot */
  save: () => void;
}

/** The cache file of `command` for the build `buildId`, in `directory`. */
export function codeCacheFile(directory: string, buildId: string, command: string | undefined): string {
  const name = command !== undefined && /^[a-z][a-z-]{0,30}$/.test(command) ? command : "other";
  return path.join(directory, `${buildId}-${name}.v8cache`);
}

function readCache(cacheFile: string): Buffer | undefined {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

/** Runs the CommonJS file `bundleFile` as Node would `require` it, with the cache in `cacheFile`. */
export function runBundle(bundleFile: string, cacheFile: string): BundleRun {
  const cachedData = readCache(cacheFile);
  // the bundle is ASCII (scripts/build.ts), where Latin-1 reads the same text as UTF-8, faster
  const script = new Script(Module.wrap(readFileSync(bundleFile, "latin1")), {
    filename: bundleFile,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const state: CodeCacheState = cachedData === undefined ? "absent" : script.cachedDataRejected ? "rejected" : "used";
  const save = () => {
    try {
      mkdirSync(path.dirname(cacheFile), { recursive: true });
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
    } catch {
      // a read-only installation runs without a cache
    }
  };
  const wrapped: unknown = script.runInThisContext();
  if (typeof wrapped !== "function") throw new Error(`${bundleFile} did not compile to a module function`);
  const module = { exports: {} };
  wrapped.call(
    module.exports,
    module.exports,
    createRequire(pathToFileURL(bundleFile)),
    module,
    bundleFile,
    path.dirname(bundleFile),
  );
  return { state, save };
}
