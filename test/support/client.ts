/**
 * What the client tests share: whether freshly generated client types match the committed
 * clients/typescript/src/schema.ts, said in a way a person can act on (the first differing line,
 * and the command that regenerates the file) rather than a diff of thousands of lines; and a
 * server process to run the client against.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { GENERATE_COMMAND, REPOSITORY_ROOT, SCHEMA_FILE } from "../../clients/typescript/scripts/schema-source.js";

/** The failure message for drift between `generated` and the committed types. */
export const DRIFT_HINT = `${path.relative(REPOSITORY_ROOT, SCHEMA_FILE)} is out of date with the app's OpenAPI document: run \`${GENERATE_COMMAND}\` and commit the result`;

/** Where the committed types first differ from `generated`; undefined when they are the same. */
export function schemaDrift(generated: string): string | undefined {
  let committed = "";
  try {
    committed = readFileSync(SCHEMA_FILE, "utf8");
  } catch {
    // a missing file is drift like any other: DRIFT_HINT says how to make it
  }
  if (committed === generated) return undefined;
  const committedLines = committed.split("\n");
  const generatedLines = generated.split("\n");
  const found = committedLines.findIndex((text, index) => text !== generatedLines[index]);
  const line = found === -1 ? committedLines.length : found;
  return [
    `first difference at line ${line + 1}:`,
    `  committed: ${committedLines[line] ?? "(end of file)"}`,
    `  generated: ${generatedLines[line] ?? "(end of file)"}`,
  ].join("\n");
}
