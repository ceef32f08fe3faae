/**
 * Builds what `kasboek` runs (bin/kasboek.js → dist/main.cjs), and the web app it serves at /app/
 * (web/ → dist/web/, by Vite: see scripts/web-config.ts). The server: the sources and the pure-JavaScript
 * packages they use, bundled by esbuild into one CommonJS file. A start that loaded some 1,200
 * files one by one spent more than half of its time finding, reading and linking them (bundled:
 * 1.08 s → 0.55 s to the first answer on 2 cores). On Node 22 and later, bin/kasboek.js also turns
 * on Node's own compile cache.
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
 * - the test suite starts its server and CLI processes from this same build (test/support/global-setup.ts).
 * Type checking is `npm run typecheck`'s job; esbuild only strips the types.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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

/** Builds src/main.ts and everything it imports into `outputDirectory` (emptied first); answers the entry file. */
export async function buildKasboek(outputDirectory: string): Promise<string> {
  rmSync(outputDirectory, { recursive: true, force: true });
  const entry = path.join(outputDirectory, "main.cjs");
  await build({
    entryPoints: [path.join(ROOT, "src", "main.ts")],
    outfile: entry,
    bundle: true,
    // CommonJS, as bin/kasboek.js: Node's ES module loader took 15-20 ms of every start
    format: "cjs",
    platform: "node",
    target: "node20",
    external: [...UNBUNDLED_PACKAGES],
    // `import()` of a module becomes a `require` run when it is called: its code is compiled
    // with the rest but still only runs when asked for
    supported: { "dynamic-import": false },
    // a CommonJS file has no import.meta; the sources use its url to find files beside them
    define: { "import.meta.url": "__kasboekModuleUrl" },
    banner: { js: 'const __kasboekModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    logLevel: "error",
  });
  return entry;
}

/**
 * Builds the web app into `outputDirectory` (emptied first): index.html and assets/ with hashed
 * names. Vite is loaded only here, so the server's build (and every test run's) does not pay for it.
 */
export async function buildWebApp(outputDirectory: string, options: { quiet?: boolean } = {}): Promise<void> {
  const [{ build }, { webConfig }] = await Promise.all([import("vite"), import("./web-config.js")]);
  const config = webConfig(outputDirectory);
  await build({ ...config, logLevel: options.quiet === true ? "error" : "info" });
  compressAssets(path.join(outputDirectory, "assets"));
}

/**
 * Writes a Brotli and a gzip copy beside every script, stylesheet and SVG, which the server
 * sends to browsers that accept them (@fastify/static's preCompressed): compressed once here
 * at the highest level, never per request.
 */
function compressAssets(directory: string): void {
  for (const name of readdirSync(directory)) {
    if (!/\.(js|css|svg)$/.test(name)) continue;
    const file = path.join(directory, name);
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const output = path.join(ROOT, "dist");
  // the server first: it empties dist/, where the web app goes
  await buildKasboek(output);
  await buildWebApp(path.join(output, "web"));
}
