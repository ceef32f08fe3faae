/**
 * The Rompslomp reference (Swagger 2.0, DESIGN.md section 1) as a test oracle. Loads the YAML once,
 * resolves `$ref`s, and checks an actual response against the documented one: the status is
 * documented; the root key is the documented one; every object (recursively, every list item)
 * has its required keys, no undocumented key, keys in the reference's order, and values of the
 * documented type and format (null only where `x-nullable`, enums, dates, date-times, decimal
 * strings); list responses carry numeric paging headers; JSON bodies are
 * `application/json; charset=utf-8`; a 422 is the `{error:{type,message}}` envelope with a
 * documented type. Every problem of a response is reported at once.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { parse } from "yaml";

export interface Schema {
  type?: string;
  format?: string;
  description?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  "x-nullable"?: boolean;
}

export interface ReferenceResponse {
  schema?: Schema;
  examples?: { "application/json"?: unknown };
}

export interface ReferenceOperation {
  /** upper-case HTTP method */
  method: string;
  /** the reference's path template, e.g. `/api/v1/companies/{company_id}/rides/{id}` */
  path: string;
  responses: Record<string, ReferenceResponse>;
  /** the `example` of the body parameter, when the reference gives one */
  requestExample: unknown;
  /** the operation's own `produces` (e.g. application/pdf for downloads); empty when it has none */
  produces: string[];
}

export interface ActualResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** the parsed JSON body; undefined for an empty body; the raw text when it is not JSON */
  body: unknown;
  raw: string;
}

const HTTP_METHODS = ["get", "put", "post", "patch", "delete", "head", "options"];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(?:[+-]\d{2}:\d{2}|Z)$/;
const DECIMAL = /^-?\d+\.\d+$/;
const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
const PAGING_HEADERS = ["x-page", "x-per-page", "x-total"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `<repo>/reference/…` when vendored, else the shared copy next to the repository. */
function referenceFile(): string {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const candidates = [
    process.env.KASBOEK_REFERENCE_SWAGGER,
    path.join(repo, "reference/rompslomp-swagger-v1.yaml"),
    path.join(repo, "../shared/reference/rompslomp-swagger-v1.yaml"),
  ].filter((candidate): candidate is string => typeof candidate === "string" && candidate !== "");
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined) throw new Error(`reference Swagger file not found; looked at ${candidates.join(", ")}`);
  return found;
}

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

function bodyExample(parameters: unknown): unknown {
  if (!Array.isArray(parameters)) return undefined;
  const body = parameters.find((parameter) => isRecord(parameter) && parameter.in === "body");
  return isRecord(body) && isRecord(body.schema) ? body.schema.example : undefined;
}

let operations: ReferenceOperation[] | undefined;

/** Every operation of the reference, in the file's order. */
export function referenceOperations(): ReferenceOperation[] {
  if (operations) return operations;
  const root: unknown = parse(readFileSync(referenceFile(), "utf8"));
  const resolved = resolveRefs(root, root);
  if (!isRecord(resolved) || !isRecord(resolved.paths)) throw new Error("the reference has no paths");
  const found: ReferenceOperation[] = [];
  for (const [pathTemplate, item] of Object.entries(resolved.paths)) {
    if (!isRecord(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method) || !isRecord(operation)) continue;
      found.push({
        method: method.toUpperCase(),
        path: pathTemplate,
        responses: (isRecord(operation.responses) ? operation.responses : {}) as Record<string, ReferenceResponse>,
        requestExample: bodyExample(operation.parameters),
        produces: Array.isArray(operation.produces) ? operation.produces.map(String) : [],
      });
    }
  }
  operations = found;
  return found;
}

export function referenceOperation(method: string, pathTemplate: string): ReferenceOperation {
  const operation = referenceOperations().find((o) => o.method === method.toUpperCase() && o.path === pathTemplate);
  if (!operation) throw new Error(`the reference has no operation ${method} ${pathTemplate}`);
  return operation;
}

/** The reference's recorded response body for a status. */
export function responseExample(method: string, pathTemplate: string, status: number): unknown {
  return referenceOperation(method, pathTemplate).responses[String(status)]?.examples?.["application/json"];
}

/** `{company_id}` → `:company_id`, the syntax of Fastify's router. */
export function toFastifyPath(pathTemplate: string): string {
  return pathTemplate.replace(/\{([^}]+)\}/g, ":$1");
}

