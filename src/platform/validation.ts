/**
 * The request vocabulary, in one place: the ajv instances Fastify validates every body, path
 * parameter and query string with, and the keywords and formats the contract needs beyond JSON
 * Schema. A schema says what is valid; validation-errors.ts gives Fastify its validators and
 * says what a client is told when something is not.
 *
 * Values are read the way the reference (a Rails application) reads them before JSON Schema's own
 * keywords look at them; the object keyword `readAs` does it for the object's declared properties:
 * - a number is taken as its text in a text field; digits are taken as an integer ("7", and "-7"
 *   in a body); true/false/"true"/"false"/1/0/"1"/"0" as a boolean;
 * - an attribute sent as "" is null where no text can be meant (an integer, a boolean, an
 *   enumeration, anything with a format); a query parameter sent as "" is absent, so its default
 *   applies;
 * - a date attribute takes the date of a date-time; a date parameter may be padded with spaces;
 * - a single query value for a list parameter is a list of one;
 * - text neither database keeps as sent (text.ts `unstorableTextProblem`) is refused wherever it is.
 * `readOnlyKeys` drops the keys responses carry and clients send back before
 * `additionalProperties` refuses every other unknown key; `maxMagnitude` reads an exact decimal
 * (money.ts) no larger than its stated maximum and leaves it in canonical form; `safeInteger`
 * keeps an integer attribute to the integers a JavaScript number holds exactly.
 *
 * Invariant: no keyword throws; a value `readAs` cannot read stays as sent, for the `type`,
 * `format` or `enum` keyword to refuse. Validating may change the data (coerced values, dropped
 * keys, defaults): a handler sees what the schema promises.
 *
 * Invariant: a date-time stays the text that was sent; it is read in the company's time zone by
 * attributes.ts, since no schema knows whose request it validates.
 */
import { Ajv, type ErrorObject, type KeywordDefinition, type SchemaValidateFunction, type ValidateFunction } from "ajv";
import { MAX_ARRAY_ITEMS } from "./attributes.js";
import type { Problem } from "./catalogue/keys.js";
import { isSupportedDate, isValidDate, parseDateTime } from "./dates.js";
import { canonicalDecimal, readDecimal } from "./money.js";
import { unstorableTextProblem } from "./text.js";

/** How `readAs` reads the values of an object: a body's attributes or a URL's parameters. */
export type ReadAs = "attributes" | "parameters";

interface PropertySchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, PropertySchema>;
  items?: PropertySchema;
}

function baseType(schema: PropertySchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== "null") : schema.type;
}

/** Types of which "" cannot be a value: an attribute sent so is left blank (null). */
const BLANKABLE_TYPES = new Set(["integer", "boolean"]);
const BODY_INTEGER = /^\s*-?\d+\s*$/;
const PARAMETER_INTEGER = /^\s*\d+\s*$/;
const TRUE_VALUES: readonly unknown[] = [true, "true", 1, "1"];
const FALSE_VALUES: readonly unknown[] = [false, "false", 0, "0"];
const DATE_START = /^\d{4}-\d{2}-\d{2}/;

/** `value` read as the reference reads a value of `schema`; the value itself when it cannot be. */
function readValue(schema: PropertySchema, value: unknown, mode: ReadAs): unknown {
  const type = baseType(schema);
  switch (type) {
    case "integer": {
      const pattern = mode === "attributes" ? BODY_INTEGER : PARAMETER_INTEGER;
      if (typeof value !== "string" || !pattern.test(value)) return value;
      const number = Number(value);
      return Number.isSafeInteger(number) ? number : value;
    }
    case "boolean":
      if (TRUE_VALUES.includes(value)) return true;
      return FALSE_VALUES.includes(value) ? false : value;
    case "array":
      return mode === "parameters" && typeof value === "string" ? [value] : value;
    case "string": {
      if (schema.format === "decimal") return value;
      // a number beyond a double (1e999) is Infinity, which is no text anyone sent
      const text = typeof value === "boolean" || Number.isFinite(value) ? String(value) : value;
      if (typeof text !== "string") return text;
      if (schema.format === "date") return mode === "attributes" ? dateOfAttribute(text) : text.trim();
      return text;
    }
    default:
      return value;
  }
}

