/**
 * `node --import tsx bench/web-size.ts` (a step of `npm run bench`, after `npm run build`): what a
 * browser downloads before the web app can draw its first page (issue 28: at most 200 KB of
 * JavaScript, gzipped). Invariants: "initial" is what dist/web/index.html names — its module
 * scripts and the files they preload — never the chunks loaded later on demand; sizes are gzip at
 * level 9 of the bytes served (the build's .gz files are made the same way); nothing is measured
 * over the network. With BENCH_WRITE_RESULTS=1 the table is appended to bench/RESULTS.md.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { appendResults } from "./results.js";
import { SETTINGS } from "./settings.js";

const WEB_DIRECTORY = fileURLToPath(new URL("../dist/web/", import.meta.url));
const INITIAL_SCRIPT_GOAL_KB = 200;

/** The /app/assets/ files index.html makes the browser fetch at once, by kind. */
function initialFiles(index: string): { scripts: string[]; styles: string[] } {
  const named = (pattern: RegExp) => [...index.matchAll(pattern)].map((match) => match[1] ?? "");
  return {
    scripts: [
      ...named(/<script[^>]*\bsrc="\/app\/([^"]+\.js)"/g),
      ...named(/<link[^>]*rel="modulepreload"[^>]*href="\/app\/([^"]+\.js)"/g),
    ],
    styles: named(/<link[^>]*rel="stylesheet"[^>]*href="\/app\/([^"]+\.css)"/g),
  };
}

const kilobytes = (bytes: number) => (bytes / 1000).toFixed(1);

function sizes(files: readonly string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(WEB_DIRECTORY, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

const { scripts, styles } = initialFiles(readFileSync(join(WEB_DIRECTORY, "index.html"), "utf8"));
if (scripts.length === 0) throw new Error("dist/web/index.html names no script: run `npm run build` first");
const script = sizes(scripts);
const style = sizes(styles);
const met = script.gzip / 1000 <= INITIAL_SCRIPT_GOAL_KB;
const table = [
  "## The web app's initial download (issue 28)",
  "",
  "| What | Files | Raw (KB) | Gzipped (KB) | Goal | Met |",
  "|---|---:|---:|---:|---|---|",
  `| JavaScript | ${scripts.length} | ${kilobytes(script.raw)} | ${kilobytes(script.gzip)} | ≤ ${INITIAL_SCRIPT_GOAL_KB} KB gzipped | ${met ? "yes" : "**no**"} |`,
  `| CSS | ${styles.length} | ${kilobytes(style.raw)} | ${kilobytes(style.gzip)} | | |`,
].join("\n");
console.log(table);
if (SETTINGS.writeResults) appendResults([table]);
if (!met) process.exitCode = 1;