/** A path with every parameter (`{x}`, `:x`, `:x|:y`) replaced by `{}`, to compare shapes. */
export function pathShape(pathOrTemplate: string): string {
  return pathOrTemplate.replace(/\{[^}]+\}/g, "{}").replace(/:[^/]+/g, "{}");
}

export function actualOf(response: LightMyRequestResponse): ActualResponse {
  let body: unknown;
  try {
    body = response.body === "" ? undefined : JSON.parse(response.body);
  } catch {
    body = response.body; // not JSON: kept as text, and the check reports it
  }
  return { status: response.statusCode, headers: response.headers, body, raw: response.body };
}

function isDecimalString(schema: Schema): boolean {
  return schema.type === "string" && (schema.description ?? "").includes("Arbitrary-precision");
}

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function checkObject(at: string, value: Record<string, unknown>, schema: Schema, problems: string[]): void {
  const properties = schema.properties ?? {};
  const documented = Object.keys(properties);
  const keys = Object.keys(value);
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(value, key)) problems.push(`${at}: required key "${key}" is missing`);
  }
  if (schema.properties === undefined) return;
  for (const key of keys) {
    if (!Object.hasOwn(properties, key)) problems.push(`${at}: key "${key}" is not in the reference`);
  }
  const actualOrder = keys.filter((key) => Object.hasOwn(properties, key));
  const expectedOrder = documented.filter((key) => Object.hasOwn(value, key));
  if (actualOrder.join() !== expectedOrder.join()) {
    problems.push(`${at}: key order [${actualOrder.join(", ")}], the reference has [${expectedOrder.join(", ")}]`);
  }
  for (const key of actualOrder) {
    const propertySchema = properties[key];
    if (propertySchema) checkValue(`${at}.${key}`, value[key], propertySchema, problems);
  }
}

function checkString(at: string, value: unknown, schema: Schema, problems: string[]): void {
  if (typeof value !== "string") {
    problems.push(
      `${at}: expected ${schema.type === "string" ? "a string" : `a ${schema.type} string`}, got ${shown(value)}`,
    );
  } else if (schema.type === "date" || schema.format === "date") {
    if (!DATE.test(value) || !isCalendarDate(value)) problems.push(`${at}: expected a YYYY-MM-DD date, got "${value}"`);
  } else if (schema.type === "datetime") {
    if (!DATE_TIME.test(value)) problems.push(`${at}: expected an ISO 8601 date-time with offset, got "${value}"`);
  } else if (isDecimalString(schema) && !DECIMAL.test(value)) {
    problems.push(`${at}: expected a decimal string like "0.21", got "${value}"`);
  }
}

/** Checks one value against its schema, recursing into objects and arrays. */
export function checkValue(at: string, value: unknown, schema: Schema, problems: string[]): void {
  if (value === null) {
    if (schema["x-nullable"] !== true) problems.push(`${at}: null, but the reference does not allow null`);
    return;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    problems.push(`${at}: ${shown(value)} is not one of the reference's values [${schema.enum.join(", ")}]`);
  }
  const type = schema.type ?? (schema.properties ? "object" : undefined);
  switch (type) {
    case "object":
      if (isRecord(value)) checkObject(at, value, schema, problems);
      else problems.push(`${at}: expected an object, got ${shown(value)}`);
      return;
    case "array":
      if (!Array.isArray(value)) problems.push(`${at}: expected an array, got ${shown(value)}`);
      else if (schema.items)
        for (const [i, item] of value.entries()) checkValue(`${at}[${i}]`, item, schema.items, problems);
      return;
    case "integer":
      if (!Number.isInteger(value)) problems.push(`${at}: expected an integer, got ${shown(value)}`);
      return;
    case "boolean":
      if (typeof value !== "boolean") problems.push(`${at}: expected a boolean, got ${shown(value)}`);
      return;
    case "string":
    case "date":
    case "datetime":
      checkString(at, value, schema, problems);
      return;
    case undefined:
      return; // the reference leaves the value open
    default:
      problems.push(`${at}: the checker does not know the reference type "${type}"`);
  }
}

function header(actual: ActualResponse, name: string): string | undefined {
  const value = actual.headers[name];
  return value === undefined ? undefined : String(value);
}