/** A date attribute's date: the date itself, or the date of a date-time; the text when neither. */
function dateOfAttribute(text: string): string {
  const trimmed = text.trim();
  const date = DATE_START.exec(trimmed)?.[0];
  if (date === undefined || !isValidDate(date)) return text;
  return date === trimmed || parseDateTime(trimmed, "UTC") !== null ? date : text;
}

function isBlankable(schema: PropertySchema): boolean {
  return BLANKABLE_TYPES.has(baseType(schema) ?? "") || schema.format !== undefined || schema.enum !== undefined;
}

/** The params of an error `readAs` or `maxMagnitude` reports: the problem, as the catalogue keys it. */
export interface ProblemParams {
  problem: Problem;
}

/** The error of a text no database keeps, about the property at `instancePath` of an object of `parentSchema`. */
function unstorableError(
  value: unknown,
  instancePath: string,
  parentSchema: PropertySchema,
): Partial<ErrorObject> | null {
  const texts = Array.isArray(value) ? value : [value];
  for (const text of texts) {
    const problem = typeof text === "string" ? unstorableTextProblem(text) : null;
    if (problem !== null) {
      const params: ProblemParams = { problem };
      return { keyword: "readAs", instancePath, params, parentSchema };
    }
  }
  return null;
}

type DataContext = NonNullable<Parameters<SchemaValidateFunction>[3]>;

