/**
 * `npm run client:generate`: writes `clients/typescript/src/schema.ts` from the OpenAPI document
 * of the app in this checkout (schema-source.ts). Run it after changing a route's declarations,
 * and commit the result; test/client/drift.test.ts fails until then.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { appOpenApiDocument, REPOSITORY_ROOT, SCHEMA_FILE, schemaSource } from "./schema-source.js";

const source = await schemaSource(await appOpenApiDocument());
const shown = path.relative(REPOSITORY_ROOT, SCHEMA_FILE);
let previous: string | undefined;
try {
  previous = readFileSync(SCHEMA_FILE, "utf8");
} catch {
  // a fresh package has no schema yet
}
if (previous === source) {
  console.log(`${shown} is up to date`);
} else {
  writeFileSync(SCHEMA_FILE, source);
  console.log(`wrote ${shown}`);
}
