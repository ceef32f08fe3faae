#!/usr/bin/env node
// The compiled CLI lives in dist/ (built by `npm install` through the prepare script).
import { existsSync } from "node:fs";

const entry = new URL("../dist/main.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("kasboek: dist/ is missing; run `npm run build` (npm install does this) first.\n");
  process.exit(1);
}
await import(entry.href);