function pointer(key: string): string {
  return `/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

function readObject(mode: ReadAs, data: Record<string, unknown>, parentSchema: PropertySchema, instancePath: string) {
  const properties = parentSchema.properties ?? {};
  const errors: Array<Partial<ErrorObject>> = [];
  for (const key of Object.keys(data)) {
    const schema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    const value = data[key];
    if (schema === undefined || value === null || value === undefined) continue;
    const unstorable = unstorableError(value, `${instancePath}${pointer(key)}`, parentSchema);
    if (unstorable !== null) {
      errors.push(unstorable);
      continue;
    }
    const blank = value === "" && baseType(schema) !== "array";
    if (blank && mode === "parameters") delete data[key];
    else if (blank && isBlankable(schema)) data[key] = null;
    else data[key] = readValue(schema, value, mode);
  }
  return errors;
}

function validateReadAs(mode: ReadAs, data: Record<string, unknown>, parentSchema?: object, context?: DataContext) {
  const errors = readObject(mode, data, parentSchema ?? {}, context?.instancePath ?? "");
  validateReadAs.errors = errors;
  return errors.length === 0;
}
validateReadAs.errors = [] as Array<Partial<ErrorObject>>;

const readAs: KeywordDefinition = {
  keyword: "readAs",
  type: "object",
  schemaType: "string",
  modifying: true,
  // before `required`: a parameter sent blank is absent
  before: "maxProperties",
  validate: validateReadAs,
};

const readOnlyKeys: KeywordDefinition = {
  keyword: "readOnlyKeys",
  type: "object",
  schemaType: "array",
  modifying: true,
  // after `minProperties`: `{"ride": {"id": 1}}` is a ride with nothing to change, not a missing one
  before: "additionalProperties",
  validate: (keys: readonly string[], data: Record<string, unknown>, parentSchema?: object) => {
    const properties = (parentSchema as PropertySchema | undefined)?.properties ?? {};
    for (const key of keys) if (!Object.hasOwn(properties, key)) delete data[key];
    return true;
  },
};

function validateDecimal(maximum: string, data: unknown, _schema?: object, context?: DataContext) {
  const decimal = readDecimal(data, maximum);
  if (!decimal.ok) {
    const params: ProblemParams = { problem: decimal.problem };
    validateDecimal.errors = [{ keyword: "maxMagnitude", params }];
    return false;
  }
  const parent = context?.parentData as Record<string | number, unknown> | undefined;
  if (parent !== undefined && context !== undefined)
    parent[context.parentDataProperty] = canonicalDecimal(decimal.value);
  return true;
}
validateDecimal.errors = [] as Array<Partial<ErrorObject>>;

const maxMagnitude: KeywordDefinition = {
  keyword: "maxMagnitude",
  type: ["string", "number"],
  schemaType: "string",
  modifying: true,
  validate: validateDecimal,
};

/**
 * A JSON number is an integer to ajv even beyond the integers a double holds exactly (1e308):
 * an integer attribute must be one of those, as no id or count is larger and a database would
 * refuse the rest.
 */
const safeInteger: KeywordDefinition = {
  keyword: "safeInteger",
  type: "number",
  schemaType: "boolean",
  validate: (required: boolean, data: number) => !required || Number.isSafeInteger(data),
};

/** Names the resource a path parameter is the id of, for the 404 when it is no id (params.ts). */
const resource: KeywordDefinition = { keyword: "resource", schemaType: "string" };

const FORMATS = {
  date: isSupportedDate,
  // whether the instant is a supported one depends on the company's time zone (attributes.ts)
  "date-time": (text: string) => parseDateTime(text, "UTC") !== null,
  // read by `maxMagnitude`, which every decimal carries
  decimal: true,
} as const;

function newAjv(part: "body" | "parameters"): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    // errors carry the value and its schema: the message depends on both (validation-errors.ts)
    verbose: true,
    allowUnionTypes: true,
    // `readAs` reads values; ajv's own coercion would take "0x10" for 16
    coerceTypes: false,
    // a query's unknown keys are ignored; a body's are refused
    removeAdditional: part === "parameters",
    // a parameter sent as "" takes its default too
    useDefaults: part === "parameters" ? "empty" : false,
    formats: FORMATS,
    keywords: [readAs, readOnlyKeys, maxMagnitude, safeInteger, resource],
  });
  return ajv;
}

const bodies = newAjv("body");
const parameters = newAjv("parameters");

/**
 * ajv's verdict on a value of `schema`: its errors, or null when it is valid (and read, validation
 * may change it). Compiled when first asked, not when the server starts: most routes of a process
 * are never asked (the serializers are lazy for the same reason, serializers.ts).
 */
export function schemaValidator(schema: object, part: "body" | "parameters"): (data: unknown) => ErrorObject[] | null {
  let compiled: ValidateFunction | undefined;
  return (data) => {
    compiled ??= (part === "body" ? bodies : parameters).compile(schema);
    return compiled(data) ? null : (compiled.errors ?? []);
  };
}

/** Validates a payload outside a request (the CLI's input for a company), as a request's body. */
export function validatePayload(payload: PayloadDeclaration, body: unknown): ErrorObject[] {
  // ajv keeps what it compiled by schema object, and there is one schema per payload
  return schemaValidator(payloadSchema(payload), "body")(body) ?? [];
}

/** A write payload: `{"<wrapper>": {...attributes}}` (each module's `…Payload` in its schemas.ts). */
export interface PayloadDeclaration {
  wrapper: string;
  schema: object;
  /** keys that responses carry and clients may send back; dropped on input at every level */
  readOnly?: readonly string[];
}

/**
 * The body schema Fastify validates a payload with. Every attribute may be left out (a create
 * takes defaults, an update keeps what is stored); a missing or empty wrapper is refused, and so
 * is an unknown key at any level; keys beside the wrapper are ignored, as the reference does.
 */
export function payloadSchema(payload: PayloadDeclaration): object {
  let schema = payloadSchemas.get(payload);
  if (schema === undefined) {
    const attributes = { ...attributesSchema(payload.schema, payload.readOnly ?? []), minProperties: 1 };
    schema = { type: "object", required: [payload.wrapper], properties: { [payload.wrapper]: attributes } };
    payloadSchemas.set(payload, schema);
  }
  return schema;
}

/** One schema per payload (each route validates with its own copy: route-docs.ts `payloadBody`). */
const payloadSchemas = new WeakMap<PayloadDeclaration, object>();

function attributesSchema(schema: PropertySchema, readOnly: readonly string[]): object {
  const { required: _required, properties = {}, ...rest } = schema as PropertySchema & { required?: unknown };
  const attributes: Record<string, object> = {};
  for (const [name, property] of Object.entries(properties)) attributes[name] = attributeSchema(property, readOnly);
  return { ...rest, properties: attributes, additionalProperties: false, readAs: "attributes", readOnlyKeys: readOnly };
}

function attributeSchema(schema: PropertySchema, readOnly: readonly string[]): object {
  // an embedded object may be sent as null; an array's elements must be objects
  if (schema.properties !== undefined) return { ...attributesSchema(schema, readOnly), type: ["object", "null"] };
  if (baseType(schema) === "integer") return { ...schema, safeInteger: true };
  if (baseType(schema) !== "array") return schema;
  const items = schema.items?.properties === undefined ? schema.items : attributesSchema(schema.items, readOnly);
  return { ...schema, maxItems: MAX_ARRAY_ITEMS, ...(items === undefined ? {} : { items }) };
}
