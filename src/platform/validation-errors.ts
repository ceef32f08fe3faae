/**
 * Fastify's validators (http.ts `setValidatorCompiler`) and the one formatter of what the schemas
 * find (validation.ts): ajv's errors become the spec's envelope (DESIGN.md section 5).
 * - a path parameter that is no id: 404, naming the resource its schema says (`resource`);
 * - a query string: 400 invalid_parameter_value naming the first parameter that cannot be used;
 * - a body whose wrapper is missing, null or empty: 400 missing_parameter; a wrapper that is no
 *   object: 400 invalid_parameter_value; unknown keys: 400 unpermitted_parameters naming each.
 *   Every other problem of a body is an attribute's: the first of each is handed to the service
 *   with the body (attributes.ts), and the attribute is left out, so that the service's one 422
 *   names it together with every rule the request breaks.
 *
 * Invariant: every text a client reads about a value is in PROBLEMS, keyed by what was found.
 */
import type { ErrorObject } from "ajv";
import { deferAttributeProblems, MAX_ARRAY_ITEMS } from "./attributes.js";
import { isValidDate, OUTSIDE_SUPPORTED_DATES } from "./dates.js";
import { ApiError, type AttributeProblem, invalidParameter, notFound } from "./errors.js";
import { MAX_DECIMAL_PLACES, parseDecimal } from "./money.js";
import { MAX_QUERY_TEXT_LENGTH } from "./params.js";
import {
  type DecimalParams,
  type PayloadDeclaration,
  schemaValidator,
  type UnstorableTextParams,
  validatePayload,
} from "./validation.js";

interface Facts {
  allowed: readonly unknown[];
  minimum: unknown;
  maximum: unknown;
  schema: { maxLength?: number };
}

/** What a client is told for each thing a schema can find wrong with a value. */
const PROBLEMS = {
  nul: { problem: () => "must not contain a NUL character" },
  lone_surrogate: { problem: () => "is not valid text" },
  not_a_number: { problem: () => "is not a number" },
  not_whole: { problem: () => "must be a whole number" },
  not_boolean: { problem: () => "must be true or false" },
  not_text: { problem: () => "must be a string" },
  not_single: { problem: () => "must be a single value" },
  not_object: { problem: () => "must be an object" },
  not_search: { problem: () => "must be given as search[name]=value" },
  not_array: { problem: () => "must be an array" },
  not_list: { problem: () => "must be a list of values" },
  missing: { problem: () => "is missing or empty" },
  not_allowed: { problem: ({ allowed }: Facts) => `must be one of: ${allowed.join(", ")}` },
  too_long: { problem: ({ schema }: Facts) => `is too long (at most ${schema.maxLength} characters)` },
  // every text a query takes has this limit (list-query.ts)
  too_long_parameter: { problem: () => `must be at most ${MAX_QUERY_TEXT_LENGTH} characters` },
  out_of_range: { problem: ({ minimum, maximum }: Facts) => `must be between ${minimum} and ${maximum}` },
  too_many_decimals: { problem: () => `must have at most ${MAX_DECIMAL_PLACES} decimals` },
  too_many_float_digits: { problem: () => "has too many digits for a JSON number; send it as a string" },
  too_many_elements: { problem: () => `must have at most ${MAX_ARRAY_ITEMS} elements` },
  not_date: { problem: () => "is not a valid date" },
  not_date_parameter: { problem: () => "must be a date (YYYY-MM-DD)" },
  not_date_time: { problem: () => "is not a valid date-time" },
  outside_dates: { problem: () => OUTSIDE_SUPPORTED_DATES },
} satisfies Record<string, { problem: (facts: Facts) => string }>;

type Finding = keyof typeof PROBLEMS;
/** Where a value was sent: a body's attribute or a URL's parameter, told apart where they differ. */
type Place = "attribute" | "parameter";

interface SchemaNode {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  resource?: string;
}

/** The JSON pointer's segments, unescaped. */
function segmentsOf(instancePath: string): string[] {
  if (instancePath === "") return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function baseType(schema: SchemaNode): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== "null") : schema.type;
}

/** The value an error is about: its path, and the schema it was checked against. */
interface Subject {
  segments: string[];
  schema: SchemaNode;
}

