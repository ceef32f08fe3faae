#!/usr/bin/env node
// The compiled CLI lives in dist/ (built by `npm install` through the prepare script). This file
// and dist/main.cjs are CommonJS (bin/package.json): Node's ES module loader took 15-20 ms of
// every start, a cold start's included.
const { existsSync } = require("node:fs");
const path = require("node:path");

const entry = path.join(__dirname, "..", "dist", "main.cjs");
if (!existsSync(entry)) {
  process.stderr.write("kasboek: dist/ is missing; run `npm run build` (npm install does this) first.\n");
  process.exit(1);
}
// Node 22.1 and later keep what a start compiled for the next one (Node 20 has no such cache)
require("node:module").enableCompileCache?.();
require(entry);
