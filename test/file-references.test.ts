/**
 * A comment or document that sends the reader to a test file ("test/dockerfile.test.ts checks
 * this") names one that exists: the Dockerfile, compose.yaml and .dockerignore once named a
 * containers test that never was. Reads every text file of the repository but
 * bench/RESULTS.md (a log of past runs, which may name files since removed), node_modules and
 * build output. A path is looked up from the repository's root, or from the package it sits in
 * (web/, clients/typescript/), as a reader there would.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SKIPPED_DIRECTORIES = new Set(["node_modules", "dist", ".git", "data", "coverage"]);
const SKIPPED_FILES = new Set([path.join("bench", "RESULTS.md")]);
const TEXT_FILE = /\.(ts|tsx|mts|mjs|cjs|js|md|json|ya?ml)$|^(Dockerfile|\.dockerignore)$/;
const TEST_FILE_MENTION = /\b(?:test|src|web|bench|clients|scripts)\/[\w./-]+\.test\.tsx?\b/g;

function textFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : textFiles(full);
    const relative = path.relative(ROOT, full);
    return TEXT_FILE.test(entry.name) && !SKIPPED_FILES.has(relative) ? [relative] : [];
  });
}

/** The test files `text` (the file at `file`, relative to the root) names that exist nowhere a reader would look. */
function missingTestFiles(file: string, text: string, exists: (candidate: string) => boolean): string[] {
  const packageRoots = ["", ...["web", path.join("clients", "typescript")].filter((root) => file.startsWith(root))];
  return [...new Set(text.match(TEST_FILE_MENTION) ?? [])].filter(
    (mentioned) => !packageRoots.some((root) => exists(path.join(root, mentioned))),
  );
}

describe("files named in comments and documents", () => {
  it("finds a test file that does not exist, and accepts one that does or that its package holds", () => {
    // the names are written in pieces, so that this file does not name a missing test file itself
    const missingFile = ["test/containers", "test.ts"].join(".");
    const webFile = ["src/app", "test.tsx"].join(".");
    const present = new Set(["test/dockerfile.test.ts", path.join("web", webFile)]);
    const exists = (candidate: string) => present.has(candidate);
    const text = `test/dockerfile.test.ts lints this; ${missingFile} checks that; ${webFile}`;
    expect(missingTestFiles("Dockerfile", text, exists)).toEqual([missingFile, webFile]);
    expect(missingTestFiles(path.join("web", "README.md"), text, exists)).toEqual([missingFile]);
  });

  it("every test file a comment or document names exists", () => {
    const exists = (candidate: string) => existsSync(path.join(ROOT, candidate));
    const missing = textFiles(ROOT).flatMap((file) =>
      missingTestFiles(file, readFileSync(path.join(ROOT, file), "utf8"), exists).map((name) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
