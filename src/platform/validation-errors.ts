/**
 * Fastify's validators (http.ts `setValidatorCompiler`) and the one formatter of what the schemas
 * find (validation.ts): ajv's errors become the error envelope.
 * - a path parameter that is no id: 404, naming the resource its schema says (`resource`);
 * - a query string: 400 invalid_parameter_value naming the first parameter that cannot be used;
 * - a body whose wrapper is missing, null or empty: 400 missing_parameter; a wrapper that is no
 *   object: 400 invalid_parameter_value; unknown keys: 400 unpermitted_parameters naming each.
 *   Every other problem of a body is an attribute's: the first of each is handed to the service
 *   with the body (attributes.ts), and the attribute is left out, so that the service's one 422
 *   names it together with every rule the request breaks.
 *
 * Invariant: what a client is told about a value is decided in one place, `problemOf`, as a
 * problem of the catalogue (catalogue/keys.ts), which says it in the reader's language.
 */
import type { ErrorObject } from "ajv";
import { deferAttributeProblems, MAX_ARRAY_ITEMS } from "./attributes.js";
import type { AttributeProblem, Problem, Resource } from "./catalogue/keys.js";
import { isValidDate, OUTSIDE_SUPPORTED_DATES } from "./dates.js";
import { ApiError, invalidParameter, notFound } from "./errors.js";
import { parseDecimal } from "./money.js";
import { type PayloadDeclaration, type ProblemParams, schemaValidator, validatePayload } from "./validation.js";

/** A problem of a named attribute. */
type NamedProblem = Required<AttributeProblem>;

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
  resource?: Resource;
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

/** The problem of a value of the wrong JSON type. */
function typeProblem(schema: SchemaNode, data: unknown, place: Place): Problem {
  const expected = baseType(schema);
  if (place === "parameter") {
    if (expected === "integer") {
      // digits beyond the numbers ajv compares exactly (validation.ts leaves them as sent)
      return typeof data === "string" && /^\s*\d+\s*$/.test(data) ? rangeOf(schema) : { key: "wholeNumber" };
    }
    if (expected === "object") return { key: "searchFormat" };
    return { key: expected === "array" ? "listOfValues" : "singleValue" };
  }
  if (expected === "integer") {
    const numeric = typeof data === "number" || (typeof data === "string" && parseDecimal(data) !== null);
    return { key: numeric ? "wholeNumber" : "notANumber" };
  }
  if (expected === "boolean") return { key: "trueOrFalse" };
  if (expected === "string" && schema.format !== "decimal") return { key: "mustBeString" };
  if (expected === "object") return { key: "mustBeObject" };
  if (expected === "array") return { key: "mustBeArray" };
  return { key: "notANumber" };
}

function rangeOf(schema: SchemaNode): Problem {
  return { key: "between", minimum: schema.minimum ?? 0, maximum: schema.maximum ?? Number.MAX_SAFE_INTEGER };
}

/**
 * What a client is told for each thing a schema finds wrong with a value, keyed as the catalogue
 * says it (catalogue/en.ts, nl.ts): the one table from ajv's keywords to problems.
 */
function problemOf(error: ErrorObject, schema: SchemaNode, place: Place): Problem {
  const allowed = (schema.enum ?? []).filter((value) => value !== null).map(String);
  if (place === "parameter" && schema.enum !== undefined) return { key: "oneOf", values: allowed };
  switch (error.keyword) {
    case "readAs":
    case "maxMagnitude":
      return (error.params as ProblemParams).problem;
    case "type":
      return typeProblem(schema, error.data, place);
    case "enum":
      return { key: "oneOf", values: allowed };
    case "maxLength":
      return { key: place === "attribute" ? "tooLong" : "maxCharacters", most: schema.maxLength ?? 0 };
    case "maxItems":
      return { key: "maxElements", most: MAX_ARRAY_ITEMS };
    case "minimum":
    case "maximum":
      return rangeOf(schema);
    case "safeInteger":
      return { key: "wholeNumber" };
    case "required":
      return { key: "missingOrEmpty" };
    case "format":
      if (schema.format === "date-time") return { key: "notADateTime" };
      if (typeof error.data === "string" && isValidDate(error.data)) return OUTSIDE_SUPPORTED_DATES;
      return { key: place === "attribute" ? "notADate" : "dateFormat" };
    default:
      return place === "attribute" ? { key: "notANumber" } : { key: "singleValue" };
  }
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
function attributeProblems(errors: readonly ErrorObject[], depth = 1): NamedProblem[] {
  const problems = new Map<string, Problem>();
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
export function payloadProblems(payload: PayloadDeclaration, attributes: Record<string, unknown>): NamedProblem[] {
  const errors = validatePayload(payload, { [payload.wrapper]: attributes });
  // the wrapper's own problems (nothing given) are the caller's to judge
  return attributeProblems(errors.filter((error) => segmentsOf(error.instancePath).length > 1));
}

/** The 400 a body gets for its shape (wrapper, unknown keys); null when only attributes are invalid. */
function bodyRefusal(errors: readonly ErrorObject[]): ApiError | null {
  const first = errors[0];
  const rootSchema = (first?.parentSchema ?? {}) as SchemaNode;
  const wrapper = segmentsOf(first?.instancePath ?? "")[0] ?? rootSchema.required?.[0] ?? "";
  for (const error of errors) {
    const depth = segmentsOf(error.instancePath).length;
    const empty = error.keyword === "minProperties" || (error.keyword === "type" && error.data === null);
    if (depth === 0 || (depth === 1 && empty)) {
      const missing = { key: "parameter", name: wrapper, problem: { key: "missingOrEmpty" } } as const;
      return new ApiError("client.parameters.missing_parameter", missing);
    }
    if (depth === 1 && error.keyword === "type") {
      return invalidParameter(wrapper, { key: "mustBeObject" });
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
  return new ApiError("client.parameters.unpermitted_parameters", { key: "unpermitted", wrapper, keys: unknown });
}

function parameterRefusal(error: ErrorObject): ApiError {
  const subject = subjectOf(error);
  return invalidParameter(parameterName(subject), problemOf(error, subject.schema, "parameter"));
}

function pathRefusal(error: ErrorObject): ApiError {
  const { resource } = subjectOf(error).schema;
  // every id parameter names its resource (params.ts `idParams`); a schema that does not is unreadable
  return resource === undefined
    ? new ApiError("client.parameters.invalid_parameter_value", { key: "requestUnreadable" })
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
