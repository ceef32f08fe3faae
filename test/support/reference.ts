/**
 * The Rompslomp reference as a test oracle, read from the project's own
 * fixture test/contract/operations.json (the reference's facts without its prose; derived by
 * test/contract/extract-operations.ts), so the check needs no copy of the reference. It checks
 * an actual response against the documented one: the status is documented; the root key is the
 * documented one; every object (recursively, every list item) has its required keys, no
 * undocumented key, keys in the reference's order, and values of the documented type and format
 * (null only where `x-nullable`, enums, dates, date-times, decimal strings); list responses carry
 * numeric paging headers; JSON bodies are `application/json; charset=utf-8`; a 422 is the
 * `{error:{type,message}}` envelope with a documented type. Every problem of a response is
 * reported at once.
 */
import { readFileSync } from "node:fs";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/** A response schema reduced to facts; `format` is `date` or `decimal` (a decimal string). */
export interface Schema {
  type?: string;
  format?: string;
  "x-nullable"?: boolean;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

export interface ReferenceOperation {
  /** upper-case HTTP method */
  method: string;
  /** the reference's path template, e.g. `/api/v1/companies/{company_id}/rides/{id}` */
  path: string;
  /** per documented status, the answer's schema; null when that status has no body */
  responses: Record<string, Schema | null>;
  /** the operation's own `produces` (e.g. application/pdf for downloads), when it has one */
  produces?: string[];
}

export interface ActualResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** the parsed JSON body; undefined for an empty body; the raw text when it is not JSON */
  body: unknown;
  raw: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(?:[+-]\d{2}:\d{2}|Z)$/;
const DECIMAL = /^-?\d+\.\d+$/;
const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
const PAGING_HEADERS = ["x-page", "x-per-page", "x-total"];
const FIXTURE = new URL("../contract/operations.json", import.meta.url);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isOperation(value: unknown): value is ReferenceOperation {
  return (
    isRecord(value) && typeof value.method === "string" && typeof value.path === "string" && isRecord(value.responses)
  );
}

let operations: ReferenceOperation[] | undefined;

/** Every operation of the reference, in the file's order, from the fixture. */
export function referenceOperations(): ReferenceOperation[] {
  if (operations) return operations;
  const parsed: unknown = JSON.parse(readFileSync(FIXTURE, "utf8"));
  // a hand-edited or truncated fixture should fail loudly here, not as odd conformance problems
  if (!Array.isArray(parsed) || !parsed.every(isOperation)) {
    throw new Error(`${FIXTURE.pathname} is malformed: regenerate it with test/contract/extract-operations.ts`);
  }
  operations = parsed;
  return parsed;
}

export function referenceOperation(method: string, pathTemplate: string): ReferenceOperation {
  const operation = referenceOperations().find((o) => o.method === method.toUpperCase() && o.path === pathTemplate);
  if (!operation) throw new Error(`the reference has no operation ${method} ${pathTemplate}`);
  return operation;
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
  return schema.type === "string" && schema.format === "decimal";
}

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Kasboek's extension fields (a company's bank account, an invoice's delivery date and the invoice
 * a credit invoice corrects): left out while unset, so a client of the reference sees them only
 * when it wrote them; when present they carry a value. Every other unknown key is a problem.
 */
const EXTENSION_FIELDS = new Set(["iban", "bic", "delivery_date", "credited_invoice_id"]);
/** Kasboek's own values of a reference enum: the scope of the books (issue 11), which the reference has not. */
const EXTENSION_VALUES = new Set<unknown>(["read:reports"]);

function checkObject(at: string, value: Record<string, unknown>, schema: Schema, problems: string[]): void {
  const properties = schema.properties ?? {};
  const documented = Object.keys(properties);
  const keys = Object.keys(value);
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(value, key)) problems.push(`${at}: required key "${key}" is missing`);
  }
  if (schema.properties === undefined) return;
  for (const key of keys) {
    if (Object.hasOwn(properties, key)) continue;
    if (EXTENSION_FIELDS.has(key) && value[key] !== null) continue;
    problems.push(`${at}: key "${key}" is not in the reference`);
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
  if (schema.enum && !schema.enum.includes(value) && !EXTENSION_VALUES.has(value)) {
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
  return status >= 200 && status < 300 && (operation.produces ?? []).some((type) => !type.includes("json"));
}

/** Every way `actual` departs from what the reference documents for the operation. */
export function referenceProblems(method: string, pathTemplate: string, actual: ActualResponse): string[] {
  const operation = referenceOperation(method, pathTemplate);
  const documented = Object.keys(operation.responses);
  const schema = operation.responses[String(actual.status)];
  if (schema === undefined)
    return [`status ${actual.status} is not documented (the reference lists ${documented.join(", ")})`];
  const problems: string[] = [];
  // a download (`produces` a file type): any bytes, but not a JSON answer in disguise
  if (isDownload(operation, actual.status)) {
    const contentType = header(actual, "content-type") ?? "";
    if (contentType.startsWith("application/json")) problems.push(`a download answered ${contentType}`);
    return problems;
  }
  if (schema === null) {
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