function subjectOf(error: ErrorObject): Subject {
  const parent = (error.parentSchema ?? {}) as SchemaNode;
  const segments = segmentsOf(error.instancePath);
  // `required` and `readAs` are the object's keywords; the value they name is a property of it
  const property =
    error.keyword === "required"
      ? String((error.params as { missingProperty?: unknown }).missingProperty)
      : error.keyword === "readAs"
        ? segments.pop()
        : undefined;
  if (property === undefined) return { segments, schema: parent };
  return { segments: [...segments, property], schema: parent.properties?.[property] ?? {} };
}

function typeFinding(schema: SchemaNode, data: unknown, place: Place): Finding {
  const expected = baseType(schema);
  if (place === "parameter") {
    if (expected === "integer") {
      // digits beyond the numbers ajv compares exactly (validation.ts leaves them as sent)
      return typeof data === "string" && /^\s*\d+\s*$/.test(data) ? "out_of_range" : "not_whole";
    }
    return expected === "object" ? "not_search" : expected === "array" ? "not_list" : "not_single";
  }
  if (expected === "integer") {
    const numeric = typeof data === "number" || (typeof data === "string" && parseDecimal(data) !== null);
    return numeric ? "not_whole" : "not_a_number";
  }
  if (schema.format === "decimal") return "not_a_number";
  const byType: Record<string, Finding> = {
    boolean: "not_boolean",
    string: "not_text",
    object: "not_object",
    array: "not_array",
  };
  return byType[expected ?? ""] ?? "not_a_number";
}

function findingOf(error: ErrorObject, schema: SchemaNode, place: Place): Finding {
  if (place === "parameter" && schema.enum !== undefined) return "not_allowed";
  switch (error.keyword) {
    case "readAs":
      return (error.params as UnstorableTextParams).unstorable;
    case "maxMagnitude":
      return (error.params as DecimalParams).reason;
    case "type":
      return typeFinding(schema, error.data, place);
    case "enum":
      return "not_allowed";
    case "maxLength":
      return place === "attribute" ? "too_long" : "too_long_parameter";
    case "maxItems":
      return "too_many_elements";
    case "minimum":
    case "maximum":
      return "out_of_range";
    case "safeInteger":
      return "not_whole";
    case "required":
      return "missing";
    case "format":
      if (schema.format === "date-time") return "not_date_time";
      if (typeof error.data === "string" && isValidDate(error.data)) return "outside_dates";
      return place === "attribute" ? "not_date" : "not_date_parameter";
    default:
      return place === "attribute" ? "not_a_number" : "not_single";
  }
}

/** The problem text of `error`, about a value whose schema is `schema`. */
function problemOf(error: ErrorObject, schema: SchemaNode, place: Place): string {
  const finding = findingOf(error, schema, place);
  const decimalMaximum = error.keyword === "maxMagnitude" ? (error.params as DecimalParams).maximum : undefined;
  return PROBLEMS[finding].problem({
    allowed: (schema.enum ?? []).filter((value) => value !== null),
    minimum: decimalMaximum === undefined ? schema.minimum : `-${decimalMaximum}`,
    maximum: decimalMaximum ?? schema.maximum ?? Number.MAX_SAFE_INTEGER,
    schema,
  });
}

/** `invoice_lines/0/price_per_unit` → `invoice_lines[0].price_per_unit` (`[]` for any element). */
function attributeName(segments: readonly string[], anyElement = false): string {
  return segments.reduce((name, segment) => {
    if (/^\d+$/.test(segment)) return `${name}[${anyElement ? "" : segment}]`;
    return name === "" ? segment : `${name}.${segment}`;
  }, "");
}

/** `search/paths/0` → `search[paths][]`; a list parameter is named with its `[]`. */
function parameterName(subject: Subject): string {
  const [first = "", ...rest] = subject.segments;
  const name = rest.reduce((named, segment) => `${named}[${/^\d+$/.test(segment) ? "" : segment}]`, first);
  return baseType(subject.schema) === "array" && !name.endsWith("[]") ? `${name}[]` : name;
}

/** The errors about attributes, but for the elements of an array with too many (no one reads them). */
function attributeErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const overfull = errors.filter((error) => error.keyword === "maxItems").map((error) => `${error.instancePath}/`);
  return errors.filter((error) => !overfull.some((array) => error.instancePath.startsWith(array)));
}

/**
 * Every invalid attribute of a payload with its first problem, in the order the schema lists
 * them; `depth` leading segments (the wrapper) are not part of the names.
 */
