/**
 * Turns a write payload (`{"ride": {...}}`) into typed attributes, in the order of DESIGN.md
 * section 5: missing wrapper → 400, unknown keys → 400 naming each, then every attribute that
 * cannot be coerced is recorded in `ValidationErrors` so the caller can add rule problems and
 * answer with one 422. Read-only keys sent back by clients are dropped silently (spec 1.9).
 */
import type { Static, TObject, TSchema } from "@sinclair/typebox";
import type { Problem } from "./catalogue/keys.js";
import { isSupportedDate, isSupportedInstant, isValidDate, OUTSIDE_SUPPORTED_DATES, parseDateTime } from "./dates.js";
import { ApiError, invalidParameter, type ValidationErrors } from "./errors.js";
import { canonicalDecimal, MAX_AMOUNT, parseDecimal, readDecimal } from "./money.js";
import { unstorableTextProblem } from "./text.js";

/**
 * The most elements any array of a request body may have (document lines, payments, journal
 * entry lines): enough for any real document, few enough that one request cannot occupy the
 * server, and every write stays within both databases' statement limits (see invoice-lines).
 */
export const MAX_ARRAY_ITEMS = 1000;

export interface CoercionContext {
  timeZone: string;
}

interface FieldSchema {
  type?: string | string[];
  format?: string;
  maxLength?: number;
  /** decimals: the largest magnitude allowed (fields.ts) */
  maxMagnitude?: string;
  enum?: unknown[];
  properties?: Record<string, TSchema>;
  items?: TSchema;
}

function baseType(schema: FieldSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== "null") : schema.type;
}

type Coerced = { ok: true; value: unknown } | { ok: false; problem: Problem };

const BLANKABLE_TYPES = new Set(["integer", "boolean"]);

function coerceValue(schema: FieldSchema, value: unknown, context: CoercionContext): Coerced {
  const type = baseType(schema);
  if (value === null) return { ok: true, value: null };
  // Text neither database would keep as sent is refused for every field, in one place.
  const unstorable = typeof value === "string" ? unstorableTextProblem(value) : null;
  if (unstorable !== null) return { ok: false, problem: unstorable };
  if (value === "" && (BLANKABLE_TYPES.has(type ?? "") || schema.format !== undefined || schema.enum)) {
    return { ok: true, value: null };
  }
  switch (type) {
    case "string":
      return coerceString(schema, value, context);
    case "integer": {
      if (typeof value === "number" && Number.isSafeInteger(value)) return { ok: true, value };
      // no leading "+", as for decimals (money.ts)
      if (typeof value === "string" && /^\s*-?\d+\s*$/.test(value)) {
        const parsed = Number(value);
        if (Number.isSafeInteger(parsed)) return { ok: true, value: parsed };
      }
      const numeric = typeof value === "number" || (typeof value === "string" && parseDecimal(value) !== null);
      return { ok: false, problem: { key: numeric ? "wholeNumber" : "notANumber" } };
    }
    case "boolean": {
      if (value === true || value === "true" || value === 1 || value === "1") return { ok: true, value: true };
      if (value === false || value === "false" || value === 0 || value === "0") return { ok: true, value: false };
      return { ok: false, problem: { key: "trueOrFalse" } };
    }
    default:
      return { ok: true, value };
  }
}

