/**
 * Builds what `kasboek` runs (bin/kasboek.js → dist/main.js): the sources and the pure-JavaScript
 * packages they use, bundled by esbuild into a few ES modules. A start that loaded some 1,200
 * files one by one spent more than half of its time finding, reading and linking them; bundled,
 * a cold start to the first answer took half as long (1.08 s → 0.55 s on 2 cores, issue 13).
 *
 * Invariants:
 * - what a command loads lazily stays lazy: every dynamic `import()` (a command's code, a
 *   migration, the PDF renderer, the YAML library) is its own chunk, loaded when it runs;
 * - packages that read their own files or load native code at run time stay in node_modules and
 *   are loaded from there, as before: the two database drivers, pdfkit (its fonts), swagger-ui-dist
 *   (the files /docs serves), and the optional Redis and mail clients; so does yaml, which one
 *   route imports lazily: a CommonJS package bundled into a lazy chunk exports only `default`;
 * - the code is not minified, so a stack trace still names our functions;
 * - the test suite starts its server and CLI processes from this same build (test/support/global-setup.ts).
 * Type checking is `npm run typecheck`'s job; esbuild only strips the types.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Loaded from node_modules at run time, never bundled (see the invariants above). */
const UNBUNDLED_PACKAGES = [
  "better-sqlite3",
  "pg",
  "pg-native",
  "pdfkit",
  "swagger-ui-dist",
  "ioredis",
  "nodemailer",
  "yaml",
] as const;

/** Builds src/main.ts and everything it imports into `outputDirectory` (emptied first). */
export async function buildKasboek(outputDirectory: string): Promise<string> {
  rmSync(outputDirectory, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(ROOT, "src", "main.ts")],
    outdir: outputDirectory,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: [...UNBUNDLED_PACKAGES],
    // a lazily loaded module's chunk keeps its file's name (test/serve-startup.test.ts counts migrations)
    chunkNames: "[name]-[hash]",
    // Bundled CommonJS packages call `require`, which an ES module does not have.
    banner: {
      js: 'import { createRequire as createRequireForBundle } from "node:module"; const require = createRequireForBundle(import.meta.url);',
    },
    logLevel: "error",
  });
  return path.join(outputDirectory, "main.js");
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildKasboek(path.join(ROOT, "dist"));
}