/** The 422 envelope: `{error:{type,message}}`; the type's membership is checked by its enum. */
function checkErrorEnvelope(body: unknown, schema: Schema, problems: string[]): void {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error)) return void problems.push(`body: expected {"error":{"type","message"}}, got ${shown(body)}`);
  if ((schema.properties?.error?.properties?.type?.enum ?? []).length === 0) {
    problems.push("the reference enumerates no error type for this status");
  }
  if (typeof error.type !== "string") problems.push(`body.error.type is ${shown(error.type)}`);
  if (typeof error.message !== "string" || error.message.trim() === "") problems.push("body.error.message is empty");
}

function isDownload(operation: ReferenceOperation, status: number): boolean {
  return status >= 200 && status < 300 && operation.produces.some((type) => !type.includes("json"));
}

/**
 * Some operations document their answer only by a recorded example (the attachment upload): the
 * example's keys, in order, then stand for the schema, every value nullable and of the example's
 * type.
 */
function schemaOfExample(example: unknown): Schema | undefined {
  if (example === undefined) return undefined;
  if (Array.isArray(example)) return { type: "array", items: schemaOfExample(example[0]) ?? {} };
  if (!isRecord(example)) {
    const type = typeof example === "number" ? "integer" : typeof example;
    return { type: type === "object" ? undefined : type, "x-nullable": true };
  }
  const properties = Object.fromEntries(
    Object.entries(example).map(([key, value]) => [key, schemaOfExample(value) ?? { "x-nullable": true }]),
  );
  return { type: "object", properties, required: Object.keys(example), "x-nullable": true };
}

/** Every way `actual` departs from what the reference documents for the operation. */
export function referenceProblems(method: string, pathTemplate: string, actual: ActualResponse): string[] {
  const operation = referenceOperation(method, pathTemplate);
  const documented = Object.keys(operation.responses);
  const response = operation.responses[String(actual.status)];
  if (!response) return [`status ${actual.status} is not documented (the reference lists ${documented.join(", ")})`];
  const problems: string[] = [];
  // a download (`produces` a file type): any bytes, but not a JSON answer in disguise
  if (isDownload(operation, actual.status)) {
    const contentType = header(actual, "content-type") ?? "";
    if (contentType.startsWith("application/json")) problems.push(`a download answered ${contentType}`);
    return problems;
  }
  const schema = response.schema ?? schemaOfExample(response.examples?.["application/json"]);
  if (schema === undefined) {
    if (actual.raw !== "") problems.push(`expected an empty body, got ${shown(actual.raw)}`);
    return problems;
  }
  if (schema.type === "binary") return problems;
  const contentType = header(actual, "content-type");
  if (contentType !== JSON_CONTENT_TYPE)
    problems.push(`content-type is "${contentType}", expected "${JSON_CONTENT_TYPE}"`);
  if (!isRecord(actual.body)) return [...problems, `expected a JSON object body, got ${shown(actual.raw)}`];
  const rootKeys = Object.keys(schema.properties ?? {});
  if (Object.keys(actual.body).join() !== rootKeys.join()) {
    problems.push(`root keys [${Object.keys(actual.body).join(", ")}], the reference has [${rootKeys.join(", ")}]`);
  }
  checkValue("body", actual.body, schema, problems);
  if (Object.values(schema.properties ?? {}).some((property) => property.type === "array")) {
    for (const name of PAGING_HEADERS) {
      const value = header(actual, name);
      if (value === undefined || !/^\d+$/.test(value)) problems.push(`list header ${name} is ${shown(value)}`);
    }
    const length = Object.values(actual.body).find((value) => Array.isArray(value))?.length ?? 0;
    if (length > Number(header(actual, "x-per-page")) || length > Number(header(actual, "x-total"))) {
      problems.push(`a list of ${length} items exceeds x-per-page or x-total`);
    }
  }
  if (actual.status === 422) checkErrorEnvelope(actual.body, schema, problems);
  return problems;
}

/** Asserts that the response conforms to the reference; answers its parsed body. */
export function expectConformance(method: string, pathTemplate: string, response: LightMyRequestResponse): unknown {
  const actual = actualOf(response);
  expect(referenceProblems(method, pathTemplate, actual), `${method} ${pathTemplate} → ${actual.status}`).toEqual([]);
  return actual.body;
}
