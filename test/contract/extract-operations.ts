/**
 * Derives operations.json, the project's own fixture of the reference facts the contract test
 * checks, from the Rompslomp reference Swagger file (which is not ours and is never committed).
 *
 * Invariants of the fixture: one entry per reference operation, in the file's order; for each
 * documented status the response schema reduced to facts — property names in the reference's
 * order, required keys, types, formats (`date`, and `decimal` for the reference's
 * arbitrary-precision strings), `x-nullable`, enums — or null when the status has no body; the
 * operation's `produces` when it has one. No descriptions, no examples, no prose: where the
 * reference documents an answer only by a recorded example (the attachment upload), the schema
 * is derived from that example (keys in order, types, every value nullable).
 *
 * Regenerate (needs the reference, see reference-file.ts): `npx tsx test/contract/extract-operations.ts`.
 * reference.test.ts checks that the committed fixture equals this derivation whenever the
 * reference is present, so the two cannot drift.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ReferenceOperation, Schema } from "../support/reference.js";
import { rawOperations } from "./reference-file.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const OPERATIONS_FILE = path.join(HERE, "operations.json");

/** The reference marks its decimal strings only in prose; this phrase is how they are recognised. */
const DECIMAL_MARK = "Arbitrary-precision";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A resolved Swagger schema reduced to the facts the checker reads (key order as written). */
function schemaFacts(node: unknown): Schema {
  if (!isRecord(node)) return {};
  const facts: Schema = {};
  if (typeof node.type === "string") facts.type = node.type;
  const decimal =
    node.type === "string" && typeof node.description === "string" && node.description.includes(DECIMAL_MARK);
  if (decimal) facts.format = "decimal";
  else if (typeof node.format === "string") facts.format = node.format;
  if (node["x-nullable"] === true) facts["x-nullable"] = true;
  if (Array.isArray(node.enum)) facts.enum = [...node.enum];
  if (Array.isArray(node.required)) facts.required = node.required.map(String);
  if (isRecord(node.properties)) {
    facts.properties = Object.fromEntries(
      Object.entries(node.properties).map(([key, value]) => [key, schemaFacts(value)]),
    );
  }
  if (node.items !== undefined) facts.items = schemaFacts(node.items);
  return facts;
}

/**
 * The schema a recorded example stands for: its keys, in order, every value nullable and of the
 * example's type (numbers as integers, as the reference's ids are).
 */
function schemaOfExample(example: unknown): Schema {
  if (Array.isArray(example)) return { type: "array", items: example.length > 0 ? schemaOfExample(example[0]) : {} };
  if (isRecord(example)) {
    const properties = Object.fromEntries(Object.entries(example).map(([key, value]) => [key, schemaOfExample(value)]));
    return { type: "object", "x-nullable": true, required: Object.keys(example), properties };
  }
  if (example === null) return { "x-nullable": true };
  return { type: typeof example === "number" ? "integer" : typeof example, "x-nullable": true };
}

function responseFacts(response: unknown): Schema | null {
  if (!isRecord(response)) return null;
  if (isRecord(response.schema)) return schemaFacts(response.schema);
  const example = isRecord(response.examples) ? response.examples["application/json"] : undefined;
  return example === undefined ? null : schemaOfExample(example);
}

/** The fixture's content, derived from the reference. */
export function extractOperations(): ReferenceOperation[] {
  return rawOperations().map(({ method, path: template, operation }) => {
    const responses = isRecord(operation.responses) ? operation.responses : {};
    const facts: ReferenceOperation = {
      method,
      path: template,
      responses: Object.fromEntries(Object.entries(responses).map(([status, value]) => [status, responseFacts(value)])),
    };
    if (Array.isArray(operation.produces)) facts.produces = operation.produces.map(String);
    return facts;
  });
}

const WIDTH = 120;

/** One line, spaced as the formatter writes JSON. */
function flat(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flat).join(", ")}]`;
  if (isRecord(value)) {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${flat(item)}`);
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  return JSON.stringify(value);
}

/** Compact but readable: a value stays on one line when it fits, else each member gets its own. */
function layout(value: unknown, indent: string, used: number): string {
  const line = flat(value);
  if (used + line.length + 1 <= WIDTH || (!Array.isArray(value) && !isRecord(value))) return line;
  const inner = `${indent}  `;
  const members = Array.isArray(value)
    ? value.map((item) => `${inner}${layout(item, inner, inner.length)}`)
    : Object.entries(value).map(([key, item]) => {
        const head = `${inner}${JSON.stringify(key)}: `;
        return `${head}${layout(item, inner, head.length)}`;
      });
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${members.join(",\n")}\n${indent}${close}`;
}

export function formatOperations(operations: ReferenceOperation[]): string {
  return `${layout(operations, "", 0)}\n`;
}

/** Writes the fixture, then lets the project's formatter settle its layout so `biome check` is clean. */
function main(): void {
  writeFileSync(OPERATIONS_FILE, formatOperations(extractOperations()));
  const biome = path.resolve(HERE, "../../node_modules/.bin/biome");
  execFileSync(biome, ["format", "--write", OPERATIONS_FILE], { stdio: "inherit" });
  console.log(`wrote ${path.relative(process.cwd(), OPERATIONS_FILE)}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
