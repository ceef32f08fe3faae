/**
 * The Rompslomp reference Swagger file itself, which is not ours and is never committed: found at
 * `$KASBOEK_REFERENCE_SWAGGER`, `<repo>/reference/…` or `../shared/reference/…`, in that order, and
 * only read when one of them exists. Setting `KASBOEK_REFERENCE_SWAGGER=none` turns the lookup off,
 * to run the suite as on a bare clone.
 *
 * Everything here is optional to the suite, which passes on a bare clone: the checker works on
 * the project's own fixture (operations.json); this module only serves the reference's recorded
 * examples, for the tests that compare against them and say so when they are skipped, and the
 * resolved document, for extract-operations.ts. It imports no vitest, so that script runs alone.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FILE_NAME = "reference/rompslomp-swagger-v1.yaml";
const SWITCH = "KASBOEK_REFERENCE_SWAGGER";
const HTTP_METHODS = ["get", "put", "post", "patch", "delete", "head", "options"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The places looked at, in order; none when the switch says `none`. */
function candidates(): string[] {
  const fromEnv = process.env[SWITCH];
  if (fromEnv === "none") return [];
  return [fromEnv, path.join(REPO, FILE_NAME), path.join(REPO, "../shared", FILE_NAME)].filter(
    (candidate): candidate is string => typeof candidate === "string" && candidate !== "",
  );
}

/** The reference file, or undefined when it is not on this machine (or turned off). */
export const referenceFile: string | undefined = candidates().find((candidate) => existsSync(candidate));
export const referenceAvailable = referenceFile !== undefined;

/** Why the reference is not there, for the names of the tests it skips and the suite's log. */
export const referenceAbsence =
  process.env[SWITCH] === "none"
    ? `${SWITCH}=none turns the reference off`
    : `${candidates()
        .map((candidate) => path.relative(REPO, candidate))
        .join(", ")} not found`;

function followPointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported, got ${ref}`);
  let node = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (!isRecord(node) || !Object.hasOwn(node, key)) throw new Error(`unresolvable $ref ${ref}`);
    node = node[key];
  }
  return node;
}

/** A copy of `node` with every `$ref` replaced by its target (key order preserved). */
function resolveRefs(node: unknown, root: unknown, trail: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, root, trail));
  if (!isRecord(node)) return node;
  const ref = node.$ref;
  if (typeof ref === "string") {
    if (trail.includes(ref)) throw new Error(`cyclic $ref ${[...trail, ref].join(" → ")}`);
    return resolveRefs(followPointer(root, ref), root, [...trail, ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolveRefs(value, root, trail)]));
}

let resolved: unknown;

/** The whole reference with its `$ref`s resolved; throws when it is not available. */
export function resolvedReference(): unknown {
  if (resolved !== undefined) return resolved;
  if (referenceFile === undefined) throw new Error(`the reference is not available: ${referenceAbsence}`);
  const root: unknown = parse(readFileSync(referenceFile, "utf8"));
  resolved = resolveRefs(root, root);
  return resolved;
}

/** An operation of the reference, with its `$ref`s resolved, as the Swagger file writes it. */
export interface RawOperation {
  method: string;
  path: string;
  operation: Record<string, unknown>;
}

/** Every operation of the reference, in the file's order, method upper-case. */
export function rawOperations(): RawOperation[] {
  const root = resolvedReference();
  if (!isRecord(root) || !isRecord(root.paths)) throw new Error("the reference has no paths");
  const found: RawOperation[] = [];
  for (const [pathTemplate, item] of Object.entries(root.paths)) {
    if (!isRecord(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (HTTP_METHODS.includes(method) && isRecord(operation)) {
        found.push({ method: method.toUpperCase(), path: pathTemplate, operation });
      }
    }
  }
  return found;
}

function rawOperation(method: string, pathTemplate: string): Record<string, unknown> {
  const found = rawOperations().find((o) => o.method === method.toUpperCase() && o.path === pathTemplate);
  if (!found) throw new Error(`the reference has no operation ${method} ${pathTemplate}`);
  return found.operation;
}

/** The `example` of the operation's body parameter, when the reference gives one. */
export function requestExample(method: string, pathTemplate: string): unknown {
  const parameters = rawOperation(method, pathTemplate).parameters;
  if (!Array.isArray(parameters)) return undefined;
  const body = parameters.find((parameter) => isRecord(parameter) && parameter.in === "body");
  return isRecord(body) && isRecord(body.schema) ? body.schema.example : undefined;
}

/** The reference's recorded response body for a status. */
export function responseExample(method: string, pathTemplate: string, status: number): unknown {
  const responses = rawOperation(method, pathTemplate).responses;
  const response = isRecord(responses) ? responses[String(status)] : undefined;
  const examples = isRecord(response) ? response.examples : undefined;
  return isRecord(examples) ? examples["application/json"] : undefined;
}