function coerceString(schema: FieldSchema, value: unknown, context: CoercionContext): Coerced {
  if (schema.format === "decimal") {
    const decimal = readDecimal(value, schema.maxMagnitude ?? MAX_AMOUNT);
    return decimal.ok ? { ok: true, value: canonicalDecimal(decimal.value) } : decimal;
  }
  // A number is taken as its text, as Rails does; a JSON number beyond a double (1e999) is
  // Infinity, which is no text anyone sent.
  const isText = typeof value === "string" || typeof value === "boolean" || Number.isFinite(value);
  if (!isText) return { ok: false, problem: { key: "mustBeString" } };
  const text = String(value);
  if (schema.format === "date") {
    const datePart = /^\d{4}-\d{2}-\d{2}/.exec(text.trim())?.[0];
    if (datePart === undefined || !isValidDate(datePart)) return { ok: false, problem: { key: "notADate" } };
    if (datePart !== text.trim() && parseDateTime(text, context.timeZone) === null) {
      return { ok: false, problem: { key: "notADate" } };
    }
    if (!isSupportedDate(datePart)) return { ok: false, problem: OUTSIDE_SUPPORTED_DATES };
    return { ok: true, value: datePart };
  }
  if (schema.format === "date-time") {
    const parsed = parseDateTime(text, context.timeZone);
    if (parsed === null) return { ok: false, problem: { key: "notADateTime" } };
    if (!isSupportedInstant(parsed, context.timeZone)) return { ok: false, problem: OUTSIDE_SUPPORTED_DATES };
    return { ok: true, value: parsed };
  }
  if (schema.enum && !schema.enum.includes(text)) {
    const allowed = schema.enum.filter((option) => option !== null).map(String);
    return { ok: false, problem: { key: "oneOf", values: allowed } };
  }
  if (schema.maxLength !== undefined && [...text].length > schema.maxLength) {
    return { ok: false, problem: { key: "tooLong", most: schema.maxLength } };
  }
  return { ok: true, value: text };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The schema of attribute `key`; only the schema's own properties count, so a key named like a
 * member of Object.prototype (`toString`, `constructor`) is unknown rather than found there.
 */
function fieldOf(schema: TObject, key: string): FieldSchema | undefined {
  return Object.hasOwn(schema.properties, key) ? (schema.properties[key] as FieldSchema) : undefined;
}

/**
 * Coerces the keys present in `input` against an object schema. Absent keys stay absent, so an
 * update changes only what was sent. Nested objects and arrays of objects are coerced with their
 * own schemas, their problems named by path (`invoice_lines[1].quantity`).
 */
export function coerceAttributes<Schema extends TObject>(
  schema: Schema,
  input: Record<string, unknown>,
  context: CoercionContext,
  errors: ValidationErrors,
  pathPrefix = "",
): Partial<Static<Schema>> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const fieldSchema = fieldOf(schema, key);
    if (fieldSchema === undefined) continue;
    const name = `${pathPrefix}${key}`;
    const type = baseType(fieldSchema);
    if (type === "object" && fieldSchema.properties) {
      if (value === null) result[key] = null;
      else if (isPlainObject(value)) {
        result[key] = coerceAttributes(fieldSchema as unknown as TObject, value, context, errors, `${name}.`);
      } else errors.add(name, { key: "mustBeObject" });
      continue;
    }
    if (type === "array" && fieldSchema.items) {
      if (!Array.isArray(value)) {
        errors.add(name, { key: "mustBeArray" });
        continue;
      }
      if (value.length > MAX_ARRAY_ITEMS) {
        errors.add(name, { key: "maxElements", most: MAX_ARRAY_ITEMS });
        continue;
      }
      result[key] = value.map((item, index) => {
        if (!isPlainObject(item)) {
          errors.add(`${name}[${index}]`, { key: "mustBeObject" });
          return {};
        }
        return coerceAttributes(fieldSchema.items as TObject, item, context, errors, `${name}[${index}].`);
      });
      continue;
    }
    const coerced = coerceValue(fieldSchema, value, context);
    if (coerced.ok) result[key] = coerced.value;
    else errors.add(name, coerced.problem);
  }
  return result as Partial<Static<Schema>>;
}

function unpermittedKeys(
  schema: TObject,
  input: Record<string, unknown>,
  readOnly: readonly string[],
  prefix = "",
): string[] {
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    const fieldSchema = fieldOf(schema, key);
    if (fieldSchema === undefined) {
      if (!readOnly.includes(key)) unknown.push(`${prefix}${key}`);
      continue;
    }
    const type = baseType(fieldSchema);
    if (type === "object" && fieldSchema.properties && isPlainObject(value)) {
      unknown.push(...unpermittedKeys(fieldSchema as unknown as TObject, value, readOnly, `${prefix}${key}.`));
    }
    if (type === "array" && fieldSchema.items && Array.isArray(value)) {
      for (const item of value) {
        if (isPlainObject(item)) {
          unknown.push(...unpermittedKeys(fieldSchema.items as TObject, item, readOnly, `${prefix}${key}[].`));
        }
      }
    }
  }
  return [...new Set(unknown)];
}

export interface WritePayloadSpec<Schema extends TObject> {
  /** the wrapper key, e.g. "ride" */
  wrapper: string;
  schema: Schema;
  /** keys that responses carry and clients may send back; ignored on input */
  readOnly: readonly string[];
}

/**
 * Checks the wrapper and unknown keys (400s) and coerces the attributes. Coercion problems are
 * left in `errors` for the caller to throw together with its rule problems.
 */
export function readWritePayload<Schema extends TObject>(
  spec: WritePayloadSpec<Schema>,
  body: unknown,
  context: CoercionContext,
  errors: ValidationErrors,
): Partial<Static<Schema>> {
  const wrapped = isPlainObject(body) ? body[spec.wrapper] : undefined;
  if (wrapped === undefined || wrapped === null || (isPlainObject(wrapped) && Object.keys(wrapped).length === 0)) {
    throw new ApiError("client.parameters.missing_parameter", {
      key: "parameter",
      name: spec.wrapper,
      problem: { key: "missingOrEmpty" },
    });
  }
  if (!isPlainObject(wrapped)) {
    throw invalidParameter(spec.wrapper, { key: "mustBeObject" });
  }
  const unknown = unpermittedKeys(spec.schema, wrapped, spec.readOnly);
  if (unknown.length > 0) {
    throw new ApiError("client.parameters.unpermitted_parameters", {
      key: "unpermitted",
      wrapper: spec.wrapper,
      keys: unknown,
    });
  }
  return coerceAttributes(spec.schema, wrapped, context, errors);
}