function attributeProblems(errors: readonly ErrorObject[], depth = 1): AttributeProblem[] {
  const problems = new Map<string, string>();
  for (const error of attributeErrors(errors)) {
    const subject = subjectOf(error);
    const attribute = attributeName(subject.segments.slice(depth));
    if (!problems.has(attribute)) problems.set(attribute, problemOf(error, subject.schema, "attribute"));
  }
  return [...problems].map(([attribute, problem]) => ({ attribute, problem }));
}

/**
 * Leaves out of `body` each value an error is about, as if it had not been sent: an attribute is
 * removed, an element of an array that is no object becomes an empty one.
 */
function removeInvalidValues(body: unknown, errors: readonly ErrorObject[]): void {
  for (const error of attributeErrors(errors)) {
    const segments = subjectOf(error).segments;
    const key = segments.pop();
    let parent: unknown = body;
    for (const segment of segments) parent = (parent as Record<string, unknown> | undefined)?.[segment];
    if (key === undefined || typeof parent !== "object" || parent === null) continue;
    if (Array.isArray(parent)) parent[Number(key)] = {};
    else delete (parent as Record<string, unknown>)[key];
  }
}

/**
 * The problems of `attributes` read as a request's payload would be (the CLI's input for a
 * company): they are read in place, and each invalid one is named with its first problem.
 */
export function payloadProblems(payload: PayloadDeclaration, attributes: Record<string, unknown>): AttributeProblem[] {
  const errors = validatePayload(payload, { [payload.wrapper]: attributes });
  // the wrapper's own problems (nothing given) are the caller's to judge
  return attributeProblems(errors.filter((error) => segmentsOf(error.instancePath).length > 1));
}

/** The 400 a body gets for its shape (wrapper, unknown keys); null when only attributes are invalid. */
function bodyRefusal(errors: readonly ErrorObject[]): ApiError | null {
  const first = errors[0];
  const rootSchema = (first?.parentSchema ?? {}) as SchemaNode;
  const wrapper = segmentsOf(first?.instancePath ?? "")[0] ?? rootSchema.required?.[0] ?? "";
  const spec = { wrapper };
  for (const error of errors) {
    const depth = segmentsOf(error.instancePath).length;
    const empty = error.keyword === "minProperties" || (error.keyword === "type" && error.data === null);
    if (depth === 0 || (depth === 1 && empty)) {
      return new ApiError("client.parameters.missing_parameter", `Parameter ${spec.wrapper} is missing or empty`);
    }
    if (depth === 1 && error.keyword === "type") {
      return new ApiError("client.parameters.invalid_parameter_value", `Parameter ${spec.wrapper} must be an object`);
    }
  }
  const unknown = [
    ...new Set(
      errors
        .filter((error) => error.keyword === "additionalProperties")
        .map((error) => {
          const key = String((error.params as { additionalProperty?: unknown }).additionalProperty);
          return attributeName([...segmentsOf(error.instancePath).slice(1), key], true);
        }),
    ),
  ];
  if (unknown.length === 0) return null;
  return new ApiError(
    "client.parameters.unpermitted_parameters",
    `Unpermitted parameter${unknown.length > 1 ? "s" : ""} in ${spec.wrapper}: ${unknown.join(", ")}`,
  );
}

function parameterRefusal(error: ErrorObject): ApiError {
  const subject = subjectOf(error);
  return invalidParameter(parameterName(subject), problemOf(error, subject.schema, "parameter"));
}

function pathRefusal(error: ErrorObject): ApiError {
  const { resource } = subjectOf(error).schema;
  // every id parameter names its resource (params.ts `idParams`); a schema that does not is unreadable
  return resource === undefined
    ? new ApiError("client.parameters.invalid_parameter_value", "The request could not be read")
    : notFound(resource);
}

type Validator = (data: unknown) => true | { error: ApiError };

/** Fastify's validator compiler: a body, a path or a query string checked with its schema. */
export function compileValidator({ schema, httpPart }: { schema: object; httpPart?: string }): Validator {
  if (httpPart === "body") {
    const validate = schemaValidator(schema, "body");
    return (body) => {
      const errors = validate(body);
      if (errors === null) return true;
      const refusal = bodyRefusal(errors);
      if (refusal !== null) return { error: refusal };
      deferAttributeProblems(body as object, attributeProblems(errors));
      removeInvalidValues(body, errors);
      return true;
    };
  }
  const validate = schemaValidator(schema, "parameters");
  const refuse = httpPart === "params" ? pathRefusal : parameterRefusal;
  return (data) => {
    const [first] = validate(data) ?? [];
    return first === undefined ? true : { error: refuse(first) };
  };
}
