/**
 * The committed client types (clients/typescript/src/schema.ts) are exactly what the app's
 * current OpenAPI document generates. A route whose declarations change without regenerating
 * fails here, in CI, naming the command that fixes it.
 *
 * Regenerated in memory the way `npm run client:generate` writes the file (schema-source.ts), so
 * the two cannot disagree about formatting.
 */
import { expect, it } from "vitest";
import { appOpenApiDocument, schemaSource } from "../../clients/typescript/scripts/schema-source.js";
import { DRIFT_HINT, schemaDrift } from "../support/client.js";

it("the committed client types are what the app's OpenAPI document generates", async () => {
  const generated = await schemaSource(await appOpenApiDocument());
  expect(schemaDrift(generated), DRIFT_HINT).toBeUndefined();
  // the generator takes seconds on an idle machine; beside the whole suite on two cores, many more
}, 120_000);
