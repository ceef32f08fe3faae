/**
 * The layer rules of docs/architecture.md, checked on the source so that they hold without
 * exceptions: a module uses another module only through its service.ts; routes never reach a
 * store; rules.ts files and the libraries outside modules/ (src/pdf) are pure; no file imports
 * itself back through a cycle (type-only imports included: a cycle of types is still a knot a
 * reader has to untie); and no migration reaches module code, directly or through another file,
 * by a static or a dynamic `import()` (a migration runs once, on whichever release applies it, so
 * it must not run today's rules). Reads the import statements of every file under src/.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
const IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/gms;
/** `import("…")`, as code loads a module when it runs */
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

interface Import {
  /** the importing file, relative to src/ */
  from: string;
  specifier: string;
  /** the imported file relative to src/, for relative imports */
  target: string | null;
}

/** The specifiers a source text imports: static `import … from` (and `export … from`), or dynamic `import()`. */
function specifiersIn(text: string, kind: "static" | "dynamic"): string[] {
  return [...text.matchAll(kind === "static" ? IMPORT : DYNAMIC_IMPORT)].map((match) => match[1] ?? "");
}

function importsOf(file: string, kind: "static" | "dynamic"): Import[] {
  return specifiersIn(readFileSync(file, "utf8"), kind).map((specifier) => {
    const target = specifier.startsWith(".")
      ? path.relative(SOURCE, path.resolve(path.dirname(file), specifier)).replace(/\.js$/, ".ts")
      : null;
    return { from: path.relative(SOURCE, file), specifier, target };
  });
}

const files = sourceFiles(SOURCE);
const imports: Import[] = files.flatMap((file) => importsOf(file, "static"));
const dynamicImports: Import[] = files.flatMap((file) => importsOf(file, "dynamic"));

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const shown = (found: Import[]) => found.map((entry) => `${entry.from} → ${entry.specifier}`);

describe("layer rules (docs/architecture.md)", () => {
  it("reads the imports of every source file", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(imports.some((entry) => entry.from === "app.ts" && entry.target === "platform/http.ts")).toBe(true);
  });

  it("lets a module use another module only through its service.ts", () => {
    const violations = imports.filter((entry) => {
      if (entry.target === null) return false;
      const [from, to] = [moduleOf(entry.from), moduleOf(entry.target)];
      return from !== null && to !== null && from !== to && !entry.target.endsWith("/service.ts");
    });
    expect(shown(violations)).toEqual([]);
  });

  it("keeps routes away from stores: routes → service → store", () => {
    const violations = imports.filter(
      (entry) => entry.from.endsWith("routes.ts") && entry.target?.endsWith("store.ts"),
    );
    expect(shown(violations)).toEqual([]);
  });

  it("keeps rules.ts and the libraries outside modules/ pure: no database, no Fastify, no services", () => {
    const pure = (file: string) => file.endsWith("/rules.ts") || file.startsWith("pdf/");
    const impure = (entry: Import) =>
      entry.specifier === "fastify" ||
      entry.specifier === "kysely" ||
      (entry.target !== null && /^db\/|\/(service|store)\.ts$/.test(entry.target)) ||
      (entry.from.startsWith("pdf/") && entry.target?.startsWith("modules/") === true);
    const violations = imports.filter((entry) => pure(entry.from) && impure(entry));
    expect(shown(violations)).toEqual([]);
  });

  it("keeps migrations free of module code, through static and dynamic imports and the files they import", () => {
    // the form migration 0023 once used to load the posting code, found as an import
    const loader = 'const { seedDefaultChart } = await import("../../modules/accounts/service.js");';
    expect(specifiersIn(loader, "dynamic")).toEqual(["../../modules/accounts/service.js"]);

    const edges = new Map<string, Import[]>();
    for (const entry of [...imports, ...dynamicImports]) {
      if (entry.target !== null) edges.set(entry.from, [...(edges.get(entry.from) ?? []), entry]);
    }
    const migrations = files
      .map((file) => path.relative(SOURCE, file))
      .filter((file) => file.startsWith("db/migrations/"));
    expect(migrations.length).toBeGreaterThan(20);
    const violations: string[] = [];
    for (const migration of migrations) {
      const reached = new Set([migration]);
      const trails = [[migration]];
      for (let trail = trails.shift(); trail !== undefined; trail = trails.shift()) {
        const file = trail.at(-1) ?? "";
        for (const entry of edges.get(file) ?? []) {
          const target = entry.target ?? "";
          if (moduleOf(target) !== null) violations.push([...trail, target].join(" → "));
          else if (!reached.has(target)) {
            reached.add(target);
            trails.push([...trail, target]);
          }
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it("has no import cycles", () => {
    const edges = new Map<string, string[]>();
    for (const entry of imports) {
      if (entry.target === null) continue;
      edges.set(entry.from, [...(edges.get(entry.from) ?? []), entry.target]);
    }
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(" → "));
        return;
      }
      state.set(file, "open");
      for (const next of edges.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, "done");
    };
    for (const file of edges.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
