/**
 * Builds what `kasboek` runs (bin/kasboek.js → dist/main.cjs): the sources and the pure-JavaScript
 * packages they use, bundled by esbuild into one CommonJS file, `dist/kasboek.cjs`, which
 * `dist/main.cjs` runs with a V8 code cache (scripts/code-cache.ts). A start that loaded some 1,200
 * files one by one spent more than half of its time finding, reading and linking them (bundled:
 * 1.08 s → 0.55 s on 2 cores); compiling the bundle was then a third of what was left, which the
 * code cache saves from the second start of a command on (277 → 202 ms to the first answer).
 *
 * Invariants:
 * - what a command loads lazily stays lazy: every dynamic `import()` (a command's code, a
 *   migration, the PDF renderer, the YAML library) runs its module's code only when called;
 * - packages that read their own files or load native code at run time stay in node_modules and
 *   are loaded from there, as before: better-sqlite3 and pg's optional native binding, pdfkit (its
 *   fonts), swagger-ui-dist (the files /docs serves), and the optional Redis and mail clients; so
 *   does yaml. pg itself is JavaScript only and bundled: from node_modules it was some 60 files
 *   read and compiled at every start on PostgreSQL;
 * - the code is not minified, so a stack trace still names our functions and lines;
 * - the code cache's files are named after the bundle's content hash, so a build never runs with
 *   another build's cache;
 * - the bundle is ASCII only: esbuild escapes every other character of strings and names, and the
 *   build escapes the rest (comments, regular expressions, tagged templates) as `\uXXXX`, which
 *   means the same character there; our template tags (`html`, Kysely's `sql`) read the cooked
 *   strings, where the escape is the character. A start reads it as Latin-1 (scripts/code-cache.ts):
 *   a file of 3.5 MB with 23 non-ASCII characters became a two-byte string of 7 MB, and reading
 *   and compiling it took 95 against 55 ms;
 * - the test suite starts its server and CLI processes from this same build (test/support/global-setup.ts).
 * Type checking is `npm run typecheck`'s job; esbuild only strips the types.
 */
import { createHash } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const BUNDLE_FILE = "kasboek.cjs";

/** Loaded from node_modules at run time, never bundled (see the invariants above). */
const UNBUNDLED_PACKAGES = [
  "better-sqlite3",
  "pg-native",
  "pdfkit",
  "swagger-ui-dist",
  "ioredis",
  "nodemailer",
  "yaml",
] as const;

/** `code` with every character outside ASCII written as a `\uXXXX` escape (of each UTF-16 unit). */
export function asciiOnly(code: string): string {
  return code.replace(/[\u0080-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Builds src/main.ts and everything it imports into `outputDirectory` (emptied first): the bundle
 * `kasboek.cjs` and `main.cjs`, which runs it through the code cache (scripts/start-bundle.ts).
 */
export async function buildKasboek(outputDirectory: string): Promise<string> {
  rmSync(outputDirectory, { recursive: true, force: true });
  const bundle = await build({
    entryPoints: [path.join(ROOT, "src", "main.ts")],
    outfile: path.join(outputDirectory, BUNDLE_FILE),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    external: [...UNBUNDLED_PACKAGES],
    // `import()` of a module becomes a `require` run when it is called: its code is compiled
    // with the rest (cheap with the code cache) but still only runs when asked for
    supported: { "dynamic-import": false },
    // a CommonJS file has no import.meta; the sources use its url to find files beside them
    define: { "import.meta.url": "__kasboekModuleUrl" },
    banner: { js: 'const __kasboekModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    write: false,
    logLevel: "error",
  });
  const [output] = bundle.outputFiles;
  if (output === undefined) throw new Error("esbuild wrote no bundle");
  mkdirSync(outputDirectory, { recursive: true });
  const contents = Buffer.from(asciiOnly(output.text), "latin1");
  writeFileSync(output.path, contents);
  const buildId = createHash("sha256").update(contents).digest("hex").slice(0, 16);
  const entry = path.join(outputDirectory, "main.cjs");
  await build({
    entryPoints: [path.join(ROOT, "scripts", "start-bundle.ts")],
    outfile: entry,
    bundle: true,
    // CommonJS, as bin/kasboek.js: Node's ES module loader took 15-20 ms of every start
    format: "cjs",
    platform: "node",
    target: "node20",
    define: { KASBOEK_BUILD_ID: JSON.stringify(buildId), "import.meta.url": "__kasboekModuleUrl" },
    banner: { js: 'const __kasboekModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    logLevel: "error",
  });
  return entry;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildKasboek(path.join(ROOT, "dist"));
}
